import { and, eq, inArray, sql } from "drizzle-orm";
import { tables, type Executor } from "@/lib/db";
import { completeFormats } from "./crops";
import type { UploadRecord } from "./schemas";
import { signedMediaBase, signedUploadUrl } from "./signing";

export type { UploadRecord };
export type UploadRow = typeof tables.uploads.$inferSelect;

/**
 * The columns an Upload record is made of: what `toUploadRecord` and the media views read (not the
 * organization, the content hash or the storage key).
 */
const u = tables.uploads;
const recordColumns = {
  id: u.id,
  name: u.name,
  mime: u.mime,
  size: u.size,
  md5: u.md5,
  width: u.width,
  height: u.height,
  isAnimated: u.isAnimated,
  metadata: u.metadata,
  mediaAssetId: u.mediaAssetId,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
};
export type UploadRecordRow = Pick<UploadRow, keyof typeof recordColumns>;
export type MediaAssetRow = typeof tables.mediaAssets.$inferSelect;
export type CaptionRow = typeof tables.uploadCaptions.$inferSelect;

/** What an audio or video upload's record shows of its processing. */
export type MediaView = { asset: MediaAssetRow | undefined; captions: CaptionRow[]; poster: UploadRow | undefined };

export const isMediaMime = (mime: string) => mime.startsWith("video/") || mime.startsWith("audio/");

/** The generation of an asset's visible files: the attempt that made them (the last segment of its prefix). */
export function generationOf(asset: Pick<MediaAssetRow, "prefix">): string | undefined {
  return asset.prefix?.split("/").filter(Boolean).pop();
}

/** File names of caption files: `{language}-{hash}.vtt`, and the playlist `{language}-{hash}.m3u8`. */
export const captionFileName = (caption: Pick<CaptionRow, "language" | "hash">, extension: "vtt" | "m3u8") => `${caption.language}-${caption.hash}.${extension}`;

function mediaMembers(row: UploadRecordRow, media: MediaView | undefined): Partial<UploadRecord> & { facts?: Record<string, unknown> } {
  const asset = media?.asset;
  const base = signedMediaBase(row.id);
  const captions = (media?.captions ?? [])
    .slice()
    .sort((a, b) => a.language.localeCompare(b.language))
    .map((caption) => ({ language: caption.language, url: `${base}captions/${captionFileName(caption, "vtt")}` }));
  const generation = asset?.state === "ready" ? generationOf(asset) : undefined;
  const isVideo = row.mime.startsWith("video/");
  return {
    ...(asset ? { processing: { state: asset.state, progress: asset.state === "ready" ? 1 : Math.round(asset.progress * 1000) / 1000, ...(asset.error ? { error: asset.error } : {}) } } : {}),
    playback_url: generation ? `${base}master.m3u8` : null,
    ...(isVideo
      ? {
          poster: media?.poster ? toUploadRecord(media.poster) : null,
          poster_second: media?.poster ? (asset?.posterSecond ?? null) : null,
          preview_url: generation && asset?.hasPreview ? `${base}${generation}/preview.webp` : null,
        }
      : {}),
    waveform_url: generation && asset?.hasWaveform ? `${base}${generation}/waveform.json` : null,
    captions,
    ...(generation && asset?.facts ? { facts: asset.facts } : {}),
  };
}

/**
 * The Upload record of a row (docs/api.md "Uploads"). `metadata` holds the stored members plus what the service measured:
 * `size`, and for images `width`, `height`, `animated` and all four `formats` (defaults for any crop
 * not stored, e.g. on records created without the upload endpoint).
 */
