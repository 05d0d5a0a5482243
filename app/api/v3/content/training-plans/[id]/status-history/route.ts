import { route } from "@/lib/http/route";
import { getTrainingPlanStatusHistory } from "@/lib/training-plans/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getTrainingPlanStatusHistory);
