import { route } from "@/lib/http/route";
import { workoutsStatusOperations as ops } from "@/lib/workouts/status-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.patchStatus);
