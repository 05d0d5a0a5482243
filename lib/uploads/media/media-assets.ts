import { and, asc, eq, ne, sql } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import { enqueue } from "@/lib/jobs/enqueue";
import { describeError, log } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { isMediaMime, toUploadRecords, type MediaAssetRow, type UploadRow } from "../records";
import { processMediaTask } from "./tasks";

const a = tables.mediaAssets;
const u = tables.uploads;

/** Where an asset's derived files live; each attempt writes under a folder of its own in it. */
export const assetRoot = (asset: Pick<MediaAssetRow, "organizationId" | "id">) => `${asset.organizationId}/media/${asset.id}/`;

/**
 * Links a new audio or video upload to the processing of its bytes, in the upload's transaction:
 * the organization's asset for its SHA-256 when there is one (the same bytes are never processed
 * twice, unless their processing failed: then they are tried again), else a new asset with its
 * `media.process` job (which exists if and only if the upload commits).
 */
export async function attachMediaAsset(tx: Executor, row: UploadRow): Promise<string | null> {
  if (!isMediaMime(row.mime) || !row.sha256) return null;
  const [created] = await tx
    .insert(a)
    .values({ organizationId: row.organizationId, sha256: row.sha256 })
    .onConflictDoNothing({ target: [a.organizationId, a.sha256] })
    .returning({ id: a.id });
  // Bytes whose processing failed are tried again when uploaded again ("upload it again to retry").
  const retried = created
    ? undefined
    : (
        await tx
          .update(a)
          .set({ state: "queued", progress: 0, error: null, updatedAt: sql`now()` })
          .where(and(eq(a.organizationId, row.organizationId), eq(a.sha256, row.sha256), eq(a.state, "failed")))
          .returning({ id: a.id })
      )[0];
  const assetId =
    created?.id ??
    retried?.id ??
    (await tx.select({ id: a.id }).from(a).where(and(eq(a.organizationId, row.organizationId), eq(a.sha256, row.sha256))).limit(1))[0]?.id;
  if (!assetId) throw new Error("the upload's media asset vanished while it was linked");
  await tx.update(u).set({ mediaAssetId: assetId }).where(and(eq(u.id, row.id), eq(u.organizationId, row.organizationId)));
  if (created || retried) await enqueue(tx, processMediaTask, { assetId }, { organizationId: row.organizationId });
  return assetId;
}

/** The upload whose stored bytes an asset is made from: the oldest of the uploads that share them. */
export async function sourceUploadOf(db: Executor, asset: Pick<MediaAssetRow, "organizationId" | "id">): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(u)
    .where(and(eq(u.organizationId, asset.organizationId), eq(u.mediaAssetId, asset.id)))
    .orderBy(asc(u.createdAt), asc(u.id))
    .limit(1);
  return row;
}

/**
 * After an upload's row is deleted (in the same transaction): its asset goes too when no other
 * upload shares it. A job working on it finds it gone at its next progress report and stops; a
 * queued one finds nothing to do. Returns the asset to clean up after the commit.
 */
export async function releaseMediaAsset(tx: Executor, row: UploadRow): Promise<MediaAssetRow | undefined> {
  if (!row.mediaAssetId) return undefined;
  const [shared] = await tx
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.organizationId, row.organizationId), eq(u.mediaAssetId, row.mediaAssetId), ne(u.id, row.id)))
    .limit(1);
  if (shared) return undefined;
  const [deleted] = await tx.delete(a).where(and(eq(a.id, row.mediaAssetId), eq(a.organizationId, row.organizationId))).returning();
  return deleted;
}

/** The derived files of a released asset, after its deletion committed. */
export async function removeAssetFiles(asset: MediaAssetRow): Promise<void> {
  await getStorage()
    .removePrefix(assetRoot(asset))
    .catch((error) => log.warn("could not remove a media asset's files", { assetId: asset.id, ...describeError(error) }));
}

/**
 * The `Upload` `updated` webhook of every upload that shows an asset (processing ended, or the
 * poster changed), written to the outbox in the caller's transaction like content events.
 */
export async function recordUploadEvents(tx: Executor, asset: Pick<MediaAssetRow, "organizationId" | "id">): Promise<void> {
  const [organization] = await tx
    .select({ webhooksEnabled: tables.organizations.webhooksEnabled })
    .from(tables.organizations)
    .where(eq(tables.organizations.id, asset.organizationId))
    .limit(1);
  if (!organization?.webhooksEnabled) return;
  const rows = await tx.select().from(u).where(and(eq(u.organizationId, asset.organizationId), eq(u.mediaAssetId, asset.id)));
  const records = await toUploadRecords(tx, asset.organizationId, rows);
  if (records.length === 0) return;
  await tx.insert(tables.outboxEvents).values(
    records.map((record) => ({ organizationId: asset.organizationId, event: "updated" as const, entity: "Upload", entityId: record.id, data: record as Record<string, unknown> })),
  );
}

/** Moves an asset's progress on, as long as `attempt` still owns it; false when it is gone or taken over. */
export async function reportProgress(db: Executor, assetId: string, attempt: string, progress: number): Promise<boolean> {
  const updated = await db
    .update(a)
    .set({ progress: Math.max(0, Math.min(0.999, progress)), updatedAt: sql`now()` })
    .where(and(eq(a.id, assetId), eq(a.attempt, attempt)))
    .returning({ id: a.id });
  return updated.length > 0;
}
