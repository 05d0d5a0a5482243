import type { Collection } from "@/lib/content/collection";
import { onDemand } from "@/lib/on-demand/collection";
import { trainingPlans } from "@/lib/training-plans/collection";
import { workouts } from "@/lib/workouts/collection";
import type { ScheduleCollection } from "./schemas";

/** The publishable collections a schedule can change, by their path under /content. */
export const SCHEDULE_COLLECTION_MAP: Record<ScheduleCollection, Collection> = {
  workouts: workouts as unknown as Collection,
  "training-plans": trainingPlans as unknown as Collection,
  "on-demand": onDemand as unknown as Collection,
};
