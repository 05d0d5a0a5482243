import { discardRest, refuseDeclaredBody } from "@/lib/http/body";
import { ApiError } from "@/lib/core/errors";

/**
 * A request body's chunks as they arrive, at most `limit` bytes in all (counted, whatever
 * Content-Length says); more is a 413. Whenever reading stops early the rest is discarded as
 * lib/http/body does, so the connection stays usable.
 */
export async function* readBytesChunks(req: Request, limit: number, tooLargeMessage: string): AsyncGenerator<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) {
    refuseDeclaredBody(req, declared, limit);
    throw new ApiError("payload_too_large", tooLargeMessage);
  }
  if (!req.body) return;
  const reader = req.body.getReader();
  let size = 0;
  let isRead = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        isRead = true;
        return;
      }
      size += value.byteLength;
      if (size > limit) throw new ApiError("payload_too_large", tooLargeMessage);
      yield value;
    }
  } finally {
    // Refused part-way (too large, or its reader refused what it read): the rest is read away.
    if (!isRead) await discardRest(req, reader);
  }
}
