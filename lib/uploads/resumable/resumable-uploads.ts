import { createHash } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Caller } from "@/lib/core/caller";
import { getDb, tables, type Db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/core/errors";
import { statusOf } from "@/lib/http/errors";
import { describeError, log } from "@/lib/log";
import { getStorage } from "@/lib/storage";
import { validateInput } from "@/lib/validation";
import { sniffOrRefuse, tooLarge } from "../receive-upload";
import { uploadNameSchema } from "../schemas";
import { nameForType, SNIFF_BYTES } from "../sniff";
import { recordStoredFile, removeUploadFiles } from "../uploads";
import { getResumableServer, RESUMABLE_LIFETIME_MS, resumableKey, tusRefusal, uploadIdOfKey, type ResumableHandlers } from "./resumable-server";

const r = tables.resumableUploads;
const MIB = 1024 * 1024;
/** Expired unfinished uploads removed, at most, each time an upload is created. */
const SWEEP_BATCH = 20;

/** A refusal as the tus server answers it, with the API's error body. */
function refuse(error: ApiError): never {
  throw tusRefusal(error);
}

const unprocessable = (path: string, message: string) => new ApiError("unprocessable", `${path}: ${message}`, [{ path, message }]);

/**
 * A new resumable upload: its declared size (`Upload-Length`, required: the limits apply before any
 * byte is sent) and its name (`filename` or `name` in `Upload-Metadata`).
 */
async function createResumableUpload(req: Request, caller: Caller, uploadId: string, size: number | undefined, metadata: Record<string, string | null>): Promise<void> {
  const env = getEnv();
  if (size === undefined) refuse(new ApiError("bad_request", "Upload-Length: is required (a resumable upload declares its size when it is created)", [{ path: "Upload-Length", message: "is required" }]));
  if (size === 0) refuse(unprocessable("/file", "is empty"));
  if (size > env.MEDIA_UPLOAD_MAX_MB * MIB) refuse(tooLarge(env.MEDIA_UPLOAD_MAX_MB * MIB));
  const given = metadata.filename ?? metadata.name ?? "upload";
  let name: string;
  try {
    name = validateInput(uploadNameSchema, given, ["filename"]);
  } catch (error) {
    if (error instanceof ApiError) refuse(new ApiError("unprocessable", `Upload-Metadata: filename ${error.details?.[0]?.message ?? "is not valid"}`, [{ path: "Upload-Metadata", message: `filename ${error.details?.[0]?.message ?? "is not valid"}` }]));
    throw error;
  }
  const db = await getDb();
  await sweepExpired(db);
  await db.insert(r).values({
    id: uploadId,
    organizationId: caller.organizationId,
    name,
    size,
    createdBy: caller.kind === "user" ? caller.userId : null,
    expiresAt: new Date(Date.now() + RESUMABLE_LIFETIME_MS),
  });
  void req;
}

/**
 * The first bytes of a resumable upload: refused at once when they are not an allowed type, or are
 * an image larger than images may be (`UPLOAD_MAX_MB`).
 */
async function inspectHead(key: string, head: Buffer): Promise<void> {
  try {
    const fileType = sniffOrRefuse(head);
    if (fileType.kind !== "image") return;
    const [organizationId] = key.split("/");
    const db = await getDb();
    const [pending] = await db.select({ size: r.size }).from(r).where(and(eq(r.id, uploadIdOfKey(key)), eq(r.organizationId, organizationId!))).limit(1);
    const imageLimit = getEnv().UPLOAD_MAX_MB * MIB;
    if (pending && pending.size > imageLimit) throw tooLarge(imageLimit);
  } catch (error) {
    if (error instanceof ApiError) refuse(error);
    throw error;
  }
}

/** A tus upload was terminated or refused: its record and every byte stored for it go. */
async function onRemoved(key: string): Promise<void> {
  const [organizationId] = key.split("/");
  const uploadId = uploadIdOfKey(key);
  const db = await getDb();
  await db.delete(r).where(and(eq(r.id, uploadId), eq(r.organizationId, organizationId!)));
  await removeUploadFiles(organizationId!, uploadId);
}

/** The tus upload and everything stored for it, removed after a refusal or expiry. */
async function discard(organizationId: string, uploadId: string): Promise<void> {
  const { store } = getResumableServer(handlers);
  await store.inner.remove(resumableKey(organizationId, uploadId)).catch(() => undefined);
  const db = await getDb();
  await db.delete(r).where(and(eq(r.id, uploadId), eq(r.organizationId, organizationId)));
  await removeUploadFiles(organizationId, uploadId);
}

/** md5 and SHA-256 of a stored file, read back as a stream. */
async function hashStored(key: string): Promise<{ md5: string; sha256: string }> {
  const md5 = createHash("md5");
  const sha256 = createHash("sha256");
  for await (const chunk of await getStorage().read(key)) {
    md5.update(chunk as Buffer);
    sha256.update(chunk as Buffer);
  }
  return { md5: md5.digest("hex"), sha256: sha256.digest("hex") };
}

async function readHead(key: string, size: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await getStorage().read(key, { start: 0, end: Math.min(SNIFF_BYTES, size) - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The last byte has arrived: the file becomes an upload record with the same id, checked as
 * `POST /uploads` checks a file (type from its first bytes, the image limit and pixel budget), and
 * the resumable record goes in the same transaction. A refused file is removed.
 */
async function finishResumableUpload(caller: Caller, uploadId: string, size: number): Promise<void> {
  const organizationId = caller.organizationId;
  const key = resumableKey(organizationId, uploadId);
  const db = await getDb();
  const [pending] = await db.select().from(r).where(and(eq(r.id, uploadId), eq(r.organizationId, organizationId))).limit(1);
  if (!pending) {
    if (await uploadExists(db, organizationId, uploadId)) return;
    refuse(new ApiError("not_found", "the resumable upload expired or was cancelled"));
  }
  try {
    const fileType = sniffOrRefuse(await readHead(key, size));
    const imageLimit = getEnv().UPLOAD_MAX_MB * MIB;
    if (fileType.kind === "image" && size > imageLimit) throw tooLarge(imageLimit);
    const hashes = getResumableServer(handlers).store.takeHashes(key, size) ?? (await hashStored(key));
    await recordStoredFile(db, { id: uploadId, organizationId, key, name: nameForType(pending.name, fileType), fileType, size, ...hashes }, async (tx) => {
      const finished = await tx.delete(r).where(and(eq(r.id, uploadId), eq(r.organizationId, organizationId))).returning({ id: r.id });
      if (finished.length === 0) throw new ApiError("not_found", "the resumable upload expired or was cancelled");
    });
  } catch (error) {
    if (isUniqueViolation(error) && (await uploadExists(db, organizationId, uploadId))) return;
    if (error instanceof ApiError && statusOf(error) < 500) {
      await discard(organizationId, uploadId);
      refuse(error);
    }
    throw error;
  }
}

async function uploadExists(db: Db, organizationId: string, uploadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tables.uploads.id })
    .from(tables.uploads)
    .where(and(eq(tables.uploads.id, uploadId), eq(tables.uploads.organizationId, organizationId)))
    .limit(1);
  return Boolean(row);
}

/**
 * A complete upload whose record was never written (the process died after the last byte, or the
 * store failed then): a `HEAD` that finds it complete finishes it.
 */
export async function finishIfComplete(caller: Caller, uploadId: string, response: Response): Promise<Response> {
  const offset = response.headers.get("upload-offset");
  if (response.status !== 200 || offset === null || offset !== response.headers.get("upload-length")) return response;
  const db = await getDb();
  const [pending] = await db.select({ id: r.id }).from(r).where(and(eq(r.id, uploadId), eq(r.organizationId, caller.organizationId))).limit(1);
  if (!pending) return response;
  try {
    await finishResumableUpload(caller, uploadId, Number(offset));
    return response;
  } catch (error) {
    if (error && typeof error === "object" && "status_code" in error) {
      return new Response(null, { status: (error as { status_code: number }).status_code, headers: { "Tus-Resumable": "1.0.0", "Cache-Control": "no-store" } });
    }
    throw error;
  }
}

/**
 * Removes a few resumable uploads that expired unfinished: their rows (claimed with SKIP LOCKED, so
 * servers sweeping at once never collide) and their bytes.
 */
export async function sweepExpired(db: Db): Promise<number> {
  const expired = await db
    .delete(r)
    .where(inArray(r.id, sql`(SELECT id FROM ${r} WHERE ${lt(r.expiresAt, new Date())} LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`))
    .returning({ id: r.id, organizationId: r.organizationId });
  for (const upload of expired) {
    await discard(upload.organizationId, upload.id).catch((error) => log.warn("could not remove an expired resumable upload", { uploadId: upload.id, ...describeError(error) }));
  }
  return expired.length;
}

export const handlers: ResumableHandlers = {
  onCreate: createResumableUpload,
  onFinish: finishResumableUpload,
  inspectHead,
  onRemoved,
};
