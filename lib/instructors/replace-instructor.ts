import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, recordWrite, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareInstructor } from "./prepare-instructor";
import { instructorRecord, type InstructorInput } from "./instructor-record";

/**
 * `PUT /content/instructors/{id}`: the instructor as `input` describes it, under a row lock and If-Match, as its next
 * version. A published language keeps its texts; a translator changes only texts, in their languages.
 */
export function replaceInstructor(ctx: ContentContext, id: string | number, input: InstructorInput, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, instructorRecord, id, ifMatch);
    const values = await checkedValues(tx, ctx, instructorRecord, prepareInstructor(input), current);
    await assertChangeAllowed(tx, ctx, instructorRecord, current, values);
    const row = await updateRecord(tx, ctx, instructorRecord, id, values);
    return recordWrite(tx, ctx, instructorRecord, row, { operation: "replace" });
  });
}
