import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/client";

/** Versions removed per statement: each statement stays small however much has expired. */
const PRUNE_BATCH = 1_000;
/** Statements per run; what is left waits for the next run. */
const MAX_BATCHES = 100;

export type VersionRetention = { count: number; days: number };

/**
 * Removes versions past retention, every organization's (docs/api.md "Version history"): a version
 * stays while it is one of its record's last `count` versions or is younger than `days`. Rows another
 * transaction holds are skipped, not waited for. Run by the recurring `versions.prune` job
 * (./tasks.ts). Returns how many versions it removed.
 */
export async function pruneVersions(db: Executor, retention: VersionRetention, options: { batch?: number; signal?: AbortSignal } = {}): Promise<number> {
  const batch = options.batch ?? PRUNE_BATCH;
  let total = 0;
  for (let round = 0; round < MAX_BATCHES && !options.signal?.aborted; round++) {
    const [result] = await queryRows<{ pruned: number }>(
      db,
      sql`WITH doomed AS (
            SELECT v.id FROM content_versions AS v
            WHERE v.created_at < now() - make_interval(days => ${retention.days})
              AND v.number <= (
                SELECT w.number FROM content_versions AS w
                WHERE w.organization_id = v.organization_id AND w.collection = v.collection AND w.record_id = v.record_id
                ORDER BY w.number DESC
                OFFSET ${retention.count} LIMIT 1
              )
            ORDER BY v.created_at
            LIMIT ${batch}
            FOR UPDATE SKIP LOCKED
          ), pruned AS (
            DELETE FROM content_versions AS c USING doomed AS d WHERE c.id = d.id RETURNING 1
          )
          SELECT count(*)::int AS pruned FROM pruned`,
    );
    const pruned = result?.pruned ?? 0;
    total += pruned;
    if (pruned < batch) break;
  }
  return total;
}
