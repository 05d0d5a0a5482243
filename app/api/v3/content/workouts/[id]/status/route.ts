import { route } from "@/lib/http/route";
import { changeWorkoutStatus } from "@/lib/workouts/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(changeWorkoutStatus);
