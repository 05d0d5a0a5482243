import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "@/lib/db";
import { statusField, type FieldCompiler, type FilterCondition } from "@/lib/filter";
import { renderPlainText, renderText } from "@/lib/i18n";
import type { LocalizedText } from "@/lib/i18n";
import type { ContentContext } from "./context";

/** Schemas shared by every collection's input and output (isomorphic, in ./schemas). */
export {
  ALL_TEXTS,
  contentStatusSchema,
  durationSchema,
  intIdsSchema,
  levelSchema,
  locationSchema,
  PREVIEW_TEXTS,
  previewTextSchema,
  slugInputSchema,
  SPEC_TEXTS,
  textInputSchema,
  translationStatusSchema,
  uploadRefInputSchema,
  uuidIdsSchema,
  type TextSchemas,
} from "./schemas";
/** A field typed "string or MultiLangString" (a record's own title, name, description, steps). */
export function renderedText(value: LocalizedText | null | undefined, ctx: ContentContext) {
  return renderText(value, ctx.view);
}

/** A field typed `string`: a plain string unless the request asked for every text (`texts=all`). */
export function plainText(value: LocalizedText | null | undefined, ctx: ContentContext) {
  return renderPlainText(value, ctx.view);
}

/** Preview texts are always plain strings in the response language (docs/api.md "Languages"). */
export function previewText(value: LocalizedText | null | undefined, ctx: ContentContext): string {
  const language = ctx.view.mode === "single" ? ctx.view.language : ctx.organization.defaultLanguage;
  return renderText(value, { mode: "single", language, defaultLanguage: ctx.organization.defaultLanguage });
}

export const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** `q` and `contains` on a record's search text (every translation, lower-cased, trigram-indexed). */
export function searchTextField(column: AnyPgColumn): FieldCompiler {
  return (condition: FilterCondition) => sql`${column} LIKE ${`%${escapeLike(condition.values[0]!.toLowerCase())}%`} ESCAPE '\\'`;
}

/** `eq` on a localized name: equal, ignoring case, to its value in any language. */
export function localizedEqualsField(column: AnyPgColumn): FieldCompiler {
  return (condition: FilterCondition) => {
    const checks = condition.values.map((value) => sql`lower(t.value) = ${value.toLowerCase()}`);
    return sql`EXISTS (SELECT 1 FROM jsonb_each_text(${column}) AS t WHERE ${sql.join(checks, sql` OR `)})`;
  };
}

/** Localized name or title in the default language, for ordering. */
export function defaultTextOrder(column: AnyPgColumn, ctx: ContentContext): SQL {
  return sql`lower(${column}->>${ctx.organization.defaultLanguage})`;
}

export type ReferrerSource = {
  table: PgTable & { organizationId: AnyPgColumn; id: AnyPgColumn };
  /** The condition that the row references the record (e.g. an array column containing its id). */
  uses: (id: string | number) => SQL;
  /** How a referrer is named in the 409 message. */
  label: string;
  title: AnyPgColumn;
};

/** Records of `sources` that reference `id`, named (in the default language) for a 409, at most 10 per source. */
export async function findReferrersIn(
  db: Executor,
  organization: { id: string; defaultLanguage: string },
  id: string | number,
  sources: ReferrerSource[],
): Promise<string[]> {
  const organizationId = organization.id;
  const found: string[] = [];
  for (const source of sources) {
    const rows = await db
      .select({ id: source.table.id, title: source.title })
      .from(source.table)
      .where(and(eq(source.table.organizationId, organizationId), source.uses(id)))
      .limit(10);
    for (const row of rows) {
      const localized = (row.title ?? {}) as LocalizedText;
      const title = typeof row.title === "string" ? row.title : (localized[organization.defaultLanguage] ?? Object.values(localized)[0] ?? "");
      found.push(`${source.label} ${row.id}${title ? ` (${title})` : ""}`);
    }
  }
  return found;
}

export const containsInt = (column: AnyPgColumn) => (id: string | number) => sql`${column} @> ARRAY[${Number(id)}]::integer[]`;
export const containsUuid = (column: AnyPgColumn) => (id: string | number) => sql`${column} @> ARRAY[${String(id)}]::uuid[]`;
export const equalsId = (column: AnyPgColumn) => (id: string | number) => sql`${column} = ${id}`;

/**
 * The status filter (docs/api.md "Lists"); an entry keyed by the organization's default language means the `default`
 * key, where the status of that language is stored.
 */
export function statusFilterField(column: AnyPgColumn, ctx: ContentContext): FieldCompiler {
  const compile = statusField(column);
  const prefix = `${ctx.organization.defaultLanguage}:`;
  return (condition) =>
    compile({ ...condition, values: condition.values.map((value) => (value.startsWith(prefix) ? `default:${value.slice(prefix.length)}` : value)) });
}

/** Order by first publication; never-published records count as the earliest (last when descending). */
export function publishedOrder(column: AnyPgColumn): SQL {
  return sql`coalesce(${column}, '-infinity'::timestamptz)`;
}
