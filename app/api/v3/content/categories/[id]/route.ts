import { route } from "@/lib/http/route";
import { deleteContentCategory, getContentCategory, patchContentCategory, replaceContentCategory } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getContentCategory, replaceContentCategory, patchContentCategory, deleteContentCategory);
