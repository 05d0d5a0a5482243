import { and, count, desc, eq, sql } from "drizzle-orm";
import { tables } from "@/lib/db";
import type { ContentStatusMap } from "@/lib/db/schema";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import { assertIfMatch, etagOf } from "@/lib/content/etag";
import { recordContentEvent } from "@/lib/content/events";
import type { FilterQuery } from "@/lib/filter";
import { ApiError, type ErrorDetail } from "@/lib/core/errors";
import { isStrictPublishing } from "@/lib/organizations/settings";
import { recordVersion } from "@/lib/versions/record-version";
import { CONTENT_STATUSES, STATUS_TRANSITIONS, type ContentStatus } from "./transitions";

export { CONTENT_STATUSES, type ContentStatus };

type PublishableRow = Record<string, unknown> & {
  id: string;
  version: number;
  status: ContentStatusMap;
  publishedAt: Date | null;
};

/** `default` names the default language; its own code is the same key (stored as `default`). */
function normalizeKey(key: string, ctx: ContentContext): string {
  if (key === "default" || key === ctx.organization.defaultLanguage) return "default";
  if (!ctx.organization.languages.includes(key)) {
    throw new ApiError("unprocessable", `'${key}' is not a language of this organization; use default or one of ${ctx.organization.languages.join(", ")}`, [
      { path: `/${key}`, message: "is not a language of this organization" },
    ]);
  }
  return key;
}

const languageOf = (key: string, ctx: ContentContext) => (key === "default" ? ctx.organization.defaultLanguage : key);

/**
 * Applies status changes to one record atomically: every transition must be allowed, publishing a
 * language needs its required texts (every text under strict publishing), translators may only touch
 * their languages. Sets `published_at`
 * on the first publication, bumps the version, records history and the webhook event.
 */
export async function changeStatus(
  ctx: ContentContext,
  collection: Collection,
  id: string,
  changes: Record<string, ContentStatus>,
  ifMatch: string | null,
) {
  const requested = new Map<string, ContentStatus>();
  for (const [key, status] of Object.entries(changes)) {
    const normalized = normalizeKey(key, ctx);
    if (requested.has(normalized)) {
      const language = ctx.organization.defaultLanguage;
      throw new ApiError("unprocessable", `'${language}' and 'default' both name the default language (${language}); send one of them`, [
        { path: `/${key}`, message: "names a language another key already names" },
      ]);
    }
    requested.set(normalized, status);
  }

  if (ctx.caller.kind === "user" && ctx.caller.role === "translator") {
    const allowed = ctx.caller.languages;
    const foreign = [...requested.keys()].map((key) => languageOf(key, ctx)).filter((language) => !allowed.includes(language));
    if (foreign.length > 0) {
      throw new ApiError("forbidden", `translators can only set the status of their own languages (${allowed.join(", ") || "none"}); not ${foreign.join(", ")}`);
    }
  }

  const table = collection.table as typeof tables.workouts;
  return ctx.db.transaction(async (tx) => {
    const [row] = (await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.organizationId, ctx.organization.id)))
      .limit(1)
      .for("update")) as unknown as PublishableRow[];
    if (!row) throw new ApiError("not_found", `${collection.label} not found`);
    assertIfMatch(ifMatch, row.id, row.version);

    // Strict publishing needs every text that has a value in some language; otherwise the required ones.
    const isStrict = [...requested.values()].includes("published") && (await isStrictPublishing(tx, ctx.organization.id));
    const textsToPublish = isStrict
      ? (collection.allTexts?.(row as never) ?? []).filter(({ text }) => Object.values(text).some((value) => value !== ""))
      : (collection.requiredTexts?.(row as never) ?? []);
    const problems: ErrorDetail[] = [];
    const missingByKey: string[] = [];
    for (const [key, to] of requested) {
      const from = row.status[key] ?? "draft";
      if (!STATUS_TRANSITIONS[from].includes(to)) {
        problems.push({ path: `/${key}`, message: `cannot change from ${from} to ${to}` });
        continue;
      }
      if (to === "published") {
        const language = languageOf(key, ctx);
        const missing = textsToPublish.filter(({ text }) => !text[language]).map(({ path }) => path);
        if (missing.length > 0) {
          missingByKey.push(`${key}: ${missing.join(", ")}`);
          problems.push(...missing.map((path) => ({ path, message: `has no ${language} text` })));
        }
      }
    }
    if (problems.length > 0) {
      const transition = problems.find((problem) => problem.message.startsWith("cannot change"));
      const message = transition
        ? `${transition.path.slice(1)}: ${transition.message}`
        : `cannot publish before these fields are translated: ${missingByKey.join("; ")}`;
      throw new ApiError("unprocessable", message, problems);
    }

    const status: ContentStatusMap = { ...row.status };
    for (const [key, to] of requested) status[key] = to;
    const isFirstPublication = !row.publishedAt && [...requested.values()].includes("published");
    const [updated] = (await tx
      .update(table)
      .set({
        status,
        ...(isFirstPublication ? { publishedAt: sql`now()` } : {}),
        version: sql`${table.version} + 1`,
        updatedAt: sql`now()`,
      } as never)
      .where(and(eq(table.id, id), eq(table.organizationId, ctx.organization.id)))
      .returning()) as unknown as PublishableRow[];
    await tx.insert(tables.statusHistory).values(
      [...requested].map(([key, to]) => ({
        organizationId: ctx.organization.id,
        collection: collection.key as "workouts",
        recordId: id,
        language: key,
        fromStatus: row.status[key] ?? null,
        toStatus: to,
        changedBy: ctx.caller.kind === "user" ? ctx.caller.userId : null,
      })),
    );
    const body = await collection.fullRecord(ctx, updated as never, tx);
    if (collection.versioned) await recordVersion(tx, ctx, { collection: collection.key, row: updated!, operation: "status" });
    await recordContentEvent(tx, ctx, {
      event: "updated",
      entity: collection.entity,
      entityId: id,
      version: updated!.version,
      audit: { action: "status.changed", details: { changes: Object.fromEntries(requested) } },
      render: (eventCtx) => collection.fullRecord(eventCtx, updated as never, tx),
    });
    return { body, etag: etagOf(updated!.id, updated!.version) };
  });
}

/** How a record reached its state, newest first (one query for the page, one for the total). */
export async function listStatusHistory(ctx: ContentContext, collection: Collection, id: string, filter: FilterQuery) {
  const table = collection.table as typeof tables.workouts;
  const [record] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.organizationId, ctx.organization.id)))
    .limit(1);
  if (!record) throw new ApiError("not_found", `${collection.label} not found`);
  const h = tables.statusHistory;
  const where = and(eq(h.organizationId, ctx.organization.id), eq(h.collection, collection.key as "workouts"), eq(h.recordId, id));
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ language: h.language, from: h.fromStatus, to: h.toStatus, changedAt: h.changedAt, userId: tables.users.id, email: tables.users.email })
      .from(h)
      .leftJoin(tables.users, eq(tables.users.id, h.changedBy))
      .where(where)
      .orderBy(desc(h.changedAt), desc(h.id))
      .limit(filter.limit)
      .offset(filter.offset),
    ctx.db.select({ value: count() }).from(h).where(where),
  ]);
  return {
    total: total?.value ?? 0,
    data: rows.map((row) => ({
      language: row.language,
      from: row.from as ContentStatus | null,
      to: row.to as ContentStatus,
      changed_by: row.userId && row.email ? { id: row.userId, email: row.email } : null,
      changed_at: row.changedAt.toISOString(),
    })),
  };
}
