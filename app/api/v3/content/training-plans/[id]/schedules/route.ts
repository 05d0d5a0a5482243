import { route } from "@/lib/http/route";
import { createTrainingPlanSchedule, listTrainingPlanSchedules } from "@/lib/schedules/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(createTrainingPlanSchedule, listTrainingPlanSchedules);
