import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { getDb, tables } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { json } from "@/lib/http/responses";
import { deliveryRoute } from "@/lib/http/route";
import { subtitleTrack, writeMasterPlaylist, writeSubtitlePlaylist } from "@/lib/media/hls-playlists";
import { hlsLadderSchema, type HlsLadder } from "@/lib/media/schemas";
import { getStorage } from "@/lib/storage";
import { parseRange } from "../range";
import { captionFileName, generationOf, type CaptionRow, type MediaAssetRow } from "../records";
import { mediaPolicyPath, verifyPolicy, type PolicyCheck } from "../signing";

/**
 * The stream of an upload under `{cdn_url}/media/{id}/{policy}/…` (docs/api.md "Media processing"):
 * public, the signed policy in the path is the credential, and it covers everything under it, so
 * the relative addresses inside playlists keep it. What is served:
 * - `master.m3u8`, written on each request from the ladder's description and the upload's captions;
 * - `{generation}/…`: the ladder's playlists and segments, the preview and the waveform, as stored
 *   by the processing attempt that made them (its id is the generation, so each address always
 *   names the same bytes: immutable);
 * - `captions/{language}-{hash}.vtt` and `.m3u8`: a caption file and its one-segment playlist.
 */
const IMMUTABLE = "public, max-age=31536000, immutable";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
const CAPTION_FILE = /^([A-Za-z0-9-]+)-([0-9a-f]{16})\.(vtt|m3u8)$/;

const POLICY_MESSAGES: Record<Exclude<PolicyCheck, { ok: true }>["reason"], string> = {
  missing: "the address is not signed",
  invalid: "the address's policy is not valid",
  "wrong-path": "the address's policy was issued for another upload",
  expired: "the address has expired; fetch the upload again for a fresh one",
};

const CONTENT_TYPES: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  mp4: "video/mp4",
  m4s: "video/iso.segment",
  webp: "image/webp",
  json: "application/json",
  vtt: "text/vtt; charset=utf-8",
};

type Params = { id: string; policy: string; path: string[] };

const notFound = () => new ApiError("not_found", "no such file in this upload's stream");

