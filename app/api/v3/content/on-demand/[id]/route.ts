import { route } from "@/lib/http/route";
import { onDemandOperations as ops } from "@/lib/on-demand/collection";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.get, ops.replace, ops.patch, ops.remove);
