import "server-only";
import { describeError, log } from "@/lib/log";
import { thumbnailDimensions, type Size, type Style } from "./crops";
import { renderThumbnail } from "./images";
import type { UploadRow } from "./records";
import { fileTypeOfMime } from "./sniff";
import { getStorage, storageKeys } from "./storage";
import { formatsOf } from "./uploads";

export type Thumbnail = { key: string; isCacheHit: boolean; bytes?: Buffer; size: number };

/** Renders in progress, so that simultaneous requests for one thumbnail do the work once. */
const rendering = new Map<string, Promise<Buffer>>();

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The thumbnail of an upload for a style and size, from the cache (key: id, v, style, size) or
 * rendered once and stored there. A cache hit does no image work at all.
 */
export async function getThumbnail(row: UploadRow, style: Style, size: Size | undefined): Promise<Thumbnail> {
  const storage = getStorage();
  const key = storageKeys.thumbnail(row.organizationId, row.id, row.md5, style, size);
  const cached = await storage.stat(key);
  if (cached) return { key, isCacheHit: true, size: cached.size };

  let pending = rendering.get(key);
  if (!pending) {
    pending = (async () => {
      const fileType = fileTypeOfMime(row.mime);
      if (!fileType || fileType.kind !== "image" || !row.storageKey) throw new Error(`upload ${row.id} is not an image`);
      const crop = formatsOf(row)[style];
      const target = thumbnailDimensions(style, size, crop, row.isAnimated);
      const bytes = await renderThumbnail(await readAll(storage.read(row.storageKey)), fileType, crop, target, row.isAnimated);
      await storage.write(key, [bytes]).catch((error) => log.warn("could not cache a thumbnail", { key, ...describeError(error) }));
      return bytes;
    })().finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  const bytes = await pending;
  return { key, isCacheHit: false, bytes, size: bytes.byteLength };
}
