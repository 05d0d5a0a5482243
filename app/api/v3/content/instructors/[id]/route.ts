import { route } from "@/lib/http/route";
import { instructorOperations as ops } from "@/lib/instructors/collection";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(ops.get, ops.replace, ops.patch, ops.remove);
