import { and, sql } from "drizzle-orm";
import type { Executor } from "@/lib/db";
import type { LocalizedText, TextCompleteness } from "@/lib/db/schema";
import { isUniqueViolation, pgConstraint } from "@/lib/db/errors";
import { ApiError } from "@/lib/core/errors";
import { isStrictPublishing } from "@/lib/organizations/settings";
import { MAX_INPUT_DEPTH, validateInput } from "@/lib/validation";
import { recordVersion } from "@/lib/versions/record-version";
import type { ContentContext } from "./context";
import { assertIfMatch, etagOf } from "./etag";
import { recordContentEvent } from "./events";
import { fullRecord, idCondition, inOrganization, type RecordSpec, type Row } from "./record";
import { assertReferencesExist, type ReferenceUse } from "./references";
import { resolveSlug } from "./slug";
import { buildSearchText, computeCompleteness, requireDefaultText } from "./text";
import { assertTranslatorChange } from "./translator";

/**
 * The shared steps of a content write, which a domain's own functions (`createWorkout`, `replaceWorkout`,
 * …) call in order inside one transaction: lock the row and check If-Match, derive and check the
 * values, write the row, record its version and event.
 */

/** What a domain makes of an input: the columns to write and what to check about them. */
export type Prepared = {
  values: Record<string, unknown>;
  /** References to verify (422 naming each unknown id). */
  uses: ReferenceUse[];
  /** Texts that must have a value in the default language. */
  requiredTexts: { path: string; text: LocalizedText }[];
  /** Every text field (for translation completeness). */
  texts: LocalizedText[];
  /** Texts that `q` and `contains` filters search. */
  searchTexts: (LocalizedText | string | null | undefined)[];
  /** For slugged collections: the requested slug (null/undefined → generate) and the text to generate from. */
  slug?: { given: string | null | undefined; source: string };
};

/** How a write came about, as its version records it. */
export type WriteOperation = { operation: "create" | "replace" | "patch" | "restore"; restoredFrom?: number };

/** A written record's answer: its full record and the version part of its ETag. */
export type Written = { body: unknown; etag: string };

/** A slug that another write took between our check and our insert (unique index). */
class SlugTakenError extends ApiError {
  constructor(slug: string) {
    super("conflict", `the slug '${slug}' is already taken`, [{ path: "/slug", message: "is already taken" }]);
  }
}

/** The stored row, locked until the transaction ends (404 when it is not the organization's), at the version If-Match names (412). */
export async function lockRecord<R extends Row, I extends Record<string, unknown>>(
  tx: Executor,
  ctx: ContentContext,
  spec: RecordSpec<R, I>,
  id: string | number,
  ifMatch: string | null,
): Promise<R> {
  const [row] = (await tx
    .select()
    .from(spec.table)
    .where(and(idCondition(spec, id), inOrganization(spec, ctx)))
    .limit(1)
    .for("update")) as unknown as R[];
  if (!row) throw new ApiError("not_found", `${spec.label} not found`);
  assertIfMatch(ifMatch, row.id, row.version);
  return row;
}

/**
 * The columns a prepared write stores, checked: required texts in the default language (422), every
 * reference in the organization (422), the search text and translation completeness derived from the
 * texts, and the slug resolved (409 when a given one is taken). `current` is the row being changed.
 */
export async function checkedValues(
  tx: Executor,
  ctx: ContentContext,
  spec: Pick<RecordSpec, "table">,
  prepared: Prepared,
  current?: Row,
): Promise<Record<string, unknown>> {
  requireDefaultText(prepared.requiredTexts, ctx);
  await assertReferencesExist(tx, ctx.organization.id, prepared.uses);
  const values: Record<string, unknown> = {
    ...prepared.values,
    searchText: buildSearchText(prepared.searchTexts),
    textCompleteness: computeCompleteness(prepared.texts) satisfies TextCompleteness,
  };
  if (prepared.slug && spec.table.slug) {
    values.slug = await resolveSlug(tx, spec.table as never, ctx.organization.id, {
      given: prepared.slug.given,
      source: prepared.slug.source,
      excludeId: current?.id,
    });
  }
  return values;
}

