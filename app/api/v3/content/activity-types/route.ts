import { route } from "@/lib/http/route";
import { activityTypes } from "@/lib/lookups/collections";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(activityTypes.operations.list, activityTypes.operations.create);
