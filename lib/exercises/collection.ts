import { contentCollection } from "@/lib/content/collection";
import { createExercise } from "./create-exercise";
import { deleteExercise } from "./delete-exercise";
import { exerciseRecord } from "./exercise-record";
import { getExercise } from "./get-exercise";
import { exerciseList, listExercises } from "./list-exercises";
import { patchExercise } from "./patch-exercise";
import { prepareExercise } from "./prepare-exercise";
import { replaceExercise } from "./replace-exercise";
import { restoreExercise } from "./restore-exercise";

/**
 * Exercises as the code that serves every collection alike uses them (versions, imports, translation
 * exchange, preview links, the admin). Their rules are the domain functions, one file each.
 */
export const exercises = contentCollection(exerciseRecord, exerciseList, {
  prepare: prepareExercise,
  list: listExercises,
  get: getExercise,
  create: createExercise,
  replace: replaceExercise,
  patch: patchExercise,
  remove: deleteExercise,
  restore: restoreExercise,
});
