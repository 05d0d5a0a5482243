import { route } from "@/lib/http/route";
import { deleteWorkout, getWorkout, patchWorkout, replaceWorkout } from "@/lib/workouts/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getWorkout, replaceWorkout, patchWorkout, deleteWorkout);
