import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { getDb, tables, type Executor } from "@/lib/db";
import type { JobContext } from "@/lib/jobs/define-task";
import { describeError, log } from "@/lib/log";
import { computeWaveform } from "@/lib/media/compute-waveform";
import { createPoster } from "@/lib/media/create-poster";
import { createPreview } from "@/lib/media/create-preview";
import { MediaError } from "@/lib/media/errors";
import { probeMedia, type ProbedMedia } from "@/lib/media/probe-media";
import { mediaFactsSchema } from "@/lib/media/schemas";
import { transcodeMedia } from "@/lib/media/transcode-media";
import { getStorage } from "@/lib/storage";
import type { MediaAssetRow, UploadRow } from "../records";
import { FILE_TYPES, nameForType } from "../sniff";
import { storageKeys } from "../storage-keys";
import { recordStoredFile, removeUploadFiles } from "../uploads";
import { assetRoot, recordUploadEvents, reportProgress, sourceUploadOf } from "./media-assets";
import { openMediaSource } from "./media-source";

const a = tables.mediaAssets;

/** How often progress is written (and a deletion of the upload noticed). */
const PROGRESS_INTERVAL_MS = 1000;

/** The asset was deleted (its last upload went) or another attempt took it over: stop, keep nothing. */
class AttemptSuperseded extends Error {
  constructor() {
    super("the media asset was deleted or taken over by another attempt");
    this.name = "AttemptSuperseded";
  }
}

const CONTENT_TYPES: Record<string, string> = {
  ".m3u8": "application/vnd.apple.mpegurl",
  ".mp4": "video/mp4",
  ".m4s": "video/iso.segment",
  ".webp": "image/webp",
  ".json": "application/json",
};

/**
 * The `media.process` job (ADR 14): makes an asset's HLS ladder, poster, preview and waveform from
 * the bytes of an upload that has them, in a working directory, writes them to storage under a
 * folder of this attempt (`{organization}/media/{asset}/{attempt}/`), and makes them visible in one
 * statement that sets the asset `ready` with that folder as its prefix, only while this attempt
 * still owns the asset. A killed attempt therefore leaves nothing visible; the next one clears the
 * asset's folder first. A file at fault fails the asset with a sentence for people (the original is
 * kept); a machine at fault is retried, and fails the asset only on the last attempt.
 */
