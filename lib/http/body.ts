import { ApiError } from "@/lib/core/errors";

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * How much of a refused body is still read, and thrown away, after the refusal. A keep-alive
 * connection can carry the next request only once this one's body has been read to its end; a body
 * that goes on longer closes the connection instead (docs/api.md, "General").
 */
export const DISCARD_LIMIT_BYTES = 1024 * 1024;

/** Requests whose connection must close after the response: their body was left unread. */
const unreadBodies = new WeakSet<Request>();

export function mustCloseConnection(req: Request): boolean {
  return unreadBodies.has(req);
}

type ChunkSource = { read: () => Promise<{ done?: boolean; value?: Uint8Array }>; cancel: () => Promise<unknown> };

/**
 * Reads and discards the rest of a body that was refused part-way, up to `DISCARD_LIMIT_BYTES`. When
 * more follows, reading stops and the request is marked, so its response closes the connection: a
 * body abandoned half-read would otherwise keep the connection from ever parsing its next request.
 */
export async function discardRest(req: Request, source: ChunkSource): Promise<void> {
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await source.read();
      if (done) return;
      size += value?.byteLength ?? 0;
      if (size > DISCARD_LIMIT_BYTES) break;
    }
  } catch {
    // The client went away or the stream broke: nothing is left to keep in step.
  }
  unreadBodies.add(req);
  await source.cancel().catch(() => undefined);
}

/** Marks a request whose declared body is too long to be read even for discarding. */
export function refuseDeclaredBody(req: Request, declared: number, limit: number): void {
  if (declared > limit + DISCARD_LIMIT_BYTES) unreadBodies.add(req);
}

/**
 * Reads a JSON request body of at most 1 MB without trusting `Content-Length`: the stream is counted
 * as it arrives, and a body that passes the limit is refused (its rest discarded, see `discardRest`).
 * Returns `undefined` for an empty body.
 */
export async function readJsonBody(req: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const body = await readBytesBody(req, limit, jsonTooLargeMessage(limit));
  if (body.length === 0) return undefined;
  const text = body.toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("bad_request", "request body is not valid JSON");
  }
}

function jsonTooLargeMessage(limit: number): string {
  return `request body exceeds ${Math.round(limit / 1024)} KB`;
}

/**
 * Reads a raw request body of at most `limit` bytes (counted as it arrives, whatever
 * `Content-Length` says); more is refused with 413 and the rest discarded (see `discardRest`).
 */
export async function readBytesBody(req: Request, limit: number, tooLargeMessage: string): Promise<Buffer> {
  const tooLargeError = () => new ApiError("payload_too_large", tooLargeMessage);
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) {
    refuseDeclaredBody(req, declared, limit);
    throw tooLargeError();
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await discardRest(req, reader);
      throw tooLargeError();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
