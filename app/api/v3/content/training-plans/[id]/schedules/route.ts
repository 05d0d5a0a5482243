import { route } from "@/lib/http/route";
import { trainingPlanScheduleOperations as ops } from "@/lib/schedules/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.post, ops.list);
