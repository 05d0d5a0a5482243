import { and, count } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { compileOrder, compileWhere, type FieldCompiler, type FilterQuery, type FilterSpec, type Operand } from "@/lib/filter";
import type { ContentContext } from "./context";
import { inOrganization, loadRelated, visibilityCondition, type RecordSpec, type Related, type Row } from "./record";

/** How a kind of record is listed: its filter allowlist and compilers, and its preview. */
export type ListSpec<R extends Row> = {
  filter: { spec: FilterSpec; compilers: (ctx: ContentContext) => Record<string, FieldCompiler>; order: (ctx: ContentContext) => Record<string, Operand> };
  /** The columns a list needs (a projection without heavy columns such as phases). */
  previewColumns?: Record<string, AnyPgColumn>;
  previewUploadIds?: (row: R) => (string | null | undefined)[];
  toPreview: (row: R, ctx: ContentContext, related: Related) => unknown;
};

/** A built, not yet executed, query: awaiting runs it; `toSQL()` shows its statement. */
export type ListQuery = PromiseLike<unknown[]> & { toSQL: () => { sql: string; params: unknown[] } };

/** A page of previews, with `versions` ("<id>.<version>" of each row) for the list's ETag. */
export type ListPage = { total: number; data: unknown[]; versions: string[] };

/** The two statements of a list page, unexecuted: its rows and its total (also planned by the EXPLAIN test). */
export function listQueries<R extends Row>(ctx: ContentContext, spec: Pick<RecordSpec, "table" | "isPublishable">, list: ListSpec<R>, filter: FilterQuery): { rows: ListQuery; total: ListQuery } {
  const table = spec.table;
  const where = and(inOrganization(spec, ctx), visibilityCondition(spec, ctx), compileWhere(filter, list.filter.compilers(ctx)));
  const order = compileOrder(filter, list.filter.order(ctx), table.id);
  const columns = list.previewColumns;
  return {
    rows: (columns ? ctx.db.select(columns) : ctx.db.select()).from(table).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    total: ctx.db.select({ value: count() }).from(table).where(where),
  };
}

/** A page of the caller's visible records as previews, and its total. */
export async function listRecords<R extends Row>(ctx: ContentContext, spec: Pick<RecordSpec, "table" | "isPublishable">, list: ListSpec<R>, filter: FilterQuery): Promise<ListPage> {
  const queries = listQueries(ctx, spec, list, filter);
  const [rows, [total]] = (await Promise.all([queries.rows, queries.total])) as [R[], { value: number }[]];
  const related = await loadRelated(ctx, rows, list.previewUploadIds);
  return {
    total: total?.value ?? 0,
    data: rows.map((row) => list.toPreview(row, ctx, related)),
    versions: rows.map((row) => `${row.id}.${row.version}`),
  };
}
