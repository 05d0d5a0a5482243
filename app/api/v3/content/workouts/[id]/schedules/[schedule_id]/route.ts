import { route } from "@/lib/http/route";
import { deleteWorkoutSchedule } from "@/lib/schedules/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(deleteWorkoutSchedule);
