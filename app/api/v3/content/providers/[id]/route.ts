import { route } from "@/lib/http/route";
import { deleteContentProvider, getContentProvider, patchContentProvider, replaceContentProvider } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getContentProvider, replaceContentProvider, patchContentProvider, deleteContentProvider);
