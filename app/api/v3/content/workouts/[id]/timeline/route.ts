import { route } from "@/lib/http/route";
import { getWorkoutTimeline } from "@/lib/workouts/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWorkoutTimeline);
