import { and, eq, getTableColumns, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Executor } from "@/lib/db";
import type { LocalizedText } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { assertPreviewCovers } from "@/lib/preview-links/assert-preview-covers";
import { loadUploads, type UploadRecord } from "@/lib/uploads/records";
import type { ContentContext } from "./context";
import { etagOf } from "./etag";
import { INT32_MAX } from "./references";
import type { NestedTextSpec } from "./translator";
import { publishedCondition, visibleLanguages } from "./visibility";

export type Row = Record<string, unknown> & { id: string | number; version: number; organizationId: string };

export type ContentTable = PgTable & {
  id: AnyPgColumn;
  organizationId: AnyPgColumn;
  version: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  searchText: AnyPgColumn;
  textCompleteness: AnyPgColumn;
};

export type Related = { uploads: Map<string, UploadRecord> };

/**
 * What the content toolkit knows of a kind of record: its table and names, how it is rendered, where
 * its texts are. A domain declares one (`workoutRecord`) and hands it to the toolkit's functions; the
 * domain's own functions (`createWorkout`) hold its rules.
 */
export type RecordSpec<R extends Row = Row, I extends Record<string, unknown> = Record<string, unknown>> = {
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
  /**
   * Columns the write path derives for queries alone (filters, references), which no answer shows:
   * a record read leaves them out, as it leaves out `searchText`.
   */
  queryOnlyColumns?: readonly (keyof R & string)[];
  inputSchema: z.ZodType<I>;
  uploadIds?: (row: R) => (string | null | undefined)[];
  toFull: (row: R, ctx: ContentContext, related: Related) => unknown;
  /** The stored record as a request body: the base a JSON merge patch applies to. */
  toInput: (row: R) => Record<string, unknown>;
  /** Top-level text fields (merged per language by PATCH rather than replaced). */
  textFields: readonly string[];
  /** JSON columns holding texts inside a structure (phases, steps, weeks), for the translator rule. */
  nestedTexts?: Record<string, NestedTextSpec>;
  /**
   * Whether every write stores a version (docs/api.md "Version history"): the record collections; the
   * lookups are vocabulary and keep none.
   */
  versioned?: boolean;
};

/** A record spec, typed by its row and input. */
export function defineRecord<R extends Row, I extends Record<string, unknown>>(spec: RecordSpec<R, I>): RecordSpec<R, I> {
  return spec;
}

/** The condition on a record's id; an int id beyond the column's range names no record (404), and must not reach PostgreSQL. */
export function idCondition(spec: Pick<RecordSpec, "table" | "label">, id: string | number) {
  if (typeof id === "number" && id > INT32_MAX) throw new ApiError("not_found", `${spec.label} not found`);
  return eq(spec.table.id, id);
}

export function inOrganization(spec: Pick<RecordSpec, "table">, ctx: ContentContext) {
  return eq(spec.table.organizationId, ctx.organization.id);
}

/** What a mobile or integration caller may see of a publishable record: published in one of its languages. */
export function visibilityCondition(spec: Pick<RecordSpec, "table" | "isPublishable">, ctx: ContentContext) {
  return spec.isPublishable && ctx.seesOnlyPublished && spec.table.status
    ? publishedCondition(spec.table.status, visibleLanguages(ctx), ctx.organization.defaultLanguage)
    : undefined;
}

/** The uploads the rows embed, in one query. */
export async function loadRelated<R extends Row>(ctx: ContentContext, rows: R[], pick?: (row: R) => (string | null | undefined)[], executor: Executor = ctx.db): Promise<Related> {
  const ids = pick ? rows.flatMap(pick) : [];
  return { uploads: await loadUploads(executor, ctx.organization.id, ids) };
}

/** The full record of a row as the caller sees it. */
export async function fullRecord<R extends Row, I extends Record<string, unknown>>(ctx: ContentContext, spec: RecordSpec<R, I>, row: R, executor: Executor = ctx.db): Promise<unknown> {
  return spec.toFull(row, ctx, await loadRelated(ctx, [row], spec.uploadIds, executor));
}

