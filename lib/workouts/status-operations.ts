import type { Collection } from "@/lib/content/collection";
import { statusOperations } from "@/lib/publishing/operations";
import { workouts, workoutOperations } from "./collection";

export const workoutsStatusOperations = statusOperations(workouts as unknown as Collection, { name: "Workout", tag: "Workouts", full: workoutOperations.recordSchema });
