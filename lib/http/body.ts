import { ApiError } from "./errors";

export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Reads a JSON request body of at most 1 MB without trusting `Content-Length`: the stream is counted
 * as it arrives and abandoned as soon as it passes the limit. Returns `undefined` for an empty body.
 */
export async function readJsonBody(req: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return undefined;

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  if (size === 0) return undefined;
  const text = Buffer.concat(chunks, size).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("bad_request", "request body is not valid JSON");
  }
}

function tooLarge(limit: number): ApiError {
  return new ApiError("payload_too_large", `request body exceeds ${Math.round(limit / 1024)} KB`);
}
