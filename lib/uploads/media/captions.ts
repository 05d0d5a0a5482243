import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Caller } from "@/lib/core/caller";
import { tables, type Db } from "@/lib/db";
import { readBytesBody } from "@/lib/http/body";
import { ApiError } from "@/lib/core/errors";
import { describeError, log } from "@/lib/log";
import { captionProblemDetail, validateCaptions } from "@/lib/media/validate-captions";
import { MAX_CAPTIONS_BYTES } from "@/lib/media/schemas";
import { getOrganizationOrThrow } from "@/lib/organizations/get-organization";
import { getStorage } from "@/lib/storage";
import { isMediaMime, toUploadRecords, type UploadRecord } from "../records";
import { getUploadOrThrow } from "../uploads";

const c = tables.uploadCaptions;
const u = tables.uploads;

/** Captions of one language: the organization's languages only; translators their own. */
async function assertCaptionLanguage(db: Db, caller: Caller, language: string): Promise<void> {
  const organization = await getOrganizationOrThrow(db, caller.organizationId);
  if (!organization.languages.includes(language)) {
    const message = `must be one of the organization's languages (${organization.languages.join(", ")})`;
    throw new ApiError("unprocessable", `/language: ${message}`, [{ path: "/language", message }]);
  }
  if (caller.kind === "user" && caller.role === "translator" && !caller.languages.includes(language)) {
    throw new ApiError("forbidden", `translators may change captions of their own languages only (${caller.languages.join(", ") || "none"})`);
  }
}

async function mediaUploadOf(db: Db, organizationId: string, id: string) {
  const row = await getUploadOrThrow(db, organizationId, id);
  if (!isMediaMime(row.mime)) {
    throw new ApiError("unprocessable", "/id: only video and audio uploads have captions", [{ path: "/id", message: "only video and audio uploads have captions" }]);
  }
  return row;
}

async function durationOfAsset(db: Db, assetId: string | null): Promise<number | undefined> {
  if (!assetId) return undefined;
  const [asset] = await db.select({ state: tables.mediaAssets.state, facts: tables.mediaAssets.facts }).from(tables.mediaAssets).where(eq(tables.mediaAssets.id, assetId)).limit(1);
  const duration = (asset?.facts as { duration?: unknown } | null | undefined)?.duration;
  return asset?.state === "ready" && typeof duration === "number" ? duration : undefined;
}

/**
 * Sets an upload's captions in one language from a WebVTT body (docs/api.md "Media processing"):
 * at most 1 MB (413), conforming WebVTT with at least one cue, every cue within the media's duration
 * once it is known (422 pointing at lines). The file is stored under a name made of its hash, so each
 * version has its own address; the previous one is removed.
 */
export async function putCaptions(db: Db, caller: Caller, id: string, language: string, req: Request): Promise<UploadRecord> {
  const organizationId = caller.organizationId;
  await assertCaptionLanguage(db, caller, language);
  const row = await mediaUploadOf(db, organizationId, id);
  const contentType = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (contentType !== "text/vtt") throw new ApiError("unsupported_media_type", "the body must be a WebVTT file sent as text/vtt");
  const bytes = await readBytesBody(req, MAX_CAPTIONS_BYTES, `the captions exceed ${MAX_CAPTIONS_BYTES / 1024 / 1024} MB`);
  const validation = validateCaptions(bytes, { duration: await durationOfAsset(db, row.mediaAssetId) });
  if (!validation.isValid) throw new ApiError("unprocessable", "the captions are not valid WebVTT", validation.problems.map(captionProblemDetail));

  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  const storageKey = `${organizationId}/${id}/captions/${language}-${hash}.vtt`;
  await getStorage().write(storageKey, [bytes], { contentType: "text/vtt; charset=utf-8" });
  const previous = await db.transaction(async (tx) => {
    const [old] = await tx.select().from(c).where(and(eq(c.uploadId, id), eq(c.language, language), eq(c.organizationId, organizationId))).for("update");
    await tx
      .insert(c)
      .values({ uploadId: id, organizationId, language, hash, storageKey, size: bytes.length, cues: validation.cues })
      .onConflictDoUpdate({ target: [c.uploadId, c.language], set: { hash, storageKey, size: bytes.length, cues: validation.cues, updatedAt: sql`now()` } });
    await tx.update(u).set({ updatedAt: sql`now()` }).where(and(eq(u.id, id), eq(u.organizationId, organizationId)));
    return old;
  });
  if (previous && previous.storageKey !== storageKey) await removeCaptionFile(previous.storageKey);
  return recordOf(db, organizationId, id);
}

/** Removes an upload's captions in one language (404 when it has none). */
export async function deleteCaptions(db: Db, caller: Caller, id: string, language: string): Promise<void> {
  const organizationId = caller.organizationId;
  await assertCaptionLanguage(db, caller, language);
  await mediaUploadOf(db, organizationId, id);
  const removed = await db.transaction(async (tx) => {
    const [old] = await tx.delete(c).where(and(eq(c.uploadId, id), eq(c.language, language), eq(c.organizationId, organizationId))).returning();
    if (old) await tx.update(u).set({ updatedAt: sql`now()` }).where(and(eq(u.id, id), eq(u.organizationId, organizationId)));
    return old;
  });
  if (!removed) throw new ApiError("not_found", `the upload has no captions in ${language}`);
  await removeCaptionFile(removed.storageKey);
}

async function removeCaptionFile(key: string): Promise<void> {
  await getStorage()
    .removeKey(key)
    .catch((error: unknown) => log.warn("could not remove replaced captions", { key, ...describeError(error) }));
}

export async function recordOf(db: Db, organizationId: string, id: string): Promise<UploadRecord> {
  const row = await getUploadOrThrow(db, organizationId, id);
  const [record] = await toUploadRecords(db, organizationId, [row]);
  return record!;
}
