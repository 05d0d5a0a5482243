import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "@/lib/db/client";

/** Deletions removed per statement: each statement stays small however much has expired. */
export const PRUNE_BATCH = 1_000;
/** Statements per run; what is left waits for the next run. */
const MAX_BATCHES = 100;

/**
 * Removes deletions older than the retention window from the change feed, every organization's, and
 * moves each organization's horizon past what was removed: a cursor before its horizon gets 410
 * (docs/decisions/0021). Rows are removed and the horizon moved in one statement per batch, so no
 * reader sees one without the other; rows another transaction holds are skipped, not waited for.
 * Run by the recurring `changes.prune` job (./tasks.ts). Returns how many rows it removed.
 */
export async function pruneExpiredChanges(
  db: Executor,
  retentionSeconds: number,
  options: { batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const batch = options.batch ?? PRUNE_BATCH;
  let total = 0;
  for (let round = 0; round < MAX_BATCHES && !options.signal?.aborted; round++) {
    const [result] = await queryRows<{ pruned: number }>(
      db,
      sql`WITH doomed AS (
            SELECT organization_id, collection, record_id FROM content_changes
            WHERE change = 'delete' AND changed_at < now() - make_interval(secs => ${retentionSeconds})
            ORDER BY changed_at
            LIMIT ${batch}
            FOR UPDATE SKIP LOCKED
          ), pruned AS (
            DELETE FROM content_changes AS c USING doomed AS d
            WHERE c.organization_id = d.organization_id AND c.collection = d.collection AND c.record_id = d.record_id
            RETURNING c.organization_id, c.txid, c.position
          ), latest AS (
            SELECT DISTINCT ON (organization_id) organization_id, txid, position FROM pruned
            ORDER BY organization_id, txid DESC, position DESC
          ), horizons AS (
            INSERT INTO content_change_horizons AS h (organization_id, txid, position)
            SELECT organization_id, txid, position FROM latest
            ON CONFLICT (organization_id) DO UPDATE SET txid = excluded.txid, position = excluded.position
            WHERE (excluded.txid, excluded.position) > (h.txid, h.position)
          )
          SELECT count(*)::int AS pruned FROM pruned`,
    );
    const pruned = result?.pruned ?? 0;
    total += pruned;
    if (pruned < batch) break;
  }
  return total;
}