/**
 * What a change may not do to a stored record. A language that is published must keep what publishing
 * it needed (docs/api.md "Publishing": its required texts, or under strict publishing every text that has
 * a value in some language); readers of that language would otherwise get another language's text in a
 * record published for them (422). A translator changes only texts, in their own languages (403).
 */
export async function assertChangeAllowed<R extends Row, I extends Record<string, unknown>>(
  tx: Executor,
  ctx: ContentContext,
  spec: RecordSpec<R, I>,
  current: R,
  values: Record<string, unknown>,
): Promise<void> {
  const status = current.status as Record<string, string> | undefined;
  const published = Object.entries(spec.requiredTexts ? (status ?? {}) : {})
    .filter(([, value]) => value === "published")
    .map(([key]) => (key === "default" ? ctx.organization.defaultLanguage : key));
  if (spec.requiredTexts && published.length > 0) {
    const next = { ...current, ...values } as R;
    const texts =
      spec.allTexts && (await isStrictPublishing(tx, ctx.organization.id))
        ? spec.allTexts(next).filter(({ text }) => Object.values(text).some((value) => value !== ""))
        : spec.requiredTexts(next);
    const details = published.flatMap((language) =>
      texts.filter(({ text }) => !text[language]).map(({ path }) => ({ path, message: `is required in ${language}: the record is published in ${language}` })),
    );
    if (details.length > 0) {
      throw new ApiError("unprocessable", `${details[0]!.path}: ${details[0]!.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ""}`, details);
    }
  }
  if (ctx.caller.kind === "user" && ctx.caller.role === "translator") {
    assertTranslatorChange(current, values, {
      textFields: spec.textFields,
      nestedTexts: spec.nestedTexts ?? {},
      languages: ctx.caller.languages,
      defaultLanguage: ctx.organization.defaultLanguage,
    });
  }
}

/** Runs an insert or update and gives its row, turning a slug collision that raced past `resolveSlug` into a 409. */
async function writeRow<R>(values: Record<string, unknown>, run: () => Promise<unknown[]>): Promise<R> {
  try {
    const [row] = await run();
    return row as R;
  } catch (error) {
    // Only the slug index means "taken"; any other unique violation is a fault, not the caller's.
    if (isUniqueViolation(error) && pgConstraint(error)?.endsWith("_slug_key")) throw new SlugTakenError(String(values.slug));
    throw error;
  }
}

/** Inserts a new record of the caller's organization. */
export async function insertRecord<R extends Row, I extends Record<string, unknown>>(
  tx: Executor,
  ctx: ContentContext,
  spec: RecordSpec<R, I>,
  values: Record<string, unknown>,
): Promise<R> {
  return writeRow(values, () => tx.insert(spec.table).values({ ...values, organizationId: ctx.organization.id } as never).returning());
}

