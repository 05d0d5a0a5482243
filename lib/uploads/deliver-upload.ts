import { Readable } from "node:stream";
import { getDb } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { json } from "@/lib/http/responses";
import { getStorage } from "@/lib/storage";
import { deliveryRoute } from "@/lib/http/route";
import { SIZES, STYLES, isSize, isStyle, type Size, type Style } from "./crops";
import { thumbnailMime } from "./images";
import type { UploadRow } from "./records";
import { uploadPath, verifyPolicy, type PolicyCheck } from "./signing";
import { fileTypeOfMime } from "./sniff";
import { parseRange } from "./range";
import { getThumbnail, thumbnailVariant } from "./thumbnails";
import { findUploadForDelivery } from "./uploads";

/**
 * The image and media route under `{cdn_url}` (`/cdn/uploads/{id}/{name}`). Public: the signed policy
 * is the credential. Serves the original (with HTTP range requests) or, with `style` and `size`, a
 * cached thumbnail. Everything it serves is immutable under its address (`v` is the md5 of the bytes).
 */
const IMMUTABLE = "public, max-age=31536000, immutable";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const POLICY_MESSAGES: Record<Exclude<PolicyCheck, { ok: true }>["reason"], string> = {
  missing: "the address is not signed: the Policy parameter is missing",
  invalid: "the address's Policy is not valid",
  "wrong-path": "the address's Policy was issued for another file",
  expired: "the address has expired; fetch the upload again for a fresh one",
};

type Params = { id: string; name: string };
type Delivery = { req: Request; params: Params; isHead: boolean };

function parseThumbnailParameters(url: URL): { style?: Style; size?: Size } {
  const style = url.searchParams.get("style");
  const size = url.searchParams.get("size");
  if (style !== null && !isStyle(style)) {
    throw new ApiError("bad_request", `style: must be one of ${STYLES.join(", ")}`, [{ path: "style", message: `must be one of ${STYLES.join(", ")}` }]);
  }
  if (size !== null && !isSize(size)) {
    throw new ApiError("bad_request", `size: must be one of ${SIZES.join(", ")}`, [{ path: "size", message: `must be one of ${SIZES.join(", ")}` }]);
  }
  if (size !== null && style === null) {
    throw new ApiError("bad_request", "style: is required with size", [{ path: "style", message: "is required with size" }]);
  }
  return { style: style ?? undefined, size: size ?? undefined };
}

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2). */
function matchesIfNoneMatch(req: Request, etag: string): boolean {
  const header = req.headers.get("if-none-match");
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The stored bytes as a response body; a HEAD request reads nothing from storage. */
async function body(open: () => Promise<Readable>, isHead: boolean): Promise<BodyInit | null> {
  if (isHead) return null;
  return Readable.toWeb(await open()) as ReadableStream<Uint8Array>;
}

async function serveOriginal({ req, isHead }: Delivery, row: UploadRow): Promise<Response> {
  const storage = getStorage();
  const key = row.storageKey;
  const stored = key ? await storage.stat(key) : undefined;
  if (!key || !stored) throw new ApiError("not_found", "the upload has no file");
  const etag = `"${row.md5}"`;
  const headers = new Headers({ "Content-Type": row.mime, ETag: etag, "Cache-Control": IMMUTABLE, "Accept-Ranges": "bytes", "X-Content-Type-Options": "nosniff" });
  if (matchesIfNoneMatch(req, etag)) return new Response(null, { status: 304, headers });

  const range = parseRange(req.headers.get("range"), stored.size, req.headers.get("if-range"), etag);
  if (range === "unsatisfiable") {
    // 416 is no error code of the API's table: only this route answers it.
    const message = `the range is not satisfiable: the file has ${stored.size} bytes`;
    return json({ code: "416", message }, { status: 416, headers: { "Content-Range": `bytes */${stored.size}`, "Cache-Control": "no-store" } });
  }
  // No Content-Length: Next.js drops it from route handler responses (send-response FORBIDDEN_HEADERS)
  // and sends bodies chunked; Content-Range still states the file's size.
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${stored.size}`);
    return new Response(await body(() => storage.read(key, range), isHead), { status: 206, headers });
  }
  return new Response(await body(() => storage.read(key), isHead), { status: 200, headers });
}

async function serveThumbnail({ req, isHead }: Delivery, row: UploadRow, style: Style, size: Size | undefined): Promise<Response> {
  const fileType = fileTypeOfMime(row.mime);
  if (!fileType || fileType.kind !== "image") {
    throw new ApiError("bad_request", "style: thumbnails exist for images only", [{ path: "style", message: "thumbnails exist for images only" }]);
  }
  const etag = `"${thumbnailVariant(row, style, size).variant}"`;
  const headers = new Headers({ "Content-Type": thumbnailMime(fileType), ETag: etag, "Cache-Control": IMMUTABLE, "X-Content-Type-Options": "nosniff" });
  if (matchesIfNoneMatch(req, etag)) return new Response(null, { status: 304, headers });

  const thumbnail = await getThumbnail(row, style, size);
  headers.set("X-Thumbnail-Cache", thumbnail.isCacheHit ? "hit" : "miss");
  if (!thumbnail.isCacheHit) return new Response(isHead ? null : new Uint8Array(thumbnail.bytes), { status: 200, headers });
  if (isHead) {
    thumbnail.stream.destroy();
    return new Response(null, { status: 200, headers });
  }
  return new Response(Readable.toWeb(thumbnail.stream) as ReadableStream<Uint8Array>, { status: 200, headers });
}

async function deliver(request: Delivery): Promise<Response> {
  const { req, params } = request;
  const url = new URL(req.url);
  const policy = verifyPolicy(url.searchParams.get("Policy"), uploadPath(params));
  if (!policy.ok) throw new ApiError("forbidden", POLICY_MESSAGES[policy.reason]);
  const { style, size } = parseThumbnailParameters(url);

  const row = UUID.test(params.id) ? await findUploadForDelivery(await getDb(), params.id) : undefined;
  if (!row) throw new ApiError("not_found", "upload not found");
  if (url.searchParams.get("v") !== row.md5) throw new ApiError("forbidden", "the address's v does not match the file's current version");

  return style ? serveThumbnail(request, row, style, size) : serveOriginal(request, row);
}

/** The exports of `app/cdn/uploads/[id]/[name]/route.ts`. */
export const cdnUploadRoute = deliveryRoute("cdn", (req, raw, isHead) => deliver({ req, params: { id: String(raw.id ?? ""), name: String(raw.name ?? "") }, isHead }));
