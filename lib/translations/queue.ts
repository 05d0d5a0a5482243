import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { queryRows } from "@/lib/db/client";
import { definitionsOf } from "@/lib/collections/definitions";
import type { Collection } from "@/lib/content/collection";
import type { ContentContext } from "@/lib/content/context";
import type { FilterQuery } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { QUEUE_COLLECTIONS, QUEUE_STATES, type QueueState, type TranslationQueueEntry } from "./schemas";

/**
 * The translation queue (docs/api.md "Publishing"; its shapes in ./schemas): for one language, the
 * records of every collection with text that still need a translator.
 */
type QueueSource = { key: string; collection: Collection; title: AnyPgColumn };

const sourceOf = (collection: Collection): QueueSource => {
  const table = collection.table as unknown as { title?: AnyPgColumn; name?: AnyPgColumn };
  const title = table.title ?? table.name;
  if (!title) throw new Error(`the ${collection.key} table has neither title nor name`);
  return { key: collection.key, collection, title };
};

/** Every collection with texts, publishable ones first (instructors have none: a name is not translated). */
const SOURCES: QueueSource[] = definitionsOf(QUEUE_COLLECTIONS).map(sourceOf);

function valuesOf(filter: FilterQuery, field: string): string[] | undefined {
  const conditions = filter.where.filter((condition) => condition.field === field);
  if (conditions.length === 0) return undefined;
  // Several conditions on one field must all hold: the values they share.
  return conditions.map((condition) => condition.values).reduce((shared, values) => shared.filter((value) => values.includes(value)));
}

/** The language the queue is for (required by the filter spec), enabled in the organization. */
function languageOf(ctx: ContentContext, filter: FilterQuery): string {
  const [language = "", ...others] = valuesOf(filter, "language") ?? [];
  const path = "filter[where][language]";
  if (others.length > 0 || !ctx.organization.languages.includes(language)) {
    throw new ApiError("unprocessable", `${path}: '${language}' is not a language of this organization; use one of ${ctx.organization.languages.join(", ")}`, [
      { path, message: "is not a language of this organization" },
    ]);
  }
  return language;
}

/**
 * One page of the queue, newest change first. Each collection is read through its
 * (organization_id, updated_at, id) index, so PostgreSQL merges the ordered parts and stops at the
 * page; the state of a row is computed from its stored per-language completeness and status.
 */
export async function listTranslationQueue(ctx: ContentContext, filter: FilterQuery) {
  const language = languageOf(ctx, filter);
  const collections = valuesOf(filter, "collection");
  const states = valuesOf(filter, "state") ?? [...QUEUE_STATES];
  const sources = SOURCES.filter((source) => !collections || collections.includes(source.key));
  if (sources.length === 0 || states.length === 0) return { language, total: 0, data: [] };

  const statusKey = language === ctx.organization.defaultLanguage ? "default" : language;
  const defaultLanguage = ctx.organization.defaultLanguage;
  const parts = sources.map(({ key, collection, title }) => {
    const table = collection.table;
    const status = collection.isPublishable && table.status ? sql`coalesce(${table.status}->>${statusKey}::text, 'draft')` : sql`NULL::text`;
    return sql`SELECT ${key}::text AS collection, ${table.id}::text AS id, coalesce(${title}->>${defaultLanguage}::text, '') AS title,
      ${table.textCompleteness} AS completeness, ${status} AS status, ${table.updatedAt} AS updated_at
      FROM ${table} WHERE ${table.organizationId} = ${ctx.organization.id}`;
  });
  const filled = sql`coalesce((completeness->${language}::text->>0)::int, 0)`;
  const total = sql`coalesce((completeness->${language}::text->>1)::int, 0)`;
  const translation = sql`CASE WHEN ${filled} = 0 AND completeness <> '{}'::jsonb THEN 'none' WHEN ${filled} < ${total} THEN 'partial' ELSE 'full' END`;
  const state = sql`CASE WHEN ${filled} = 0 AND completeness <> '{}'::jsonb THEN 'none' WHEN ${filled} < ${total} THEN 'partial'
    WHEN status IS NOT NULL AND status <> 'published' THEN 'ready' END`;
  const queue = sql`SELECT collection, id, title, status, updated_at, ${translation} AS translation, ${state} AS state
    FROM (${sql.join(parts, sql` UNION ALL `)}) AS texts`;
  const wanted: SQL = sql`state IN (${sql.join(
    states.map((value) => sql`${value}`),
    sql`, `,
  )})`;
  const direction = filter.order[0]?.direction === "asc" ? sql`ASC` : sql`DESC`;
  type Row = { collection: string; id: string; title: string; status: string | null; updated_at: Date | string; translation: string; state: string };
  const [rows, counted] = await Promise.all([
    queryRows<Row>(ctx.db, sql`SELECT * FROM (${queue}) AS queue WHERE ${wanted} ORDER BY updated_at ${direction}, collection ${direction}, id ${direction} LIMIT ${filter.limit} OFFSET ${filter.offset}`),
    queryRows<{ total: number }>(ctx.db, sql`SELECT count(*)::int AS total FROM (${queue}) AS queue WHERE ${wanted}`),
  ]);
  return {
    language,
    total: Number(counted[0]?.total ?? 0),
    data: rows.map(
      (row): TranslationQueueEntry => ({
        collection: row.collection as TranslationQueueEntry["collection"],
        id: row.id,
        title: row.title,
        state: row.state as QueueState,
        translation: row.translation as TranslationQueueEntry["translation"],
        status: row.status as TranslationQueueEntry["status"],
        updated_at: new Date(row.updated_at).toISOString(),
      }),
    ),
  };
}


/**
 * For each language other than the default: how many records of every collection with texts lack some
 * or all of their text in it (the queue's `none` and `partial` states). One statement for every
 * language, through the same (organization_id, …) indexes as the queue.
 */
export async function countMissingTranslations(db: ContentContext["db"], organization: { id: string; languages: readonly string[]; defaultLanguage: string }): Promise<Record<string, number>> {
  const languages = organization.languages.filter((language) => language !== organization.defaultLanguage);
  if (languages.length === 0) return {};
  const parts = SOURCES.map(({ collection }) => sql`SELECT ${collection.table.textCompleteness} AS completeness FROM ${collection.table} WHERE ${collection.table.organizationId} = ${organization.id}`);
  const counts = languages.map((language, index) => {
    const filled = sql`coalesce((completeness->${language}::text->>0)::int, 0)`;
    const total = sql`coalesce((completeness->${language}::text->>1)::int, 0)`;
    return sql`count(*) FILTER (WHERE (${filled} = 0 AND completeness <> '{}'::jsonb) OR ${filled} < ${total})::int AS ${sql.raw(`l${index}`)}`;
  });
  const [row] = await queryRows<Record<string, number>>(db, sql`SELECT ${sql.join(counts, sql`, `)} FROM (${sql.join(parts, sql` UNION ALL `)}) AS texts`);
  return Object.fromEntries(languages.map((language, index) => [language, Number(row?.[`l${index}`] ?? 0)]));
}
