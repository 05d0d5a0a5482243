import { route } from "@/lib/http/route";
import { createWorkoutPreviewLink, listWorkoutPreviewLinks } from "@/lib/preview-links/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(createWorkoutPreviewLink, listWorkoutPreviewLinks);
