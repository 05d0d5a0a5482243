import { and, eq, sql } from "drizzle-orm";
import { runAsAuditActor, type AuditActor } from "@/lib/audit-log/actor-context";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import type { Caller } from "@/lib/core/caller";
import { getOrganizationSettings, type ContentContext } from "@/lib/content/context";
import { tables, type Db, type Tx } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { changeStatus } from "@/lib/publishing/status";
import { maySetStatusOf } from "@/lib/publishing/transitions";
import { SCHEDULE_COLLECTION_MAP } from "./collections";
import { recordScheduleEvent } from "./record-schedule-event";

type ScheduleRow = typeof tables.schedules.$inferSelect;
type Outcome = { isDone: true } | { isDone: false; reason: string };

/**
 * Runs one schedule whose minute has come, exactly once: under its row lock (another runner holding
 * it skips), only while it is pending. The change is made as its scheduler, under the rules of
 * `PATCH …/status`, with the scheduler's role and languages as they are now; any refusal ends the
 * schedule `failed` with the refusal's message as its reason. Either way the schedule's end is
 * audited and announced as a `Schedule.updated` webhook event, in the same transaction.
 */
export async function runSchedule(db: Db, scheduleId: string): Promise<void> {
  const s = tables.schedules;
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(s).where(eq(s.id, scheduleId)).limit(1).for("update", { skipLocked: true });
    if (!row || row.state !== "pending" || row.at.getTime() > Date.now()) return;
    const actor: AuditActor = { type: "user", id: row.createdBy, credential: "schedule", requestId: null };
    const outcome = await runAsAuditActor(actor, () => applyScheduledChange(tx, row));
    const [ended] = await tx
      .update(s)
      .set({ state: outcome.isDone ? "succeeded" : "failed", reason: outcome.isDone ? null : outcome.reason, completedAt: sql`now()` })
      .where(eq(s.id, row.id))
      .returning();
    await recordAuditEntry(tx, {
      organizationId: row.organizationId,
      action: outcome.isDone ? "schedule.succeeded" : "schedule.failed",
      actor,
      target: { type: "Schedule", id: row.id },
      details: { collection: row.collection, record_id: row.recordId, changes: row.changes, ...(outcome.isDone ? {} : { reason: outcome.reason }) },
    });
    await recordScheduleEvent(tx, ended!);
  });
}

async function applyScheduledChange(tx: Tx, row: ScheduleRow): Promise<Outcome> {
  const fail = (reason: string): Outcome => ({ isDone: false, reason });
  if (!row.createdBy) return fail("the person who scheduled it no longer has an account");
  const [user] = await tx
    .select({ email: tables.users.email, role: tables.users.role, languages: tables.users.languages })
    .from(tables.users)
    .where(and(eq(tables.users.id, row.createdBy), eq(tables.users.organizationId, row.organizationId)))
    .limit(1);
  if (!user) return fail("the person who scheduled it no longer has an account");
  const organization = await getOrganizationSettings(tx as unknown as Db, row.organizationId);
  const languageOf = (key: string) => (key === "default" ? organization.defaultLanguage : key);
  const refused = row.changes.map((change) => languageOf(change.language)).filter((language) => !maySetStatusOf(user.role, user.languages, language));
  if (refused.length > 0) return fail(`${user.email} (now ${user.role}) may no longer set the status of ${refused.join(", ")}`);

  const caller: Caller = { kind: "user", userId: row.createdBy, organizationId: row.organizationId, scope: "platform", role: user.role, languages: user.languages, sessionId: "", tokenId: "" };
  const ctx: ContentContext = {
    // changeStatus opens a transaction of its own: inside this one, a savepoint that a refusal rolls back.
    db: tx as unknown as Db,
    caller,
    organization,
    view: { mode: "multi", languages: organization.languages, defaultLanguage: organization.defaultLanguage, allTexts: true },
    writeLanguage: organization.defaultLanguage,
    seesOnlyPublished: false,
  };
  try {
    await changeStatus(ctx, SCHEDULE_COLLECTION_MAP[row.collection], row.recordId, Object.fromEntries(row.changes.map((change) => [change.language, change.status])), null);
    return { isDone: true };
  } catch (error) {
    if (error instanceof ApiError) return fail(error.message);
    throw error;
  }
}

/** Pending schedules a minute past their time (their job was lost or failed for good), oldest first, 100 a round. */
export async function runOverdueSchedules(db: Db): Promise<void> {
  const s = tables.schedules;
  const due = await db
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.state, "pending"), sql`${s.at} < now() - interval '1 minute'`))
    .orderBy(s.at)
    .limit(100);
  for (const { id } of due) await runSchedule(db, id);
}
