import { route } from "@/lib/http/route";
import { deleteUploadCaptions, putUploadCaptions } from "@/lib/uploads/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(putUploadCaptions, deleteUploadCaptions);
