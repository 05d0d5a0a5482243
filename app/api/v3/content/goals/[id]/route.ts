import { route } from "@/lib/http/route";
import { fitnessGoals } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(fitnessGoals.operations.get, fitnessGoals.operations.replace, fitnessGoals.operations.patch, fitnessGoals.operations.remove);