/** Updates a (locked) record as its next version. */
export async function updateRecord<R extends Row, I extends Record<string, unknown>>(
  tx: Executor,
  ctx: ContentContext,
  spec: RecordSpec<R, I>,
  id: string | number,
  values: Record<string, unknown>,
): Promise<R> {
  const table = spec.table;
  const changes = { ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` };
  return writeRow(values, () => tx.update(table).set(changes as never).where(and(idCondition(spec, id), inOrganization(spec, ctx))).returning());
}

/**
 * After a create or a change: the record as the caller sees it, its stored version (versioned records),
 * and its audit entry and webhook event, in the writing transaction.
 */
export async function recordWrite<R extends Row, I extends Record<string, unknown>>(
  tx: Executor,
  ctx: ContentContext,
  spec: RecordSpec<R, I>,
  row: R,
  how: WriteOperation,
): Promise<Written> {
  const body = await fullRecord(ctx, spec, row, tx);
  if (spec.versioned) await recordVersion(tx, ctx, { collection: spec.key, row, operation: how.operation, restoredFrom: how.restoredFrom });
  await recordContentEvent(tx, ctx, {
    event: how.operation === "create" ? "created" : "updated",
    entity: spec.entity,
    entityId: row.id,
    version: row.version,
    render: (eventCtx) => fullRecord(eventCtx, spec, row, tx),
  });
  return { body, etag: etagOf(row.id, row.version) };
}

/** Deletes a (locked) record, recording its last version (versioned records), its audit entry and webhook event first. */
export async function deleteRecord<R extends Row, I extends Record<string, unknown>>(tx: Executor, ctx: ContentContext, spec: RecordSpec<R, I>, current: R): Promise<void> {
  if (spec.versioned) await recordVersion(tx, ctx, { collection: spec.key, row: current, operation: "delete", number: current.version + 1 });
  await recordContentEvent(tx, ctx, { event: "deleted", entity: spec.entity, entityId: current.id, version: current.version, render: (eventCtx) => fullRecord(eventCtx, spec, current, tx) });
  await tx.delete(spec.table).where(and(idCondition(spec, current.id), inOrganization(spec, ctx)));
}

/**
 * Runs a create; a generated slug can lose a race with a concurrent create of the same name, and then
 * the create runs again and generates anew (five attempts). A given slug that is taken is a 409.
 */
export async function withGeneratedSlugRetry<T>(givenSlug: unknown, create: () => Promise<T>): Promise<T> {
  const isSlugGenerated = !givenSlug;
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (!(error instanceof SlugTakenError) || !isSlugGenerated || attempt >= 5) throw error;
    }
  }
}

/**
 * RFC 7396 JSON merge patch. Its recursion is bounded by the depth every request input is held to
 * (`MAX_INPUT_DEPTH`); a deeper patch is a 422, never a stack overflow.
 */
export function applyMergePatch(target: unknown, patch: unknown, depth = 0): unknown {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  if (depth >= MAX_INPUT_DEPTH) {
    const message = `nests objects or arrays more than ${MAX_INPUT_DEPTH} levels deep`;
    throw new ApiError("unprocessable", message, [{ path: "", message }]);
  }
  const result: Record<string, unknown> = target && typeof target === "object" && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value, depth + 1);
  }
  return result;
}

/**
 * The input a JSON merge patch produces over the stored record, validated (docs/api.md "Content
 * (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"). Text fields keep
 * their per-language meaning: a string sets one language, an object merges, `null` empties.
 */
export function patchedInput<R extends Row, I extends Record<string, unknown>>(spec: RecordSpec<R, I>, current: R, patch: Record<string, unknown>): I {
  const textPatch: Record<string, unknown> = {};
  const otherPatch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) (spec.textFields.includes(key) ? textPatch : otherPatch)[key] = value;
  const merged = { ...(applyMergePatch(spec.toInput(current), otherPatch) as Record<string, unknown>), ...textPatch };
  for (const key of spec.textFields) if (textPatch[key] === null) merged[key] = {};
  return validateInput(spec.inputSchema, merged);
}

/** A stored version's content as an input, checked as a replace would be (docs/api.md "Version history"). */
export function restoredInput<R extends Row, I extends Record<string, unknown>>(spec: RecordSpec<R, I>, stored: R): I {
  return validateInput(spec.inputSchema, spec.toInput(stored));
}

/** The row with its nested text structures empty, so a restore sets their texts as they were instead of merging them. */
export function withoutNestedTexts<R extends Row, I extends Record<string, unknown>>(spec: RecordSpec<R, I>, row: R): R {
  const copy: Record<string, unknown> = { ...row };
  for (const key of Object.keys(spec.nestedTexts ?? {})) copy[key] = [];
  return copy as R;
}
