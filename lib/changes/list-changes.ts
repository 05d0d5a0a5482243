import { and, eq, sql } from "drizzle-orm";
import { publishedCondition, visibleLanguages } from "@/lib/content/visibility";
import type { ContentContext } from "@/lib/content/context";
import { tables } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { getEnv, getSecrets } from "@/lib/env";
import { ApiError } from "@/lib/core/errors";
import { databaseIdentity } from "./database-identity";
import { decodeCursor, encodeCursor, FEED_START, isBefore, type ChangeCursor, type FeedPosition } from "./cursor";
import { CHANGE_COLLECTION_ID_KINDS, type Change, type ChangeCollection, type ChangeList } from "./schemas";

const c = tables.contentChanges;

const INVALID_CURSOR = "is not a cursor this service issued for this organization";

/**
 * A page of the change feed after `since` (docs/api.md "Change feed"; the cursor design is
 * docs/decisions/0021). Every record at most once, at its latest change, in commit-safe order: only
 * changes of transactions older than every one of this database still running are read, so one that took
 * its place earlier and commits later is never skipped. For mobile and integration callers a record
 * that is not visible to them (not published in the response language) is a `delete` once it has
 * ever been published, and left out while it never was. Two statements: the rows, and the horizon
 * (with `since`) or the oldest running transaction (without).
 */
export async function listChanges(ctx: ContentContext, input: { since?: string; limit: number }, now = Date.now()): Promise<ChangeList> {
  const organizationId = ctx.organization.id;
  const { secretKey } = getSecrets();
  const database = await databaseIdentity(ctx.db);
  const cursor = input.since === undefined ? undefined : cursorOf(ctx, input.since, { now, secretKey, database });
  const from = cursor ?? FEED_START;
  // A sync that begins here notes the oldest running transaction first (docs/decisions/0021).
  const origin = cursor?.origin ?? (await oldestRunningTransaction(ctx));
  const rows = await changesQuery(ctx, from, input.limit + 1);
  // After the rows, in a later snapshot: a deletion pruned before the rows were read is seen here.
  if (cursor) await assertNotPruned(ctx, cursor);

  const page = rows.slice(0, input.limit);
  const data: Change[] = [];
  for (const row of page) {
    const change = changeFor(row, ctx.seesOnlyPublished);
    if (!change) continue;
    const collection = row.collection as ChangeCollection;
    data.push({
      collection,
      id: CHANGE_COLLECTION_ID_KINDS[collection] === "int" ? Number(row.recordId) : row.recordId,
      change,
      updated_at: row.updatedAt.toISOString(),
    });
  }
  const last = page.at(-1);
  const next = last ? { txid: BigInt(last.txid), position: BigInt(last.position) } : from;
  return {
    data,
    next_cursor: encodeCursor({ txid: next.txid, position: next.position, origin, database, issuedAt: Math.floor(now / 1000) }, organizationId, secretKey),
    has_more: rows.length > input.limit,
  };
}

/**
 * Below which transaction id every transaction of this database had ended when the statement's
 * snapshot was taken (docs/decisions/0021): the oldest transaction in progress in the snapshot, else
 * the snapshot's horizon. Transactions of other databases of the same PostgreSQL server cannot write
 * here, so those still running (pg_stat_activity, read after the snapshot) are not waited for; one
 * that ended in between may be ours and is waited for, which delays but never skips. Evaluated once
 * per statement, in the statement's own snapshot.
 */
const FEED_BOUND = sql`coalesce(
  (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
   WHERE (x::text::bigint % 4294967296) NOT IN (
     SELECT backend_xid::text::bigint FROM pg_stat_activity
     WHERE backend_xid IS NOT NULL AND datid IS DISTINCT FROM (SELECT oid FROM pg_database WHERE datname = current_database()))),
  pg_snapshot_xmax(pg_current_snapshot()))`;

/**
 * The feed's one statement, unexecuted (`toSQL()` gives its text; the query plan test reads it): the
 * next `limit` rows after `from` that no running transaction can still precede, with whether each is
 * visible to the caller. It walks `content_changes_feed_idx` in order.
 */
