import { route } from "@/lib/http/route";
import { createFitnessGoal, listFitnessGoals } from "@/lib/lookups/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listFitnessGoals, createFitnessGoal);
