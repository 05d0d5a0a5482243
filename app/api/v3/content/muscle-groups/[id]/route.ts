import { route } from "@/lib/http/route";
import { deleteMuscleGroup, getMuscleGroup, patchMuscleGroup, replaceMuscleGroup } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getMuscleGroup, replaceMuscleGroup, patchMuscleGroup, deleteMuscleGroup);
