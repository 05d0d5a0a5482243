import { sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { onDemand } from "@/lib/on-demand/collection";
import { trainingPlans } from "@/lib/training-plans/collection";
import { workouts } from "@/lib/workouts/collection";

type PublishableTable = PgTable & { organizationId: AnyPgColumn; status: AnyPgColumn };

/** The publishable collections, by their path under /content. */
const PUBLISHABLE: { key: string; table: PublishableTable }[] = [
  { key: workouts.key, table: workouts.table as unknown as PublishableTable },
  { key: trainingPlans.key, table: trainingPlans.table as unknown as PublishableTable },
  { key: onDemand.key, table: onDemand.table as unknown as PublishableTable },
];

/**
 * Per publishable collection: the organization's records that were never published in any language
 * (no status entry is `published` or `unpublished`). One statement.
 */
export async function countNeverPublished(db: Db, organizationId: string): Promise<Record<string, number>> {
  const parts = PUBLISHABLE.map(
    ({ key, table }) => sql`SELECT ${key}::text AS collection, count(*)::int AS total FROM ${table}
      WHERE ${table.organizationId} = ${organizationId}
        AND NOT EXISTS (SELECT 1 FROM jsonb_each_text(${table.status}) AS entry WHERE entry.value IN ('published', 'unpublished'))`,
  );
  const rows = await queryRows<{ collection: string; total: number }>(db, sql.join(parts, sql` UNION ALL `));
  return Object.fromEntries(PUBLISHABLE.map(({ key }) => [key, Number(rows.find((row) => row.collection === key)?.total ?? 0)]));
}
