import { route } from "@/lib/http/route";
import { workoutOperations as ops } from "@/lib/workouts/collection";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.list, ops.create);
