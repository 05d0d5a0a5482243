import { route } from "@/lib/http/route";
import { deleteOnDemandSchedule } from "@/lib/schedules/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteOnDemandSchedule);
