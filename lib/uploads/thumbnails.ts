import { describeError, log } from "@/lib/log";
import { thumbnailDimensions, type Crop, type Size, type Style } from "./crops";
import { renderThumbnail } from "./images";
import type { UploadRow } from "./records";
import { fileTypeOfMime } from "./sniff";
import { getStorage, readWhole, storageKeys } from "./storage";
import { formatsOf } from "./uploads";

export type Thumbnail = { key: string; isCacheHit: boolean; bytes?: Buffer };

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
  if (await storage.stat(key)) return { key, isCacheHit: true };

  let pending = rendering.get(key);
  if (!pending) {
    pending = (async () => {
      const fileType = fileTypeOfMime(row.mime);
      if (!fileType || fileType.kind !== "image" || !row.storageKey) throw new Error(`upload ${row.id} is not an image`);
      const target = thumbnailDimensions(style, size, crop, row.isAnimated);
      const bytes = await renderThumbnail(await readWhole(storage, row.storageKey), fileType, crop, target, row.isAnimated);
      await storage.write(key, [bytes]).catch((error) => log.warn("could not cache a thumbnail", { key, ...describeError(error) }));
      return bytes;
    })().finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  const bytes = await pending;
  return { key, isCacheHit: false, bytes };
}
