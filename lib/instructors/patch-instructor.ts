import type { ContentContext } from "@/lib/content/context";
import { assertChangeAllowed, checkedValues, lockRecord, patchedInput, recordWrite, updateRecord, type Written } from "@/lib/content/write-record";
import { prepareInstructor } from "./prepare-instructor";
import { instructorRecord } from "./instructor-record";

/**
 * `PATCH /content/instructors/{id}`: a JSON merge patch applied to the locked, current instructor (so no change is lost
 * without If-Match), then written as a replace is.
 */
export function patchInstructor(ctx: ContentContext, id: string | number, patch: Record<string, unknown>, ifMatch: string | null): Promise<Written> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, instructorRecord, id, ifMatch);
    const input = patchedInput(instructorRecord, current, patch);
    const values = await checkedValues(tx, ctx, instructorRecord, prepareInstructor(input), current);
    await assertChangeAllowed(tx, ctx, instructorRecord, current, values);
    const row = await updateRecord(tx, ctx, instructorRecord, id, values);
    return recordWrite(tx, ctx, instructorRecord, row, { operation: "patch" });
  });
}
