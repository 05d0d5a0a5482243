import { route } from "@/lib/http/route";
import { onDemandStatusOperations as ops } from "@/lib/on-demand/status-operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.getHistory);
