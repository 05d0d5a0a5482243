import type { ContentContext } from "@/lib/content/context";
import { checkedValues, insertRecord, recordWrite } from "@/lib/content/write-record";
import { prepareInstructor } from "./prepare-instructor";
import { instructorRecord, type InstructorInput } from "./instructor-record";

/**
 * `POST /content/instructors`: a new instructor, with its first version and its event, in one transaction.
 * Translators are refused by the operation's policy before this runs.
 */
export function createInstructor(ctx: ContentContext, input: InstructorInput) {
  return ctx.db.transaction(async (tx) => {
    const values = await checkedValues(tx, ctx, instructorRecord, prepareInstructor(input));
    const row = await insertRecord(tx, ctx, instructorRecord, values);
    return { ...(await recordWrite(tx, ctx, instructorRecord, row, { operation: "create" })), id: row.id };
  });
}
