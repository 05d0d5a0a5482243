import { route } from "@/lib/http/route";
import { deleteResumableUpload, headResumableUpload, patchResumableUpload } from "@/lib/uploads/resumable/operations";

export const dynamic = "force-dynamic";
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = route(headResumableUpload, patchResumableUpload, deleteResumableUpload);
