import { and, eq, getTableName, like, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";

const MAX_SLUG_LENGTH = 96;

/** A slug from a title: ASCII, lower case, words joined by dashes ("Übung 1!" → "ubung-1"). */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, "");
  return slug.length >= 3 ? slug : `${slug || "item"}-${Math.random().toString(36).slice(2, 6)}`.replace(/^-/, "");
}

type SluggedTable = PgTable & { slug: AnyPgColumn; organizationId: AnyPgColumn; id: AnyPgColumn };

/**
 * The slug to store. A given slug must be free in this organization's collection (409); a missing one
 * is generated from `source` with `-2`, `-3` … appended until free (one query). Writes that generate
 * from the same words in one collection of one organization take turns (a transaction-scoped advisory
 * lock), so concurrent creates of the same name each get their own slug instead of racing to a 409.
 */
export async function resolveSlug(
  db: Executor,
  table: SluggedTable,
  organizationId: string,
  input: { given: string | null | undefined; source: string; excludeId?: string | number },
): Promise<string> {
  const scope = (extra: SQL) =>
    and(eq(table.organizationId, organizationId), extra, input.excludeId === undefined ? undefined : ne(table.id, input.excludeId));
  if (input.given) {
    const [taken] = await db.select({ id: table.id }).from(table).where(scope(eq(table.slug, input.given))).limit(1);
    if (taken) throw new ApiError("conflict", `the slug '${input.given}' is already taken`, [{ path: "/slug", message: "is already taken" }]);
    return input.given;
  }
  const base = slugify(input.source);
  const lockKey = `slug:${getTableName(table)}:${organizationId}:${base}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
  const rows = await db.select({ slug: table.slug }).from(table).where(scope(like(table.slug, `${base}%`)));
  const taken = new Set(rows.map((row) => row.slug as string));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
