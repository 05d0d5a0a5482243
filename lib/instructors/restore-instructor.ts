import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, recordWrite, restoredInput, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareInstructor } from "./prepare-instructor";
import { instructorRecord, type InstructorRow } from "./instructor-record";

/**
 * `POST /content/instructors/{id}/versions/{number}/restore`: a stored version's content written again as the next
 * version, checked as a replace is.
 */
export function restoreInstructor(ctx: ContentContext, id: string | number, stored: InstructorRow, number: number, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, instructorRecord, id, ifMatch);
    const values = await checkedValues(tx, ctx, instructorRecord, prepareInstructor(restoredInput(instructorRecord, stored)), current);
    await assertChangeAllowed(tx, ctx, instructorRecord, current, values);
    const row = await updateRecord(tx, ctx, instructorRecord, id, values);
    return recordWrite(tx, ctx, instructorRecord, row, { operation: "restore", restoredFrom: number });
  });
}
