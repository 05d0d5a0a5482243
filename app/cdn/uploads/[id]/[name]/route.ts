import { cdnUploadRoute } from "@/lib/uploads/deliver-upload";

export const dynamic = "force-dynamic";
export const { GET, HEAD } = cdnUploadRoute;