export function changesQuery(ctx: ContentContext, from: FeedPosition, limit: number) {
  const visible = ctx.seesOnlyPublished
    ? sql<boolean>`(${c.status} IS NULL OR ${publishedCondition(c.status, visibleLanguages(ctx), ctx.organization.defaultLanguage)})`
    : sql<boolean>`true`;
  return ctx.db
    .select({
      collection: c.collection,
      recordId: c.recordId,
      change: c.change,
      everPublished: c.everPublished,
      updatedAt: c.updatedAt,
      txid: sql<string>`${c.txid}::text`,
      position: sql<string>`${c.position}::text`,
      visible,
    })
    .from(c)
    .where(
      and(
        eq(c.organizationId, ctx.organization.id),
        sql`(${c.txid}, ${c.position}) > (${from.txid.toString()}::xid8, ${from.position.toString()}::bigint)`,
        sql`${c.txid} < ${FEED_BOUND}`,
      ),
    )
    .orderBy(c.txid, c.position)
    .limit(limit);
}

/** What a caller is told about a row, or nothing (a record a published-only caller never could read). */
function changeFor(row: { change: "upsert" | "delete"; everPublished: boolean; visible: boolean }, seesOnlyPublished: boolean): Change["change"] | undefined {
  if (!seesOnlyPublished) return row.change;
  if (row.change === "upsert" && row.visible) return "upsert";
  return row.everPublished ? "delete" : undefined;
}

/**
 * The cursor `since` names: 422 when this service did not issue it to the organization, 410 when
 * another database issued it (the service moved; its transaction ids mean nothing here) or it is
 * older than the retention window.
 */
function cursorOf(ctx: ContentContext, since: string, here: { now: number; secretKey: string; database: bigint }): ChangeCursor {
  const cursor = decodeCursor(since, ctx.organization.id, here.secretKey);
  if (!cursor) throw new ApiError("unprocessable", `/since: ${INVALID_CURSOR}`, [{ path: "/since", message: INVALID_CURSOR }]);
  if (cursor.database !== here.database) {
    throw new ApiError("gone", "the cursor is from before the service moved to another database; sync again from the start, without since");
  }
  if (cursor.issuedAt * 1000 < here.now - retentionSeconds() * 1000) throw expired();
  return cursor;
}

/**
 * 410 for a cursor that may have missed a deletion that was pruned: one before the organization's
 * horizon, from a sync that began before the last pruned deletion's transaction had ended. (A sync
 * that began later never held those records: they were deleted before it read anything.)
 */
async function assertNotPruned(ctx: ContentContext, cursor: ChangeCursor): Promise<void> {
  const h = tables.contentChangeHorizons;
  const [horizon] = await ctx.db
    .select({ txid: sql<string>`${h.txid}::text`, position: sql<string>`${h.position}::text` })
    .from(h)
    .where(eq(h.organizationId, ctx.organization.id))
    .limit(1);
  if (!horizon) return;
  const pruned = { txid: BigInt(horizon.txid), position: BigInt(horizon.position) };
  if (isBefore(cursor, pruned) && cursor.origin <= pruned.txid) throw expired();
}

async function oldestRunningTransaction(ctx: ContentContext): Promise<bigint> {
  const [row] = await queryRows<{ bound: string }>(ctx.db, sql`SELECT ${FEED_BOUND}::text AS bound`);
  return BigInt(row!.bound);
}

const retentionSeconds = () => getEnv().CHANGE_FEED_RETENTION_SECONDS;

function expired(): ApiError {
  return new ApiError(
    "gone",
    `the cursor is older than the change feed keeps changes (${describeSeconds(retentionSeconds())}); sync again from the start, without since`,
  );
}

/** "30 days", "1 day", "2 hours", "90 seconds". */
export function describeSeconds(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  const [size, name] = units.find(([unit]) => seconds % unit === 0)!;
  const count = seconds / size;
  return `${count} ${name}${count === 1 ? "" : "s"}`;
}

