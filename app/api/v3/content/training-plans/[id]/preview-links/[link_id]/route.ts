import { route } from "@/lib/http/route";
import { revokeTrainingPlanPreviewLink } from "@/lib/preview-links/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(revokeTrainingPlanPreviewLink);