export async function processMedia(assetId: string, job: JobContext): Promise<void> {
  const db = await getDb();
  const [asset] = await db.select().from(a).where(eq(a.id, assetId)).limit(1);
  if (!asset || asset.state === "ready") return;
  const source = await sourceUploadOf(db, asset);
  if (!source?.storageKey) return;

  const attempt = randomUUID();
  await db.update(a).set({ state: "processing", progress: 0, error: null, attempt, updatedAt: sql`now()` }).where(eq(a.id, asset.id));
  // Nothing of the asset is visible before it is ready: whatever is there belongs to dead attempts.
  if (!asset.prefix) await getStorage().removePrefix(assetRoot(asset));
  const prefix = `${assetRoot(asset)}${attempt}/`;

  const controller = new AbortController();
  const onJobAbort = () => controller.abort(job.signal.reason);
  job.signal.addEventListener("abort", onJobAbort, { once: true });
  let progress = 0;
  let isReporting = false;
  const ticker = setInterval(() => {
    if (isReporting) return;
    isReporting = true;
    reportProgress(db, asset.id, attempt, progress)
      .then((owned) => owned || controller.abort(new AttemptSuperseded()))
      .catch((error) => log.warn("could not report media progress", { assetId, ...describeError(error) }))
      .finally(() => (isReporting = false));
  }, PROGRESS_INTERVAL_MS);

  const work = await mkdtemp(path.join(tmpdir(), "fcs-media-"));
  const media = await openMediaSource(source.storageKey, source.size);
  let posterKeyWritten: { organizationId: string; id: string; key: string } | undefined;
  try {
    const signal = controller.signal;
    const probe = await probeMedia(media.input, { signal });
    progress = 0.02;
    const hasVideo = probe.has_video;
    const ladder = await transcodeMedia(media.input, probe, path.join(work, "hls"), {
      signal,
      onProgress: (fraction) => (progress = 0.02 + fraction * (hasVideo ? 0.8 : 0.85)),
    });
    await rm(path.join(work, "hls", ladder.master), { force: true });
    let poster: Awaited<ReturnType<typeof createPoster>> | undefined;
    if (hasVideo) {
      poster = await createPoster(media.input, probe, path.join(work, "poster.jpg"), { signal });
      progress = 0.86;
      await mkdir(path.join(work, "files"), { recursive: true });
      // A video whose poster could be taken but whose preview cannot is still playable: no preview.
      await createPreview(media.input, probe, path.join(work, "files", "preview.webp"), { signal }).catch((error: unknown) => {
        if (!(error instanceof MediaError)) throw error;
        log.warn("no animated preview could be made", { assetId, reason: error.message });
      });
      progress = 0.9;
    }
    if (probe.has_audio) {
      const waveform = await computeWaveform(media.input, probe, { signal, onProgress: (fraction) => (progress = 0.9 + fraction * 0.06) });
      await writeFileIn(path.join(work, "files"), "waveform.json", JSON.stringify(waveform));
    }
    progress = 0.96;
    await writeTree(path.join(work, "hls"), prefix, signal);
    await writeTree(path.join(work, "files"), prefix, signal);
    progress = 0.99;

    const hasPreview = await exists(path.join(work, "files", "preview.webp"));
    const hasWaveform = await exists(path.join(work, "files", "waveform.json"));
    const facts = mediaFactsSchema.parse(probe);
    const ready = {
      state: "ready" as const,
      progress: 1,
      error: null,
      facts,
      ladder: ladder as unknown as Record<string, unknown>,
      prefix,
      hasPreview,
      hasWaveform,
      updatedAt: sql`now()`,
    };
    const commit = async (tx: Executor, posterUploadId?: string) => {
      const updated = await tx
        .update(a)
        .set({ ...ready, ...(posterUploadId ? { posterUploadId, posterSecond: poster!.second } : {}) })
        .where(and(eq(a.id, asset.id), eq(a.attempt, attempt)))
        .returning({ id: a.id });
      if (updated.length === 0) throw new AttemptSuperseded();
      await recordUploadEvents(tx, asset);
    };
    if (poster) {
      posterKeyWritten = await storePoster(poster.path, source);
      await recordStoredFile(db, { ...posterKeyWritten, ...(await posterFileFacts(poster.path, source, posterKeyWritten)) }, (tx) => commit(tx, posterKeyWritten!.id));
    } else {
      await db.transaction((tx) => commit(tx));
    }
    if (asset.prefix && asset.prefix !== prefix) await getStorage().removePrefix(asset.prefix).catch(() => undefined);
    log.info("media processed", { assetId, attempt: job.attempt, duration: probe.duration });
  } catch (error) {
    await getStorage().removePrefix(prefix).catch(() => undefined);
    if (posterKeyWritten) await removeUploadFiles(posterKeyWritten.organizationId, posterKeyWritten.id);
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    if (reason instanceof AttemptSuperseded) {
      log.info("media processing stopped: the upload was deleted or the work taken over", { assetId });
      return;
    }
    if (error instanceof MediaError) {
      await fail(db, asset, attempt, error.message);
      return;
    }
    const isLastAttempt = job.attempt >= job.maxAttempts;
    if (isLastAttempt) await fail(db, asset, attempt, "The media could not be processed because of a problem on the server; upload it again to retry.");
    else await db.update(a).set({ state: "queued", progress: 0, updatedAt: sql`now()` }).where(and(eq(a.id, asset.id), eq(a.attempt, attempt)));
    throw reason;
  } finally {
    clearInterval(ticker);
    job.signal.removeEventListener("abort", onJobAbort);
    await media.close();
    await rm(work, { recursive: true, force: true });
  }
}

async function fail(db: Executor, asset: MediaAssetRow, attempt: string, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(a)
      .set({ state: "failed", progress: 0, error: message, updatedAt: sql`now()` })
      .where(and(eq(a.id, asset.id), eq(a.attempt, attempt)))
      .returning({ id: a.id });
    if (updated.length > 0) await recordUploadEvents(tx, asset);
  });
}

/** Stores a poster frame as the original of a new image upload; returns its ids. */
async function storePoster(file: string, video: UploadRow): Promise<{ organizationId: string; id: string; key: string }> {
  const id = randomUUID();
  const key = storageKeys.original(video.organizationId, id);
  await getStorage().write(key, createReadStream(file), { contentType: FILE_TYPES.jpeg.mime });
  return { organizationId: video.organizationId, id, key };
}

async function posterFileFacts(file: string, video: UploadRow, stored: { key: string }) {
  const bytes = await readFile(file);
  const { createHash } = await import("node:crypto");
  const stem = video.name.replace(/\.[^.]*$/, "");
  return {
    key: stored.key,
    name: nameForType(`${stem} poster.jpg`, FILE_TYPES.jpeg),
    fileType: FILE_TYPES.jpeg,
    size: bytes.length,
    md5: createHash("md5").update(bytes).digest("hex"),
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
}

async function writeFileIn(directory: string, name: string, text: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  await writeFile(path.join(directory, name), text);
}

const exists = (file: string) => stat(file).then(() => true, () => false);

/** Every file under `directory` to storage under `prefix`, keeping the relative paths. */
async function writeTree(directory: string, prefix: string, signal: AbortSignal): Promise<void> {
  if (!(await exists(directory))) return;
  const storage = getStorage();
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    if (signal.aborted) throw signal.reason;
    const file = path.join(entry.parentPath, entry.name);
    const relative = path.relative(directory, file).split(path.sep).join("/");
    await storage.write(`${prefix}${relative}`, createReadStream(file), { contentType: CONTENT_TYPES[path.extname(file)] });
  }
}

export type { ProbedMedia };
