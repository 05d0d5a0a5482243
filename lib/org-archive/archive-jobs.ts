import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { Caller } from "@/lib/core/caller";
import { getDatabase, tables, type Db } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/core/errors";
import { enqueue } from "@/lib/jobs/enqueue";
import { getStorage } from "@/lib/storage";
import { readBytesChunks } from "@/lib/translation-exchange/read-body";
import { createExpiringPolicy } from "@/lib/uploads/signing";
import { exportOrganization } from "./export-organization";
import { ArchiveError } from "./format";
import { importOrganization } from "./import-organization";
import { ARCHIVE_MEDIA_TYPE, EXPORT_URL_TTL_SECONDS, type OrganizationExport, type OrganizationImport } from "./schemas";
import { exportOrganizationTask, importOrganizationTask } from "./tasks";

const ex = tables.organizationExports;
const im = tables.organizationImports;
/** The largest archive accepted by `POST /imports` (413 above); it goes to storage as it arrives. */
export const MAX_ARCHIVE_BYTES = 8 * 1024 * 1024 * 1024;

type ExportRow = typeof ex.$inferSelect;
type ImportRow = typeof im.$inferSelect;

/** The download's path under the CDN address, which its policy covers. */
export const exportDownloadPath = (row: { id: string }) => `/exports/${row.id}/archive.tar.gz`;

export function toOrganizationExport(row: ExportRow, now = new Date()): OrganizationExport {
  const isReady = row.state === "completed";
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + EXPORT_URL_TTL_SECONDS * 1000);
  return {
    id: row.id,
    state: row.state,
    size: row.size,
    counts: row.counts,
    files: row.files,
    error: row.error,
    download_url: isReady ? `${getEnv().CDN_URL}${exportDownloadPath(row)}?${new URLSearchParams({ Policy: createExpiringPolicy(exportDownloadPath(row), expiresAt) })}` : null,
    download_expires_at: isReady ? expiresAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function toOrganizationImport(row: ImportRow): OrganizationImport {
  return {
    id: row.id,
    state: row.state,
    bytes_total: row.bytesTotal,
    ids: row.ids,
    counts: row.counts,
    matched: row.matched,
    files: row.files,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** Starts an export of the caller's organization: the record and its job in one transaction. */
export async function startOrganizationExport(db: Db, caller: Caller): Promise<OrganizationExport> {
  const id = randomUUID();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(ex)
      .values({ id, organizationId: caller.organizationId, createdBy: caller.kind === "user" ? caller.userId : null, storageKey: `${caller.organizationId}/exports/${id}/archive.tar.gz` })
      .returning();
    await enqueue(tx, exportOrganizationTask, { export_id: id }, { organizationId: caller.organizationId });
    return inserted!;
  });
  return toOrganizationExport(row);
}

export async function getOrganizationExportOrThrow(db: Db, organizationId: string, id: string): Promise<OrganizationExport> {
  const [row] = await db
    .select()
    .from(ex)
    .where(and(eq(ex.id, id), eq(ex.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new ApiError("not_found", "export not found");
  return toOrganizationExport(row);
}

/** The job: writes the archive to storage, then marks the export completed (or failed, with why). */
export async function runOrganizationExport(db: Db, organizationId: string, id: string, signal: AbortSignal): Promise<void> {
  const [row] = await db
    .update(ex)
    .set({ state: "running", error: null, updatedAt: sql`now()` })
    .where(and(eq(ex.id, id), eq(ex.organizationId, organizationId)))
    .returning();
  if (!row) return;
  const storage = getStorage();
  const database = await getDatabase();
  const stream = new PassThrough();
  try {
    const [summary, size] = await Promise.all([
      exportOrganization(db, { storage, organizationId, output: stream, isPostgres: database.kind === "postgresql", signal }),
      storage.write(row.storageKey, stream, { contentType: ARCHIVE_MEDIA_TYPE }),
    ]);
    await db
      .update(ex)
      .set({ state: "completed", size, counts: summary.counts, files: summary.files, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(ex.id, id));
  } catch (error) {
    stream.destroy();
    await storage.removeKey(row.storageKey).catch(() => undefined);
    throw error;
  }
}

/** The last attempt failed: the export says so (the job keeps the details). */
export async function failOrganizationExport(db: Db, id: string, message: string): Promise<void> {
  await db.update(ex).set({ state: "failed", error: message, updatedAt: sql`now()`, finishedAt: sql`now()` }).where(eq(ex.id, id));
}

function checkArchiveType(req: Request): void {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== ARCHIVE_MEDIA_TYPE && type !== "application/x-gzip") throw new ApiError("unsupported_media_type", "the body must be an organization archive (application/gzip)");
}

/** Takes an archive: streamed to storage as it arrives, then a job imports it into the caller's organization. */
export async function startOrganizationImport(db: Db, caller: Caller, req: Request): Promise<OrganizationImport> {
  checkArchiveType(req);
  const id = randomUUID();
  const storageKey = `${caller.organizationId}/archive-imports/${id}/archive.tar.gz`;
  const storage = getStorage();
  const bytes = await storage.write(storageKey, readBytesChunks(req, MAX_ARCHIVE_BYTES, `an archive is at most ${MAX_ARCHIVE_BYTES / 1024 / 1024 / 1024} GB`), { contentType: ARCHIVE_MEDIA_TYPE });
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(im)
        .values({ id, organizationId: caller.organizationId, createdBy: caller.kind === "user" ? caller.userId : null, storageKey, bytesTotal: bytes })
        .returning();
      await enqueue(tx, importOrganizationTask, { import_id: id }, { organizationId: caller.organizationId });
      return inserted!;
    });
    return toOrganizationImport(row);
  } catch (error) {
    await storage.removeKey(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function getOrganizationImportOrThrow(db: Db, organizationId: string, id: string): Promise<OrganizationImport> {
  const [row] = await db
    .select()
    .from(im)
    .where(and(eq(im.id, id), eq(im.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new ApiError("not_found", "import not found");
  return toOrganizationImport(row);
}

/**
 * The job: imports the stored archive. A refused archive (checksum, format version) fails the import
 * at once with its message; nothing is written then.
 */
export async function runOrganizationImport(db: Db, organizationId: string, id: string, signal: AbortSignal): Promise<"done" | { refused: string }> {
  const [row] = await db
    .update(im)
    .set({ state: "running", error: null, updatedAt: sql`now()` })
    .where(and(eq(im.id, id), eq(im.organizationId, organizationId), sql`${im.state} IN ('queued', 'running')`))
    .returning();
  if (!row) return "done";
  const storage = getStorage();
  try {
    const summary = await importOrganization(db, { storage, organizationId, open: () => storage.read(row.storageKey), signal });
    await db
      .update(im)
      .set({ state: "completed", ids: summary.ids, counts: summary.counts, matched: summary.matched, files: summary.files, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(im.id, id));
  } catch (error) {
    if (!(error instanceof ArchiveError)) throw error;
    await failOrganizationImport(db, id, error.message);
    return { refused: error.message };
  }
  await storage.removeKey(row.storageKey).catch(() => undefined);
  return "done";
}

export async function failOrganizationImport(db: Db, id: string, message: string): Promise<void> {
  const [row] = await db.update(im).set({ state: "failed", error: message, updatedAt: sql`now()`, finishedAt: sql`now()` }).where(eq(im.id, id)).returning();
  if (row) await getStorage().removeKey(row.storageKey).catch(() => undefined);
}
