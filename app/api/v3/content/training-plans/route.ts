import { route } from "@/lib/http/route";
import { trainingPlanOperations as ops } from "@/lib/training-plans/collection";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.list, ops.create);
