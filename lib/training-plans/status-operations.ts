import type { Collection } from "@/lib/content/collection";
import { statusOperations } from "@/lib/publishing/operations";
import { trainingPlans, trainingPlanOperations } from "./collection";

export const trainingPlansStatusOperations = statusOperations(trainingPlans as unknown as Collection, { name: "TrainingPlan", tag: "Training plans", full: trainingPlanOperations.recordSchema });
