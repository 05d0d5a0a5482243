import { route } from "@/lib/http/route";
import { deleteContentPackage, getContentPackage, patchContentPackage, replaceContentPackage } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getContentPackage, replaceContentPackage, patchContentPackage, deleteContentPackage);
