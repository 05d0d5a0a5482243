import { route } from "@/lib/http/route";
import { exerciseOperations as ops } from "@/lib/exercises/collection";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.list, ops.create);
