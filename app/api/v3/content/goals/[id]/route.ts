import { route } from "@/lib/http/route";
import { deleteFitnessGoal, getFitnessGoal, patchFitnessGoal, replaceFitnessGoal } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getFitnessGoal, replaceFitnessGoal, patchFitnessGoal, deleteFitnessGoal);
