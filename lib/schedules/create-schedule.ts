import { and, asc, eq, lt, sql } from "drizzle-orm";
import { recordAuditEntry } from "@/lib/audit-log/record-audit-entry";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { tables } from "@/lib/db";
import type { ContentStatusMap, ScheduledChange } from "@/lib/db/schema";
import { ApiError, type ErrorDetail } from "@/lib/core/errors";
import { enqueue } from "@/lib/jobs/enqueue";
import { maySetStatusOf, STATUS_TRANSITIONS, statusForTransitions } from "@/lib/publishing/transitions";
import { toScheduleRecords } from "./record-schedule";
import type { CreateScheduleBody, ScheduleRecord } from "./schemas";
import { runScheduleTask } from "./tasks";

const MINUTE_MS = 60_000;

/** `at` to the minute (docs/api.md "Scheduled status changes"). */
export function toMinute(value: string | Date): Date {
  const time = new Date(value).getTime();
  return new Date(time - (((time % MINUTE_MS) + MINUTE_MS) % MINUTE_MS));
}

/** The body's changes with their keys as the status map stores them (`default` for the default language). */
function normalizeChanges(ctx: ContentContext, body: CreateScheduleBody): { changes: ScheduledChange[]; pointers: string[] } {
  const given = "changes" in body ? body.changes : [{ language: body.language, status: body.status }];
  const pointerOf = (index: number) => ("changes" in body ? `/changes/${index}/language` : "/language");
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  const changes: ScheduledChange[] = [];
  given.forEach((change, index) => {
    const { defaultLanguage, languages } = ctx.organization;
    const key = change.language === "default" || change.language === defaultLanguage ? "default" : change.language;
    if (key !== "default" && !languages.includes(key)) {
      problems.push({ path: pointerOf(index), message: `is not a language of this organization; use default or one of ${languages.join(", ")}` });
    } else if (seen.has(key)) {
      problems.push({ path: pointerOf(index), message: "names a language another change already names" });
    }
    seen.add(key);
    changes.push({ language: key, status: change.status });
  });
  if (problems.length > 0) throw new ApiError("unprocessable", `${problems[0]!.path}: ${problems[0]!.message}`, problems);
  return { changes, pointers: given.map((_, index) => ("changes" in body ? `/changes/${index}/status` : "/status")) };
}

/**
 * Schedules a status change of one record: one language, or a release of several that happen
 * together. Refused when `at` is before the current minute, a language is not the organization's,
 * the state machine forbids a transition from the status the record will have then (its current one
 * with the pending schedules before `at` applied), or the same record, language and minute already
 * has a pending schedule (409). Texts are checked when it runs.
 */
export async function createSchedule(ctx: ContentContext, collection: Collection, recordId: string, body: CreateScheduleBody): Promise<ScheduleRecord> {
  const at = toMinute(body.at);
  if (at.getTime() < toMinute(new Date()).getTime()) {
    throw new ApiError("unprocessable", "/at: is in the past; schedule the current minute or later", [{ path: "/at", message: "is in the past" }]);
  }
  const { changes, pointers } = normalizeChanges(ctx, body);
  const caller = ctx.caller;
  if (caller.kind === "user") {
    const languageOf = (key: string) => (key === "default" ? ctx.organization.defaultLanguage : key);
    const foreign = changes.map((change) => languageOf(change.language)).filter((language) => !maySetStatusOf(caller.role, caller.languages, language));
    if (foreign.length > 0) {
      throw new ApiError("forbidden", `translators can only set the status of their own languages (${caller.languages.join(", ") || "none"}); not ${foreign.join(", ")}`);
    }
  }

  const s = tables.schedules;
  const table = collection.table as typeof tables.workouts;
  return ctx.db.transaction(async (tx) => {
    // The record's row lock orders every schedule of it: the duplicate check and the projection below see each other's inserts.
    const [record] = await tx
      .select({ id: table.id, status: table.status })
      .from(table)
      .where(and(eq(table.id, recordId), eq(table.organizationId, ctx.organization.id)))
      .limit(1)
      .for("update");
    if (!record) throw new ApiError("not_found", `${collection.label} not found`);

    const keys = changes.map((change) => change.language);
    const [duplicate] = await tx
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.organizationId, ctx.organization.id), eq(s.collection, collection.key as "workouts"), eq(s.recordId, recordId), eq(s.at, at), eq(s.state, "pending"), sql`${s.languages} && ${sql`ARRAY[${sql.join(keys.map((key) => sql`${key}::text`), sql`, `)}]`}`))
      .limit(1);
    if (duplicate) {
      throw new ApiError("conflict", `this ${collection.label} already has a pending schedule for ${keys.join(", ")} at ${at.toISOString()} (${duplicate.id})`);
    }

    const earlier = await tx
      .select({ changes: s.changes })
      .from(s)
      .where(and(eq(s.organizationId, ctx.organization.id), eq(s.collection, collection.key as "workouts"), eq(s.recordId, recordId), eq(s.state, "pending"), lt(s.at, at)))
      .orderBy(asc(s.at), asc(s.createdAt));
    const projected: ContentStatusMap = { ...record.status };
    for (const schedule of earlier) for (const change of schedule.changes) projected[change.language] = change.status;
    const problems: ErrorDetail[] = [];
    changes.forEach((change, index) => {
      const from = statusForTransitions(projected, change.language);
      if (!STATUS_TRANSITIONS[from].includes(change.status)) problems.push({ path: pointers[index]!, message: `${change.language}: cannot change from ${from} to ${change.status}` });
    });
    if (problems.length > 0) throw new ApiError("unprocessable", problems.map((problem) => problem.message).join("; "), problems);

    const [row] = await tx
      .insert(s)
      .values({
        organizationId: ctx.organization.id,
        collection: collection.key as "workouts",
        recordId,
        at,
        changes,
        languages: keys,
        createdBy: caller.kind === "user" ? caller.userId : null,
      })
      .returning();
    // The job's id is the schedule's; it runs at `at` (at once for the current minute).
    await enqueue(tx, runScheduleTask, { schedule_id: row!.id }, { organizationId: ctx.organization.id, startAfter: at, id: row!.id });
    await recordAuditEntry(tx, {
      organizationId: ctx.organization.id,
      action: "schedule.created",
      target: { type: "Schedule", id: row!.id },
      details: { collection: collection.key, record_id: recordId, at: at.toISOString(), changes },
    });
    return (await toScheduleRecords(tx, [row!]))[0]!;
  });
}
