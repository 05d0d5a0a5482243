import { route } from "@/lib/http/route";
import { trainingPlansStatusOperations as ops } from "@/lib/training-plans/status-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.patchStatus);
