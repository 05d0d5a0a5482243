import { route } from "@/lib/http/route";
import { createExercisePreviewLink, listExercisePreviewLinks } from "@/lib/preview-links/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(createExercisePreviewLink, listExercisePreviewLinks);
