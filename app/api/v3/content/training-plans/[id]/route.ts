import { route } from "@/lib/http/route";
import { deleteTrainingPlan, getTrainingPlan, patchTrainingPlan, replaceTrainingPlan } from "@/lib/training-plans/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getTrainingPlan, replaceTrainingPlan, patchTrainingPlan, deleteTrainingPlan);
