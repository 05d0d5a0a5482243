import type { Collection } from "@/lib/content/collection";
import { exercises } from "@/lib/exercises/collection";
import { onDemand } from "@/lib/on-demand/collection";
import { trainingPlans } from "@/lib/training-plans/collection";
import { workouts } from "@/lib/workouts/collection";
import type { PreviewCollection } from "./schemas";

/** The collections a preview link can be made for, by their path under /content. */
export const PREVIEW_COLLECTION_MAP: Record<PreviewCollection, Collection> = {
  workouts: workouts as unknown as Collection,
  "training-plans": trainingPlans as unknown as Collection,
  "on-demand": onDemand as unknown as Collection,
  exercises: exercises as unknown as Collection,
};
