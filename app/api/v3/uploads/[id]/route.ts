import { route } from "@/lib/http/route";
import { deleteUploadById, getUpload, patchUpload } from "@/lib/uploads/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUpload, patchUpload, deleteUploadById);
