import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import type { Caller } from "@/lib/core/caller";
import { tables, type Db } from "@/lib/db";
import { compileOrder, compileWhere, scalarField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { enqueue } from "@/lib/jobs/enqueue";
import { getStorage } from "@/lib/storage";
import { readBytesChunks } from "@/lib/translation-exchange/read-body";
import type { ImportFormat } from "./read-records";
import { CSV_MEDIA_TYPE, LINE_OUTCOMES, type ContentImportRecord } from "./schemas";
import { runContentImportTask } from "./tasks";

const ci = tables.contentImports;
const cl = tables.contentImportLines;
/** The largest file accepted (413 above); it goes to storage as it arrives, never whole into memory. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;

type ImportRow = typeof ci.$inferSelect;

export function toContentImportRecord(row: ImportRow): ContentImportRecord {
  const isFinished = row.state === "completed" || row.state === "failed";
  return {
    id: row.id,
    collection: row.collection,
    format: row.format,
    dry_run: row.isDryRun,
    atomic: row.isAtomic,
    columns: row.columns ?? null,
    state: row.state,
    progress: isFinished && row.state === "completed" ? 1 : row.bytesTotal === 0 ? 0 : Math.min(0.999, row.bytesRead / row.bytesTotal),
    bytes_total: row.bytesTotal,
    lines_read: row.linesRead,
    created: row.created,
    updated: row.updated,
    invalid: row.invalid,
    written: row.isWritten,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

function formatOf(req: Request): ImportFormat {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === CSV_MEDIA_TYPE) return "csv";
  if (["application/x-ndjson", "application/jsonl", "application/json-lines"].includes(type)) return "jsonl";
  throw new ApiError("unsupported_media_type", "the body must be JSON Lines (application/x-ndjson) or CSV (text/csv)");
}

/**
 * Takes an import file (docs/api.md "Bulk import"): streamed to object storage as it arrives, then one
 * job reads it from there; the import record and its job are created in one transaction.
 */
export async function startContentImport(
  db: Db,
  caller: Caller,
  req: Request,
  options: { collection: string; isDryRun: boolean; isAtomic: boolean; columns?: string[] },
): Promise<ContentImportRecord> {
  const format = formatOf(req);
  if (options.columns && format !== "csv") {
    throw new ApiError("unprocessable", "/columns: only a CSV file's columns can be mapped", [{ path: "/columns", message: "only a CSV file's columns can be mapped" }]);
  }
  const id = randomUUID();
  const storageKey = `${caller.organizationId}/imports/${id}/source`;
  const storage = getStorage();
  const bytes = await storage.write(storageKey, readBytesChunks(req, MAX_IMPORT_BYTES, `an import file is at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB`), {
    contentType: format === "csv" ? "text/csv" : "application/x-ndjson",
  });
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(ci)
        .values({
          id,
          organizationId: caller.organizationId,
          createdBy: caller.kind === "user" ? caller.userId : null,
          collection: options.collection,
          format,
          isDryRun: options.isDryRun,
          isAtomic: options.isAtomic,
          columns: options.columns ?? null,
          storageKey,
          bytesTotal: bytes,
        })
        .returning();
      await enqueue(tx, runContentImportTask, { import_id: id }, { organizationId: caller.organizationId });
      return inserted!;
    });
    return toContentImportRecord(row);
  } catch (error) {
    await storage.removeKey(storageKey).catch(() => undefined);
    throw error;
  }
}

export async function getContentImportOrThrow(db: Db, organizationId: string, id: string): Promise<ContentImportRecord> {
  const [row] = await db
    .select()
    .from(ci)
    .where(and(eq(ci.id, id), eq(ci.organizationId, organizationId)))
    .limit(1);
  if (!row) throw new ApiError("not_found", "import not found");
  return toContentImportRecord(row);
}

export const importLineFilterSpec = {
  fields: { outcome: { type: "enum", values: LINE_OUTCOMES, operators: ["eq", "in"] } },
  order: { line: { description: "The line in the file" } },
  defaultOrder: [{ field: "line", direction: "asc" }],
} as const satisfies FilterSpec;

/** One page of an import's line outcomes, in file order by default (the primary key's order). */
export async function listImportLines(db: Db, organizationId: string, id: string, filter: FilterQuery) {
  await getContentImportOrThrow(db, organizationId, id);
  const where = and(eq(cl.importId, id), compileWhere(filter, { outcome: scalarField(cl.outcome, "enum") }));
  const order = compileOrder(filter, { line: cl.line }, cl.line);
  const [rows, [total]] = await Promise.all([
    db.select().from(cl).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(cl).where(where),
  ]);
  return {
    total: total?.value ?? 0,
    data: rows.map((row) => ({ line: row.line, outcome: row.outcome, record_id: row.recordId, slug: row.slug, details: row.details ?? null })),
  };
}