export function toUploadRecord(row: UploadRecordRow, media?: MediaView): UploadRecord {
  const image = row.mime.startsWith("image/") && row.width && row.height ? { width: row.width, height: row.height } : undefined;
  const { facts, ...members } = isMediaMime(row.mime) ? mediaMembers(row, media) : {};
  const metadata: Record<string, unknown> = {
    ...row.metadata,
    ...(row.size > 0 ? { size: row.size } : {}),
    ...(image ? { ...image, animated: row.isAnimated, formats: completeFormats(row.metadata.formats, image) } : {}),
    ...facts,
  };
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    url: signedUploadUrl({ ...row, metadata }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    ...members,
  };
}

/** The processing views of the audio and video rows among `rows`, in three queries whatever their number. */
export async function loadMediaViews(db: Executor, organizationId: string, rows: readonly UploadRecordRow[]): Promise<Map<string, MediaView>> {
  const media = rows.filter((row) => isMediaMime(row.mime));
  const views = new Map<string, MediaView>();
  if (media.length === 0) return views;
  const assetIds = [...new Set(media.flatMap((row) => (row.mediaAssetId ? [row.mediaAssetId] : [])))];
  const [assets, captions] = await Promise.all([
    assetIds.length > 0
      ? db.select().from(tables.mediaAssets).where(and(eq(tables.mediaAssets.organizationId, organizationId), inArray(tables.mediaAssets.id, assetIds)))
      : Promise.resolve([]),
    db
      .select()
      .from(tables.uploadCaptions)
      .where(and(eq(tables.uploadCaptions.organizationId, organizationId), inArray(tables.uploadCaptions.uploadId, media.map((row) => row.id)))),
  ]);
  const posterIds = assets.flatMap((asset) => (asset.posterUploadId ? [asset.posterUploadId] : []));
  const posters = posterIds.length > 0 ? await db.select().from(tables.uploads).where(and(eq(tables.uploads.organizationId, organizationId), inArray(tables.uploads.id, posterIds))) : [];
  const assetById = new Map(assets.map((asset) => [asset.id, asset]));
  const posterById = new Map(posters.map((poster) => [poster.id, poster]));
  for (const row of media) {
    const asset = row.mediaAssetId ? assetById.get(row.mediaAssetId) : undefined;
    views.set(row.id, {
      asset,
      captions: captions.filter((caption) => caption.uploadId === row.id),
      poster: asset?.posterUploadId ? posterById.get(asset.posterUploadId) : undefined,
    });
  }
  return views;
}

/** The records of `rows`, with their processing (no query for images). */
export async function toUploadRecords(db: Executor, organizationId: string, rows: readonly UploadRecordRow[]): Promise<UploadRecord[]> {
  const views = await loadMediaViews(db, organizationId, rows);
  return rows.map((row) => toUploadRecord(row, views.get(row.id)));
}

/**
 * The statement of `loadUploads`, built once per database handle (or transaction) and run with the
 * organization and the ids as parameters (`= any($ids)`, whatever their number): drizzle builds a
 * select on each call otherwise, a large share of a record read's time (docs/benchmarks.md,
 * 2026-11-29). Unnamed: PostgreSQL plans it on each run, as before.
 */
const uploadStatements = new WeakMap<Executor, { execute: (values: Record<string, unknown>) => Promise<unknown> }>();

function uploadsStatement(db: Executor) {
  let statement = uploadStatements.get(db);
  if (!statement) {
    statement = db
      .select(recordColumns)
      .from(u)
      .where(and(eq(u.organizationId, sql.placeholder("organization")), sql`${u.id} = any(${sql.placeholder("ids")}::uuid[])`))
      .prepare("");
    uploadStatements.set(db, statement);
  }
  return statement;
}

/** The organization's uploads among `ids`, in one query (never one per record). */
export async function loadUploads(db: Executor, organizationId: string, ids: Iterable<string | null | undefined>): Promise<Map<string, UploadRecord>> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = (await uploadsStatement(db).execute({ organization: organizationId, ids: wanted })) as UploadRecordRow[];
  const records = await toUploadRecords(db, organizationId, rows);
  return new Map(records.map((record) => [record.id, record]));
}
