import { route } from "@/lib/http/route";
import { activityTypes } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(activityTypes.operations.get, activityTypes.operations.replace, activityTypes.operations.patch, activityTypes.operations.remove);
