import { route } from "@/lib/http/route";
import { revokeExercisePreviewLink } from "@/lib/preview-links/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(revokeExercisePreviewLink);
