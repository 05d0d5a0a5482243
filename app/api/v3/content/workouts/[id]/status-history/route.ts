import { route } from "@/lib/http/route";
import { getWorkoutStatusHistory } from "@/lib/workouts/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWorkoutStatusHistory);