function matchesIfNoneMatch(req: Request, etag: string): boolean {
  const header = req.headers.get("if-none-match");
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

const quotedDigest = (text: string) => `"${createHash("sha256").update(text).digest("base64url").slice(0, 22)}"`;

/** A playlist written on request: revalidated by its ETag (it changes when captions change). */
function playlistResponse(req: Request, text: string, isHead: boolean): Response {
  const etag = quotedDigest(text);
  const headers = new Headers({ "Content-Type": CONTENT_TYPES.m3u8!, ETag: etag, "Cache-Control": "public, max-age=0, must-revalidate", "X-Content-Type-Options": "nosniff" });
  if (matchesIfNoneMatch(req, etag)) return new Response(null, { status: 304, headers });
  return new Response(isHead ? null : text, { status: 200, headers });
}

/** A stored file, with single byte ranges, ETag and long-lived caching. */
async function storedResponse(req: Request, key: string, contentType: string, isHead: boolean): Promise<Response> {
  const storage = getStorage();
  const stored = await storage.stat(key);
  if (!stored) throw notFound();
  const etag = quotedDigest(key);
  const headers = new Headers({ "Content-Type": contentType, ETag: etag, "Cache-Control": IMMUTABLE, "Accept-Ranges": "bytes", "X-Content-Type-Options": "nosniff" });
  if (matchesIfNoneMatch(req, etag)) return new Response(null, { status: 304, headers });
  const range = parseRange(req.headers.get("range"), stored.size, req.headers.get("if-range"), etag);
  if (range === "unsatisfiable") {
    const message = `the range is not satisfiable: the file has ${stored.size} bytes`;
    return json({ code: "416", message }, { status: 416, headers: { "Content-Range": `bytes */${stored.size}`, "Cache-Control": "no-store" } });
  }
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${stored.size}`);
  const body = isHead ? null : (Readable.toWeb(await storage.read(key, range ?? undefined)) as ReadableStream<Uint8Array>);
  return new Response(body, { status: range ? 206 : 200, headers });
}

async function captionsOf(uploadId: string, organizationId: string): Promise<CaptionRow[]> {
  const db = await getDb();
  return db
    .select()
    .from(tables.uploadCaptions)
    .where(and(eq(tables.uploadCaptions.uploadId, uploadId), eq(tables.uploadCaptions.organizationId, organizationId)));
}

/** The master playlist: the ladder's variants under their generation, and a subtitle rendition per caption. */
export function masterPlaylistOf(ladder: HlsLadder, generation: string, captions: readonly CaptionRow[]): string {
  const under = (uri: string) => `${generation}/${uri}`;
  const relocated: HlsLadder = {
    ...ladder,
    variants: ladder.variants.map((variant) => ({ ...variant, uri: under(variant.uri) })),
    audio: ladder.audio ? { ...ladder.audio, uri: under(ladder.audio.uri) } : null,
  };
  const tracks = [...captions].sort((a, b) => a.language.localeCompare(b.language)).map((caption) => subtitleTrack(caption.language, `captions/${captionFileName(caption, "m3u8")}`));
  return writeMasterPlaylist(relocated, tracks);
}

async function deliver(req: Request, params: Params, isHead: boolean): Promise<Response> {
  const policy = verifyPolicy(params.policy, mediaPolicyPath(params.id));
  if (!policy.ok) throw new ApiError("forbidden", POLICY_MESSAGES[policy.reason]);
  if (!UUID.test(params.id) || params.path.length === 0 || !params.path.every((segment) => SEGMENT.test(segment))) throw notFound();

  const db = await getDb();
  // By id only: the signed policy binds the id (as for image addresses, docs/decisions/0006).
  const [upload] = await db.select().from(tables.uploads).where(eq(tables.uploads.id, params.id)).limit(1);
  if (!upload) throw new ApiError("not_found", "upload not found");
  const [first, ...rest] = params.path;

  if (first === "captions" && rest.length === 1) {
    const match = CAPTION_FILE.exec(rest[0]!);
    if (!match) throw notFound();
    const caption = (await captionsOf(upload.id, upload.organizationId)).find((row) => row.language === match[1] && row.hash === match[2]);
    if (!caption) throw notFound();
    if (match[3] === "vtt") return storedResponse(req, caption.storageKey, CONTENT_TYPES.vtt!, isHead);
    const duration = await durationOf(upload.mediaAssetId);
    return playlistResponse(req, writeSubtitlePlaylist({ uri: captionFileName(caption, "vtt"), duration }), isHead);
  }

  const asset = upload.mediaAssetId ? await assetOf(upload.mediaAssetId) : undefined;
  const generation = asset?.state === "ready" ? generationOf(asset) : undefined;
  if (!asset || !generation || !asset.ladder || !asset.prefix) throw new ApiError("not_found", "the upload's stream is not ready");
  if (first === "master.m3u8" && rest.length === 0) {
    const ladder = hlsLadderSchema.parse(asset.ladder);
    return playlistResponse(req, masterPlaylistOf(ladder, generation, await captionsOf(upload.id, upload.organizationId)), isHead);
  }
  if (first !== generation || rest.length === 0) throw notFound();
  const extension = rest.at(-1)!.split(".").pop() ?? "";
  const contentType = CONTENT_TYPES[extension];
  if (!contentType || extension === "vtt") throw notFound();
  const isAudioRendition = rest[0] === "audio" && (extension === "mp4" || extension === "m4s");
  return storedResponse(req, `${asset.prefix}${rest.join("/")}`, isAudioRendition ? "audio/mp4" : contentType, isHead);
}

async function assetOf(id: string): Promise<MediaAssetRow | undefined> {
  const db = await getDb();
  const [asset] = await db.select().from(tables.mediaAssets).where(eq(tables.mediaAssets.id, id)).limit(1);
  return asset;
}

async function durationOf(assetId: string | null): Promise<number> {
  const asset = assetId ? await assetOf(assetId) : undefined;
  const duration = (asset?.facts as { duration?: unknown } | null | undefined)?.duration;
  return typeof duration === "number" ? duration : 0;
}

/**
 * The exports of `app/cdn/media/[id]/[policy]/[...path]/route.ts`. Players on other origins (a web
 * app's own domain) fetch playlists and segments with CORS.
 */
export const cdnMediaRoute = deliveryRoute(
  "cdn-media",
  (req, raw, isHead) => {
    const path = Array.isArray(raw.path) ? raw.path : raw.path ? [raw.path] : [];
    return deliver(req, { id: String(raw.id ?? ""), policy: String(raw.policy ?? ""), path }, isHead);
  },
  { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": "Content-Range, Content-Length, ETag" },
);
