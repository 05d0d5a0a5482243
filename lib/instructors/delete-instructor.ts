import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { referencedConflict } from "@/lib/content/references";
import { equalsId, findReferrersIn } from "@/lib/content/shared";
import { deleteRecord, lockRecord } from "@/lib/content/write-record";
import { instructorRecord } from "./instructor-record";

/**
 * `DELETE /content/instructors/{id}`: under a row lock and If-Match; an instructor an on-demand item
 * still names is a 409 naming the items. Translators are refused by the operation's policy before this runs.
 */
export function deleteInstructor(ctx: ContentContext, id: string | number, ifMatch: string | null): Promise<void> {
  return ctx.db.transaction(async (tx) => {
    const current = await lockRecord(tx, ctx, instructorRecord, id, ifMatch);
    const o = tables.onDemand;
    const referrers = await findReferrersIn(tx, ctx.organization, current.id, [{ table: o, uses: equalsId(o.instructorId), label: "on-demand item", title: o.title }]);
    if (referrers.length > 0) throw referencedConflict("this instructor", referrers);
    await deleteRecord(tx, ctx, instructorRecord, current);
  });
}
