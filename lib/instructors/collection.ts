import { contentCollection } from "@/lib/content/collection";
import { createInstructor } from "./create-instructor";
import { deleteInstructor } from "./delete-instructor";
import { getInstructor } from "./get-instructor";
import { instructorRecord } from "./instructor-record";
import { instructorList, listInstructors } from "./list-instructors";
import { patchInstructor } from "./patch-instructor";
import { prepareInstructor } from "./prepare-instructor";
import { replaceInstructor } from "./replace-instructor";
import { restoreInstructor } from "./restore-instructor";

/**
 * Instructors as the code that serves every collection alike uses them (versions, the admin). Their
 * rules are the domain functions, one file each.
 */
export const instructors = contentCollection(instructorRecord, instructorList, {
  prepare: prepareInstructor,
  list: listInstructors,
  get: getInstructor,
  create: createInstructor,
  replace: replaceInstructor,
  patch: patchInstructor,
  remove: deleteInstructor,
  restore: restoreInstructor,
});
