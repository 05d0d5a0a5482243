import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Caller } from "@/lib/core/caller";
import { tables, type Db } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { describeError, log } from "@/lib/log";
import { createPoster } from "@/lib/media/create-poster";
import { MediaError } from "@/lib/media/errors";
import { probeMedia } from "@/lib/media/probe-media";
import { getStorage } from "@/lib/storage";
import { defaultFormats } from "../crops";
import { isMediaMime, type UploadRecord } from "../records";
import { FILE_TYPES, nameForType } from "../sniff";
import { storageKeys } from "../storage-keys";
import { getUploadOrThrow, recordStoredFile, removeUploadFiles } from "../uploads";
import { recordOf } from "./captions";
import { recordUploadEvents, sourceUploadOf } from "./media-assets";
import { openMediaSource } from "./media-source";

const a = tables.mediaAssets;
const u = tables.uploads;

/**
 * Makes the frame at `second` a video's poster (docs/api.md "Media processing"). The poster stays
 * the same image upload (so content that uses it shows the new frame): its bytes are replaced, its
 * crops kept when the size is the same, its cached thumbnails dropped. Takes a second or two: ffmpeg
 * seeks to the frame (with byte ranges from an object store) instead of reading the video through.
 */
export async function changePoster(db: Db, caller: Caller, id: string, second: number): Promise<UploadRecord> {
  const organizationId = caller.organizationId;
  const video = await getUploadOrThrow(db, organizationId, id);
  const onlyVideos = () => new ApiError("unprocessable", "/poster_second: only videos have posters", [{ path: "/poster_second", message: "only videos have posters" }]);
  if (!isMediaMime(video.mime)) throw onlyVideos();
  const [asset] = video.mediaAssetId ? await db.select().from(a).where(eq(a.id, video.mediaAssetId)).limit(1) : [];
  if (!asset || asset.state !== "ready") throw new ApiError("conflict", "the video is not processed yet: its poster can be changed once processing is ready");
  const facts = asset.facts as { duration?: number; width?: number | null } | null;
  const duration = facts?.duration ?? 0;
  if (!facts?.width) throw onlyVideos();
  if (second > duration) {
    const message = `must be at most the video's duration (${duration} s)`;
    throw new ApiError("unprocessable", `/poster_second: ${message}`, [{ path: "/poster_second", message }]);
  }
  const source = (await sourceUploadOf(db, asset)) ?? video;
  if (!source.storageKey) throw new ApiError("not_found", "the upload has no file");

  const work = await mkdtemp(path.join(tmpdir(), "fcs-poster-"));
  const media = await openMediaSource(source.storageKey, source.size);
  try {
    const probe = await probeMedia(media.input);
    const frame = await createPoster(media.input, probe, path.join(work, "poster.jpg"), { second: Math.min(second, probe.duration) });
    const bytes = await readFile(frame.path);
    const hashes = { md5: createHash("md5").update(bytes).digest("hex"), sha256: createHash("sha256").update(bytes).digest("hex") };
    const [poster] = asset.posterUploadId ? await db.select().from(u).where(and(eq(u.id, asset.posterUploadId), eq(u.organizationId, organizationId))).limit(1) : [];
    if (poster?.storageKey) {
      await getStorage().write(poster.storageKey, [bytes], { contentType: FILE_TYPES.jpeg.mime });
      const isSameSize = poster.width === frame.width && poster.height === frame.height;
      await db.transaction(async (tx) => {
        await tx
          .update(u)
          .set({
            ...hashes,
            size: bytes.length,
            width: frame.width,
            height: frame.height,
            metadata: isSameSize ? poster.metadata : { ...poster.metadata, formats: defaultFormats(frame) },
            updatedAt: sql`now()`,
          })
          .where(eq(u.id, poster.id));
        await tx.update(a).set({ posterSecond: frame.second, updatedAt: sql`now()` }).where(eq(a.id, asset.id));
        await recordUploadEvents(tx, asset);
      });
      await getStorage()
        .removePrefix(`${storageKeys.prefix(organizationId, poster.id)}thumbnails/`)
        .catch((error) => log.warn("could not remove an old poster's thumbnails", { uploadId: poster.id, ...describeError(error) }));
    } else {
      // The poster upload was deleted: a new one.
      const posterId = crypto.randomUUID();
      const key = storageKeys.original(organizationId, posterId);
      await getStorage().write(key, [bytes], { contentType: FILE_TYPES.jpeg.mime });
      try {
        await recordStoredFile(
          db,
          { id: posterId, organizationId, key, name: nameForType(`${video.name.replace(/\.[^.]*$/, "")} poster.jpg`, FILE_TYPES.jpeg), fileType: FILE_TYPES.jpeg, size: bytes.length, ...hashes },
          async (tx) => {
            await tx.update(a).set({ posterUploadId: posterId, posterSecond: frame.second, updatedAt: sql`now()` }).where(eq(a.id, asset.id));
            await recordUploadEvents(tx, asset);
          },
        );
      } catch (error) {
        await removeUploadFiles(organizationId, posterId);
        throw error;
      }
    }
  } catch (error) {
    if (error instanceof MediaError) throw new ApiError("unprocessable", `/poster_second: ${error.message}`, [{ path: "/poster_second", message: error.message }]);
    throw error;
  } finally {
    await media.close();
    await rm(work, { recursive: true, force: true });
  }
  return recordOf(db, organizationId, id);
}