/** A record read's answer: the full record and the version part of its ETag. */
export async function recordRead<R extends Row, I extends Record<string, unknown>>(ctx: ContentContext, spec: RecordSpec<R, I>, row: R): Promise<{ body: unknown; etag: string; row: R }> {
  return { body: await fullRecord(ctx, spec, row), etag: etagOf(row.id, row.version), row };
}

type FindStatement = { execute: (values: Record<string, unknown>) => Promise<unknown> };

/**
 * The statements of `findVisibleRow`, built once per spec, database handle and visibility (which languages
 * must be published, the organization's default among them) and run with the id and organization as
 * parameters: drizzle builds a select of every column on each call otherwise, a large share of a
 * read's time (docs/benchmarks.md, 2026-11-28). Unnamed: PostgreSQL plans it on each run as before.
 */
const findStatements = new WeakMap<object, WeakMap<Executor, Map<string, FindStatement>>>();
const MAX_FIND_STATEMENTS = 256;

/** What a record read selects: every column but those no answer shows (`searchText`, `queryOnlyColumns`). */
function readColumns(spec: Pick<RecordSpec, "table" | "queryOnlyColumns">): Record<string, AnyPgColumn> {
  const queryOnly = new Set<string>(["searchText", ...(spec.queryOnlyColumns ?? [])]);
  return Object.fromEntries(Object.entries(getTableColumns(spec.table)).filter(([name]) => !queryOnly.has(name))) as Record<string, AnyPgColumn>;
}

function findStatement(ctx: ContentContext, spec: Pick<RecordSpec, "table" | "queryOnlyColumns" | "isPublishable">): FindStatement {
  const condition = visibilityCondition(spec, ctx);
  const key = condition ? `${ctx.organization.defaultLanguage}:${visibleLanguages(ctx).join(",")}` : "";
  let byDb = findStatements.get(spec);
  if (!byDb) findStatements.set(spec, (byDb = new WeakMap()));
  let statements = byDb.get(ctx.db);
  if (!statements) byDb.set(ctx.db, (statements = new Map()));
  let statement = statements.get(key);
  if (!statement) {
    if (statements.size >= MAX_FIND_STATEMENTS) statements.clear();
    const table = spec.table;
    statement = ctx.db
      .select(readColumns(spec))
      .from(table)
      .where(and(eq(table.id, sql.placeholder("id")), eq(table.organizationId, sql.placeholder("organization")), condition))
      .limit(1)
      .prepare("");
    statements.set(key, statement);
  }
  return statement;
}

/** A preview link reads only its record and the records that one references (404 otherwise). */
export async function assertPreviewReads(ctx: ContentContext, spec: Pick<RecordSpec, "key" | "label">, id: string | number): Promise<void> {
  if (ctx.caller.kind === "preview") await assertPreviewCovers(ctx.db, ctx.caller, spec, id);
}

/**
 * The stored row as the caller may see it: 404 when it does not exist in the caller's organization or
 * is not visible to the caller. Without `searchText` and the `queryOnlyColumns`, which no answer shows.
 */
export async function findVisibleRow<R extends Row, I extends Record<string, unknown>>(ctx: ContentContext, spec: RecordSpec<R, I>, id: string | number): Promise<R> {
  idCondition(spec, id); // refuses an int id beyond the column's range
  const [row] = (await findStatement(ctx, spec as Pick<RecordSpec, "table" | "queryOnlyColumns" | "isPublishable">).execute({ id, organization: ctx.organization.id })) as R[];
  if (!row) throw new ApiError("not_found", `${spec.label} not found`);
  return row;
}

/** A record the caller may read, preview links included. */
export async function findVisible<R extends Row, I extends Record<string, unknown>>(ctx: ContentContext, spec: RecordSpec<R, I>, id: string | number): Promise<R> {
  await assertPreviewReads(ctx, spec, id);
  return findVisibleRow(ctx, spec, id);
}
