import { and, count, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { tables, type Executor } from "@/lib/db";
import { isUniqueViolation, pgConstraint } from "@/lib/db/errors";
import { isStrictPublishing } from "@/lib/organizations/settings";
import type { LocalizedText, TextCompleteness } from "@/lib/db/schema";
import { compileOrder, compileWhere, type FieldCompiler, type FilterQuery, type FilterSpec, type Operand } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { loadUploads, type UploadRecord } from "@/lib/uploads/records";
import { MAX_INPUT_DEPTH, validateInput } from "@/lib/validation";
import type { ContentContext, OrganizationSettings } from "./context";
import { recordContentEvent } from "./events";
import { assertIfMatch, etagOf } from "./etag";
import { assertReferencesExist, INT32_MAX, referencedConflict, type ReferenceUse } from "./references";
import { resolveSlug } from "./slug";
import { assertPreviewCovers } from "@/lib/preview-links/assert-preview-covers";
import { recordVersion } from "@/lib/versions/record-version";
import { buildSearchText, computeCompleteness, requireDefaultText, type WriteMode } from "./text";
import { assertTranslatorChange, type NestedTextSpec } from "./translator";

type Row = Record<string, unknown> & { id: string | number; version: number; organizationId: string };

export type ContentTable = PgTable & {
  id: AnyPgColumn;
  organizationId: AnyPgColumn;
  version: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  searchText: AnyPgColumn;
  textCompleteness: AnyPgColumn;
};

/** What a collection's `prepare` returns: the columns to write and what to check about them. */
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

export type Related = { uploads: Map<string, UploadRecord> };

/** A built, not yet executed, query: awaiting runs it; `toSQL()` shows its statement. */
export type ListQuery = PromiseLike<unknown[]> & { toSQL: () => { sql: string; params: unknown[] } };

export type CollectionConfig<R extends Row, I extends Record<string, unknown>> = {
  /** Path segment under /content and key in messages: "exercises". */
  key: string;
  /** The entity name of its webhook events: "Exercise" (docs/api.md "Webhooks (admins; closed beta)"). */
  entity: string;
  /** Singular, for messages: "exercise". */
  label: string;
  table: ContentTable & { slug?: AnyPgColumn; status?: AnyPgColumn };
  idKind: "uuid" | "int";
  /** Workouts, training plans and on-demand carry a per-language status and visibility rules. */
  isPublishable?: boolean;
  /**
   * The texts a language needs before it may be published (with their JSON Pointers): the record's own
   * required texts, typed "string or MultiLangString" (docs/api.md "Publishing").
   */
  requiredTexts?: (row: R) => { path: string; text: LocalizedText }[];
  /** Every text of the record, nested ones included: what strict publishing needs in the language. */
  allTexts?: (row: R) => { path: string; text: LocalizedText }[];
  filter: { spec: FilterSpec; compilers: (ctx: ContentContext) => Record<string, FieldCompiler>; order: (ctx: ContentContext) => Record<string, Operand> };
  /** The columns a list needs (a projection without heavy columns such as phases). */
  previewColumns?: Record<string, AnyPgColumn>;
  /**
   * Columns the write path derives for queries alone (filters, references), which no answer shows:
   * a record read leaves them out, as it leaves out `searchText`.
   */
  queryOnlyColumns?: readonly (keyof R & string)[];
  inputSchema: z.ZodType<I>;
  uploadIds?: (row: R) => (string | null | undefined)[];
  previewUploadIds?: (row: R) => (string | null | undefined)[];
  toPreview: (row: R, ctx: ContentContext, related: Related) => unknown;
  toFull: (row: R, ctx: ContentContext, related: Related) => unknown;
  /** The stored record as a request body: the base a JSON merge patch applies to. */
  toInput: (row: R) => Record<string, unknown>;
  /** Top-level text fields (merged per language by PATCH rather than replaced). */
  textFields: readonly string[];
  /** JSON columns holding texts inside a structure (phases, steps, weeks), for the translator rule. */
  nestedTexts?: Record<string, NestedTextSpec>;
  prepare: (input: I, current: R | undefined, ctx: ContentContext, mode: WriteMode) => Promise<Prepared> | Prepared;
  /** Records that use this one (a delete answers 409 naming them). */
  findReferrers?: (db: Executor, organization: OrganizationSettings, row: R) => Promise<string[]>;
  /** A reason this record may not be deleted at all. */
  protectFromDelete?: (row: R) => string | undefined;
  /**
   * Whether every write stores a version (docs/api.md "Version history"): the record collections; the
   * lookups are vocabulary and keep none.
   */
  versioned?: boolean;
};

/** How a write came about, as its version records it. */
type SaveOptions = { operation: "replace" | "patch" | "restore"; restoredFrom?: number };

export type Collection<R extends Row = Row, I extends Record<string, unknown> = Record<string, unknown>> = CollectionConfig<R, I> & {
  /** A page of previews, with `versions` ("<id>.<version>" of each row) for the list's ETag. */
  list: (ctx: ContentContext, filter: FilterQuery) => Promise<{ total: number; data: unknown[]; versions: string[] }>;
  /** The statements `list` runs, unexecuted (`toSQL()` gives their text and parameters). */
  listQueries: (ctx: ContentContext, filter: FilterQuery) => { rows: ListQuery; total: ListQuery };
  /**
   * The stored row as the caller may see it: 404 when it does not exist in the caller's organization,
   * is not visible to the caller, or (with `trainingPlanId`) is not in that visible training plan.
   * Without `searchText` and the `queryOnlyColumns`, which no answer shows.
   */
  findVisible: (ctx: ContentContext, id: string | number, options?: { trainingPlanId?: string }) => Promise<R>;
  get: (ctx: ContentContext, id: string | number, options?: { trainingPlanId?: string }) => Promise<{ body: unknown; etag: string; row: R }>;
  create: (ctx: ContentContext, input: I) => Promise<{ body: unknown; etag: string; id: string | number }>;
  replace: (ctx: ContentContext, id: string | number, input: I, ifMatch: string | null) => Promise<{ body: unknown; etag: string }>;
  patch: (ctx: ContentContext, id: string | number, patch: Record<string, unknown>, ifMatch: string | null) => Promise<{ body: unknown; etag: string }>;
  remove: (ctx: ContentContext, id: string | number, ifMatch: string | null) => Promise<void>;
  /**
   * Writes a stored version's content again as a new version, checked like a replace (references,
   * required and published texts, the translator's languages); the status is left as it is.
   */
  restore: (ctx: ContentContext, id: string | number, stored: R, number: number, ifMatch: string | null) => Promise<{ body: unknown; etag: string }>;
  /** The full record of a row as the caller sees it. */
  fullRecord: (ctx: ContentContext, row: R, executor?: Executor) => Promise<unknown>;
};

/** Published in one of the languages, or — where a language has no entry — in `default`. */
export function publishedCondition(status: AnyPgColumn, languages: readonly string[], defaultLanguage: string): SQL {
  const checks = languages.map((language) =>
    language === defaultLanguage
      ? sql`${status}->>'default' = 'published'`
      : sql`coalesce(${status}->>${language}, ${status}->>'default') = 'published'`,
  );
  return sql`(${sql.join(checks, sql` OR `)})`;
}

/** A slug that another write took between our check and our insert (unique index). */
class SlugTakenError extends ApiError {
  constructor(slug: string) {
    super("conflict", `the slug '${slug}' is already taken`, [{ path: "/slug", message: "is already taken" }]);
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

/** Languages whose status decides what a mobile or integration caller may see (docs/api.md "Publishing"). */
export function visibleLanguages(ctx: ContentContext): readonly string[] {
  return ctx.view.mode === "single" ? [ctx.view.language] : ctx.view.languages;
}

export function defineCollection<R extends Row, I extends Record<string, unknown>>(config: CollectionConfig<R, I>): Collection<R, I> {
  const table = config.table;
  const idEquals = (id: string | number) => {
    // An int id beyond the column's range names no record (and must not reach PostgreSQL as an integer).
    if (typeof id === "number" && id > INT32_MAX) throw new ApiError("not_found", `${config.label} not found`);
    return eq(table.id, id);
  };
  const inOrganization = (ctx: ContentContext) => eq(table.organizationId, ctx.organization.id);
  const visibility = (ctx: ContentContext) =>
    config.isPublishable && ctx.seesOnlyPublished && table.status
      ? publishedCondition(table.status, visibleLanguages(ctx), ctx.organization.defaultLanguage)
      : undefined;

  async function related(ctx: ContentContext, rows: R[], pick?: (row: R) => (string | null | undefined)[], executor: Executor = ctx.db): Promise<Related> {
    const ids = pick ? rows.flatMap(pick) : [];
    return { uploads: await loadUploads(executor, ctx.organization.id, ids) };
  }

  async function fullRecord(ctx: ContentContext, row: R, executor: Executor = ctx.db) {
    return config.toFull(row, ctx, await related(ctx, [row], config.uploadIds, executor));
  }

  async function findRow(ctx: ContentContext, executor: Executor, id: string | number, forUpdate: boolean): Promise<R> {
    const query = executor.select().from(table).where(and(idEquals(id), inOrganization(ctx))).limit(1);
    const [row] = (forUpdate ? await query.for("update") : await query) as unknown as R[];
    if (!row) throw new ApiError("not_found", `${config.label} not found`);
    return row;
  }

  async function write(ctx: ContentContext, input: I, current: R | undefined, mode: WriteMode, executor: Executor) {
    const prepared = await config.prepare(input, current, ctx, mode);
    requireDefaultText(prepared.requiredTexts, ctx);
    await assertReferencesExist(executor, ctx.organization.id, prepared.uses);
    const values: Record<string, unknown> = {
      ...prepared.values,
      searchText: buildSearchText(prepared.searchTexts),
      textCompleteness: computeCompleteness(prepared.texts) satisfies TextCompleteness,
    };
    if (prepared.slug && table.slug) {
      values.slug = await resolveSlug(executor, table as never, ctx.organization.id, {
        given: prepared.slug.given,
        source: prepared.slug.source,
        excludeId: current?.id,
      });
    }
    return values;
  }

  /**
   * A language that is published must keep what publishing it needed (docs/api.md "Publishing"): its
   * required texts, or under strict publishing every text that has a value in some language. Readers of
   * that language would otherwise get another language's text in a record published for them.
   */
  async function assertPublishedTextsKept(ctx: ContentContext, current: R, values: Record<string, unknown>, executor: Executor): Promise<void> {
    const status = current.status as Record<string, string> | undefined;
    if (!config.requiredTexts || !status) return;
    const published = Object.entries(status)
      .filter(([, value]) => value === "published")
      .map(([key]) => (key === "default" ? ctx.organization.defaultLanguage : key));
    if (published.length === 0) return;
    const next = { ...current, ...values } as R;
    const texts =
      config.allTexts && (await isStrictPublishing(executor, ctx.organization.id))
        ? config.allTexts(next).filter(({ text }) => Object.values(text).some((value) => value !== ""))
        : config.requiredTexts(next);
    const details = published.flatMap((language) =>
      texts.filter(({ text }) => !text[language]).map(({ path }) => ({ path, message: `is required in ${language}: the record is published in ${language}` })),
    );
    if (details.length > 0) {
      throw new ApiError("unprocessable", `${details[0]!.path}: ${details[0]!.message}${details.length > 1 ? ` (and ${details.length - 1} more)` : ""}`, details);
    }
  }

  /** Runs an insert or update, turning a slug collision that raced past `resolveSlug` into a 409. */
  async function writeRow<T>(values: Record<string, unknown>, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // Only the slug index means "taken"; any other unique violation is a fault, not the caller's.
      if (isUniqueViolation(error) && pgConstraint(error)?.endsWith("_slug_key")) throw new SlugTakenError(String(values.slug));
      throw error;
    }
  }

  /**
   * Replaces or patches one record under a row lock. `inputFor` builds the new input from the locked
   * row, so a merge patch never applies to a stale copy (no lost update without If-Match).
   */
  async function saveChange(ctx: ContentContext, id: string | number, inputFor: (current: R) => I, mode: WriteMode, ifMatch: string | null, options: SaveOptions) {
    return ctx.db.transaction(async (tx) => {
      const current = await findRow(ctx, tx, id, true);
      assertIfMatch(ifMatch, current.id, current.version);
      // A restore writes the version's nested texts as they were, not merged into the current ones.
      const base = options.operation === "restore" ? withoutNestedTexts(current) : current;
      const values = await write(ctx, inputFor(current), base, mode, tx);
      await assertPublishedTextsKept(ctx, current, values, tx);
      if (ctx.caller.kind === "user" && ctx.caller.role === "translator") {
        assertTranslatorChange(current, values, {
          textFields: config.textFields,
          nestedTexts: config.nestedTexts ?? {},
          languages: ctx.caller.languages,
          defaultLanguage: ctx.organization.defaultLanguage,
        });
      }
      const [row] = await writeRow(values, async () =>
        (await tx
          .update(table)
          .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as never)
          .where(and(idEquals(id), inOrganization(ctx)))
          .returning()) as unknown as R[],
      );
      const body = await fullRecord(ctx, row!, tx);
      if (config.versioned) await recordVersion(tx, ctx, { collection: config.key, row: row!, operation: options.operation, restoredFrom: options.restoredFrom });
      await recordContentEvent(tx, ctx, { event: "updated", entity: config.entity, entityId: row!.id, version: row!.version, render: (eventCtx) => fullRecord(eventCtx, row!, tx) });
      return { body, etag: etagOf(row!.id, row!.version) };
    });
  }

  function insertRecord(ctx: ContentContext, input: I) {
    return ctx.db.transaction(async (tx) => {
      const values = await write(ctx, input, undefined, "create", tx);
      const [row] = await writeRow(values, async () =>
        (await tx
          .insert(table)
          .values({ ...values, organizationId: ctx.organization.id } as never)
          .returning()) as unknown as R[],
      );
      const body = await fullRecord(ctx, row!, tx);
      if (config.versioned) await recordVersion(tx, ctx, { collection: config.key, row: row!, operation: "create" });
      await recordContentEvent(tx, ctx, { event: "created", entity: config.entity, entityId: row!.id, version: row!.version, render: (eventCtx) => fullRecord(eventCtx, row!, tx) });
      return { body, etag: etagOf(row!.id, row!.version), id: row!.id };
    });
  }

  /** The input a JSON merge patch produces over the stored record (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"). */
  function mergedInput(current: R, patch: Record<string, unknown>): I {
    const textPatch: Record<string, unknown> = {};
    const otherPatch: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(patch)) (config.textFields.includes(key) ? textPatch : otherPatch)[key] = value;
    // Text fields keep their per-language meaning (a string sets one language, an object merges).
    const merged = { ...(applyMergePatch(config.toInput(current), otherPatch) as Record<string, unknown>), ...textPatch };
    for (const key of config.textFields) if (textPatch[key] === null) merged[key] = {};
    return validateInput(config.inputSchema, merged);
  }

  /** The row with its nested text structures empty, so a write sets their texts instead of merging them. */
  function withoutNestedTexts(row: R): R {
    const copy: Record<string, unknown> = { ...row };
    for (const key of Object.keys(config.nestedTexts ?? {})) copy[key] = [];
    return copy as R;
  }

  /** What a record read selects: every column but those no answer shows (`searchText`, `queryOnlyColumns`). */
  const queryOnly = new Set(["searchText", ...(config.queryOnlyColumns ?? [])]);
  const readColumns = Object.fromEntries(Object.entries(getTableColumns(table)).filter(([name]) => !queryOnly.has(name)));

  /**
   * The statement of `findVisible`, built once per database handle and visibility (which languages
   * must be published, the organization's default among them) and run with the id and organization
   * as parameters: drizzle builds a select of every column on each call otherwise, a large share of a
   * read's time (docs/benchmarks.md, 2026-11-28). Unnamed: PostgreSQL plans it on each run as before.
   */
  const findStatements = new WeakMap<Executor, Map<string, { execute: (values: Record<string, unknown>) => Promise<unknown> }>>();
  const MAX_FIND_STATEMENTS = 256;
  function findStatement(ctx: ContentContext) {
    const condition = visibility(ctx);
    const key = condition ? `${ctx.organization.defaultLanguage}:${visibleLanguages(ctx).join(",")}` : "";
    let statements = findStatements.get(ctx.db);
    if (!statements) findStatements.set(ctx.db, (statements = new Map()));
    let statement = statements.get(key);
    if (!statement) {
      if (statements.size >= MAX_FIND_STATEMENTS) statements.clear();
      statement = ctx.db
        .select(readColumns)
        .from(table)
        .where(and(eq(table.id, sql.placeholder("id")), eq(table.organizationId, sql.placeholder("organization")), condition))
        .limit(1)
        .prepare("");
      statements.set(key, statement);
    }
    return statement;
  }

  async function findVisible(ctx: ContentContext, id: string | number, options?: { trainingPlanId?: string }): Promise<R> {
    if (ctx.caller.kind === "preview") await assertPreviewCovers(ctx.db, ctx.caller, config, id);
    if (options?.trainingPlanId) await assertInTrainingPlan(ctx, config.key, id, options.trainingPlanId);
    idEquals(id); // refuses an int id beyond the column's range
    const [row] = (await findStatement(ctx).execute({ id, organization: ctx.organization.id })) as R[];
    if (!row) throw new ApiError("not_found", `${config.label} not found`);
    return row;
  }

  /** The two statements of a list page: its rows and its total (also planned by the EXPLAIN test). */
  function listQueries(ctx: ContentContext, filter: FilterQuery) {
    const where = and(inOrganization(ctx), visibility(ctx), compileWhere(filter, config.filter.compilers(ctx)));
    const order = compileOrder(filter, config.filter.order(ctx), table.id);
    const columns = config.previewColumns;
    return {
      rows: (columns ? ctx.db.select(columns) : ctx.db.select()).from(table).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
      total: ctx.db.select({ value: count() }).from(table).where(where),
    };
  }

  return {
    ...config,
    fullRecord,

    listQueries,

    async list(ctx, filter) {
      const queries = listQueries(ctx, filter);
      const [rows, [total]] = await Promise.all([queries.rows, queries.total]);
      const typed = rows as unknown as R[];
      const rel = await related(ctx, typed, config.previewUploadIds);
      return {
        total: total?.value ?? 0,
        data: typed.map((row) => config.toPreview(row, ctx, rel)),
        versions: typed.map((row) => `${row.id}.${row.version}`),
      };
    },

    findVisible,

    async get(ctx, id, options) {
      const row = await findVisible(ctx, id, options);
      return { body: await fullRecord(ctx, row), etag: etagOf(row.id, row.version), row };
    },

    async create(ctx, input) {
      if (ctx.caller.kind === "user" && ctx.caller.role === "translator") {
        throw new ApiError("forbidden", "translators can edit the texts of existing records only");
      }
      // A generated slug can lose a race with a concurrent create of the same name: generate anew.
      const isSlugGenerated = !(input as { slug?: unknown }).slug;
      for (let attempt = 1; ; attempt++) {
        try {
          return await insertRecord(ctx, input);
        } catch (error) {
          if (!(error instanceof SlugTakenError) || !isSlugGenerated || attempt >= 5) throw error;
        }
      }
    },

    replace: (ctx, id, input, ifMatch) => saveChange(ctx, id, () => input, "replace", ifMatch, { operation: "replace" }),

    patch: (ctx, id, patch, ifMatch) => saveChange(ctx, id, (current) => mergedInput(current, patch), "patch", ifMatch, { operation: "patch" }),

    restore: (ctx, id, stored, number, ifMatch) =>
      saveChange(ctx, id, () => validateInput(config.inputSchema, config.toInput(stored)), "replace", ifMatch, { operation: "restore", restoredFrom: number }),

    async remove(ctx, id, ifMatch) {
      if (ctx.caller.kind === "user" && ctx.caller.role === "translator") {
        throw new ApiError("forbidden", "translators can edit the texts of existing records only");
      }
      await ctx.db.transaction(async (tx) => {
        const current = await findRow(ctx, tx, id, true);
        assertIfMatch(ifMatch, current.id, current.version);
        const reason = config.protectFromDelete?.(current);
        if (reason) throw new ApiError("conflict", reason);
        const referrers = (await config.findReferrers?.(tx, ctx.organization, current)) ?? [];
        if (referrers.length > 0) throw referencedConflict(`this ${config.label}`, referrers);
        if (config.versioned) await recordVersion(tx, ctx, { collection: config.key, row: current, operation: "delete", number: current.version + 1 });
        await recordContentEvent(tx, ctx, { event: "deleted", entity: config.entity, entityId: current.id, version: current.version, render: (eventCtx) => fullRecord(eventCtx, current, tx) });
        await tx.delete(table).where(and(idEquals(id), inOrganization(ctx)));
      });
    },
  };
}

/**
 * A workout or on-demand item fetched through a training plan must belong to that plan, and the plan
 * must be visible to the caller; otherwise 404 (docs/api.md "Training plan weeks").
 */
async function assertInTrainingPlan(ctx: ContentContext, key: string, id: string | number, planId: string): Promise<void> {
  const plans = tables.trainingPlans;
  const membership = key === "workouts" ? sql`${plans.workoutIds} @> ARRAY[${id}]::uuid[]` : sql`${plans.onDemandIds} @> ARRAY[${id}]::uuid[]`;
  const visible = ctx.seesOnlyPublished
    ? publishedCondition(plans.status, visibleLanguages(ctx), ctx.organization.defaultLanguage)
    : undefined;
  const [plan] = await ctx.db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, ctx.organization.id), membership, visible))
    .limit(1);
  if (!plan) throw new ApiError("not_found", `not found in training plan ${planId}`);
}
