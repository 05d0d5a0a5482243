import { cdnMediaRoute } from "@/lib/uploads/media/deliver-media";

export const dynamic = "force-dynamic";
export const { GET, HEAD } = cdnMediaRoute;
