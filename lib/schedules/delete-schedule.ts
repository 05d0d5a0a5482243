import { and, eq } from "drizzle-orm";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { tables } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { maySetStatusOf } from "@/lib/publishing/transitions";

/**
 * Cancels a pending schedule (its job then finds nothing to do). A schedule that already ran is kept
 * as a record of what happened (409); translators cancel only schedules of their own languages.
 */
export async function deleteSchedule(ctx: ContentContext, collection: Collection, recordId: string, scheduleId: string): Promise<void> {
  const s = tables.schedules;
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(s)
      .where(and(eq(s.id, scheduleId), eq(s.organizationId, ctx.organization.id), eq(s.collection, collection.key as "workouts"), eq(s.recordId, recordId)))
      .limit(1)
      .for("update");
    if (!row) throw new ApiError("not_found", "schedule not found");
    if (row.state !== "pending") throw new ApiError("conflict", `only a pending schedule can be cancelled; this one has ${row.state}`);
    const caller = ctx.caller;
    if (caller.kind === "user") {
      const languageOf = (key: string) => (key === "default" ? ctx.organization.defaultLanguage : key);
      const foreign = row.changes.map((change) => languageOf(change.language)).filter((language) => !maySetStatusOf(caller.role, caller.languages, language));
      if (foreign.length > 0) {
        throw new ApiError("forbidden", `translators can only set the status of their own languages (${caller.languages.join(", ") || "none"}); not ${foreign.join(", ")}`);
      }
    }
    await tx.delete(s).where(eq(s.id, row.id));
    await recordAuditEntry(tx, {
      organizationId: ctx.organization.id,
      action: "schedule.deleted",
      target: { type: "Schedule", id: row.id },
      details: { collection: row.collection, record_id: row.recordId, at: row.at.toISOString(), changes: row.changes },
    });
  });
}
