import { route } from "@/lib/http/route";
import { getUploads, postUpload } from "@/lib/uploads/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getUploads, postUpload);
