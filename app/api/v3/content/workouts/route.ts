import { route } from "@/lib/http/route";
import { createWorkout, listWorkouts } from "@/lib/workouts/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(listWorkouts, createWorkout);
