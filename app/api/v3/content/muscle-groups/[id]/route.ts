import { route } from "@/lib/http/route";
import { muscleGroups } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(muscleGroups.operations.get, muscleGroups.operations.replace, muscleGroups.operations.patch, muscleGroups.operations.remove);
