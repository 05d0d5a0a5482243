import type { Readable } from "node:stream";
import { describeError, log } from "@/lib/log";
import { getStorage, readWhole, StorageObjectMissingError } from "@/lib/storage";
import { STYLES, thumbnailDimensions, type Crop, type Size, type Style } from "./crops";
import { ApiError } from "@/lib/core/errors";
import { UnreadableImageError, renderThumbnail, thumbnailMime } from "./images";
import type { UploadRow } from "./records";
import { fileTypeOfMime } from "./sniff";
import { storageKeys } from "./storage-keys";
import { formatsOf } from "./uploads";

/** A cached thumbnail streams from storage; a fresh one comes with the bytes just rendered. */
export type Thumbnail = { key: string; isCacheHit: true; stream: Readable } | { key: string; isCacheHit: false; bytes: Buffer };

/** Renders in progress, so that simultaneous requests for one thumbnail do the work once. */
const rendering = new Map<string, Promise<Buffer>>();


/**
 * What a thumbnail is made of: the file's version (`v`), the size and the style's current crop. It
 * names the cached file and makes the ETag, so a changed crop is never answered from the cache.
 */
export function thumbnailVariant(row: UploadRow, style: Style, size: Size | undefined): { crop: Crop; variant: string } {
  const crop = formatsOf(row)[style];
  return { crop, variant: `${row.md5}-${size ?? "full"}-${crop.x}_${crop.y}_${crop.width}_${crop.height}` };
}

/**
 * The thumbnail of an upload for a style and size, from the cache (key: id, v, style, size and the
 * crop) or rendered once and stored there. A cache hit does no image work at all.
 */
export async function getThumbnail(row: UploadRow, style: Style, size: Size | undefined): Promise<Thumbnail> {
  const storage = getStorage();
  const { crop, variant } = thumbnailVariant(row, style, size);
  const key = storageKeys.thumbnail(row.organizationId, row.id, style, variant);
  // One request to the store on a hit: the read itself tells whether the thumbnail is cached.
  const cached = await storage.read(key).catch((error: unknown) => {
    if (error instanceof StorageObjectMissingError) return undefined;
    throw error;
  });
  if (cached) return { key, isCacheHit: true, stream: cached };

  let pending = rendering.get(key);
  if (!pending) {
    pending = (async () => {
      const fileType = fileTypeOfMime(row.mime);
      if (!fileType || fileType.kind !== "image" || !row.storageKey) throw new Error(`upload ${row.id} is not an image`);
      const target = thumbnailDimensions(style, size, crop, row.isAnimated);
      const bytes = await renderThumbnail(await readWhole(storage, row.storageKey), fileType, crop, target, row.isAnimated).catch((error: unknown) => {
        // Only images stored before the pixel budget applied can be refused here.
        throw error instanceof UnreadableImageError ? new ApiError("unprocessable", `no thumbnail can be made: ${error.message}`) : error;
      });
      await storage.write(key, [bytes], { contentType: thumbnailMime(fileType) }).catch((error) => log.warn("could not cache a thumbnail", { key, ...describeError(error) }));
      return bytes;
    })().finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  const bytes = await pending;
  return { key, isCacheHit: false, bytes };
}

/**
 * The thumbnails made when an image is uploaded (docs/decisions/0019): each of the four crop formats
 * at its crop's own size. A thumbnail already in the cache is left alone, so a repeated job does no
 * image work; one that cannot be stored fails the job, which is retried (the route still renders on
 * demand meanwhile).
 */
export async function renderUploadThumbnails(row: UploadRow, signal?: AbortSignal): Promise<number> {
  const storage = getStorage();
  let rendered = 0;
  for (const style of STYLES) {
    signal?.throwIfAborted();
    const { crop, variant } = thumbnailVariant(row, style, undefined);
    const key = storageKeys.thumbnail(row.organizationId, row.id, style, variant);
    if (await storage.stat(key)) continue;
    const fileType = fileTypeOfMime(row.mime);
    if (!fileType || fileType.kind !== "image" || !row.storageKey) return rendered;
    const bytes = await renderThumbnail(await readWhole(storage, row.storageKey), fileType, crop, thumbnailDimensions(style, undefined, crop, row.isAnimated), row.isAnimated);
    await storage.write(key, [bytes], { contentType: thumbnailMime(fileType) });
    rendered++;
  }
  return rendered;
}
