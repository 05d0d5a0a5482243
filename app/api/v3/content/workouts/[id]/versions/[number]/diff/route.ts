import { route } from "@/lib/http/route";
import { diffWorkoutVersions } from "@/lib/versions/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(diffWorkoutVersions);
