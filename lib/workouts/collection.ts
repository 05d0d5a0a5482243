import { contentCollection } from "@/lib/content/collection";
import { createWorkout } from "./create-workout";
import { deleteWorkout } from "./delete-workout";
import { getWorkout } from "./get-workout";
import { listWorkouts, workoutList } from "./list-workouts";
import { patchWorkout } from "./patch-workout";
import { prepareWorkout } from "./prepare-workout";
import { replaceWorkout } from "./replace-workout";
import { restoreWorkout } from "./restore-workout";
import { workoutRecord } from "./workout-record";

/**
 * Workouts as the code that serves every collection alike uses them (publishing, versions, imports,
 * translation exchange, preview links, the admin). Their rules are the domain functions, one file each.
 */
export const workouts = contentCollection(workoutRecord, workoutList, {
  prepare: prepareWorkout,
  list: listWorkouts,
  get: getWorkout,
  create: createWorkout,
  replace: replaceWorkout,
  patch: patchWorkout,
  remove: deleteWorkout,
  restore: restoreWorkout,
});
