import { route } from "@/lib/http/route";
import { postResumableUpload } from "@/lib/uploads/resumable/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postResumableUpload);
