import { and, count, eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { tables, type Db, type Executor } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { getEnv } from "@/lib/env";
import { compileOrder, compileWhere, scalarField, searchField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { ApiError, type ErrorDetail } from "@/lib/core/errors";
import { describeError, log } from "@/lib/log";
import { enqueue } from "@/lib/jobs/enqueue";
import { getOrganizationOrThrow } from "@/lib/organizations/get-organization";
import { getStorage, readWhole } from "@/lib/storage";
import { validateInput } from "@/lib/validation";
import { STYLES, completeFormats, defaultCrop, defaultFormats, validateCrop, type Formats, type Style } from "./crops";
import { UnreadableImageError, readImageInfo } from "./images";
import { receiveUpload } from "./receive-upload";
import { attachMediaAsset, releaseMediaAsset, removeAssetFiles } from "./media/media-assets";
import { toUploadRecords, type MediaAssetRow, type UploadRow } from "./records";
import { uploadNameSchema, type UpdateUploadBody, type UploadRecord } from "./schemas";
import { thumbnailsTask } from "./tasks";
import { fileTypeOfMime, nameForType, type FileType } from "./sniff";
import { storageKeys } from "./storage-keys";

const u = tables.uploads;

export const uploadFilterSpec = {
  fields: {
    q: { type: "string", operators: ["eq", "contains"] },
    name: { type: "string", operators: ["eq", "contains"] },
    mime: { type: "string", operators: ["eq", "in", "contains"] },
  },
  order: { created: { description: "Upload time" }, updated: {}, name: {} },
  defaultOrder: [{ field: "created", direction: "desc" }],
} as const satisfies FilterSpec;

const uploadFilterCompilers = {
  q: searchField([u.name]),
  name: scalarField(u.name, "string"),
  mime: scalarField(u.mime, "string"),
};

const notFound = () => new ApiError("not_found", "upload not found");

/** A version tag of the record's editable state, for `ETag` and `If-Match`. */
export const uploadEtag = (row: { updatedAt: Date }) => `"${row.updatedAt.getTime().toString(36)}"`;

export function assertIfMatch(req: Request, row: UploadRow): void {
  const ifMatch = req.headers.get("if-match");
  if (!ifMatch || ifMatch.trim() === "*") return;
  const tags = ifMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (!tags.includes(uploadEtag(row))) throw new ApiError("precondition_failed", "the upload has changed since it was read (If-Match)");
}

export async function listUploads(db: Db, organizationId: string, filter: FilterQuery) {
  const where = and(eq(u.organizationId, organizationId), compileWhere(filter, uploadFilterCompilers));
  const order = compileOrder(filter, { created: u.createdAt, updated: u.updatedAt, name: sql`lower(${u.name})` }, u.id);
  const [rows, [total]] = await Promise.all([
    db.select().from(u).where(where).orderBy(...order).limit(filter.limit).offset(filter.offset),
    db.select({ value: count() }).from(u).where(where),
  ]);
  return { total: total?.value ?? 0, data: await toUploadRecords(db, organizationId, rows) };
}

export async function getUploadOrThrow(db: Executor, organizationId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<UploadRow> {
  const query = db.select().from(u).where(and(eq(u.id, id), eq(u.organizationId, organizationId))).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound();
  return row;
}

/**
 * The upload an image address names. Deliberately not scoped to an organization: the address's
 * signed policy, which binds this id, is the credential (docs/decisions/0006).
 */
export async function findUploadForDelivery(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(u).where(eq(u.id, id)).limit(1);
  return row;
}

/**
 * Streams the request's file to storage, then records it. The bytes go to their final key only
 * complete (storage writes are atomic) and the row is inserted after that, so no record ever points
 * at a partial file; whatever fails after the write removes the file again.
 */
export async function createUpload(db: Db, organizationId: string, req: Request): Promise<UploadRecord> {
  const storage = getStorage();
  const id = randomUUID();
  const key = storageKeys.original(organizationId, id);
  // The file first, then the row: a failed or refused write (503) leaves no record behind.
  const received = await receiveUpload(req, getEnv().UPLOAD_MAX_MB * 1024 * 1024, (bytes) => storage.write(key, bytes));
  try {
    const given = received.fields.name !== undefined ? validateInput(uploadNameSchema, received.fields.name, ["name"]) : received.filename;
    const row = await recordStoredFile(db, { id, organizationId, key, name: nameForType(given, received.fileType), ...received });
    const [record] = await toUploadRecords(db, organizationId, [row]);
    return record!;
  } catch (error) {
    await removeUploadFiles(organizationId, id);
    throw error;
  }
}

/** A file complete in storage at `key`, about to become the upload `id`. */
export type StoredFile = {
  id: string;
  organizationId: string;
  key: string;
  name: string;
  fileType: FileType;
  size: number;
  md5: string;
  sha256: string;
};

/**
 * Writes the upload row of a file that is complete in storage (multipart and resumable uploads
 * alike). Images are measured first (a file that does not decode, or has more pixels than the
 * budget allows, is a 422 naming `/file`). `alsoInTransaction` runs in the insert's transaction.
 */
export async function recordStoredFile(db: Db, file: StoredFile, alsoInTransaction?: (tx: Executor) => Promise<void>): Promise<UploadRow> {
  let image: { width: number; height: number; isAnimated: boolean } | undefined;
  if (file.fileType.kind === "image") {
    try {
      image = await readImageInfo(await readWhole(getStorage(), file.key), file.fileType);
    } catch (error) {
      if (error instanceof UnreadableImageError) throw new ApiError("unprocessable", `/file: ${error.message}`, [{ path: "/file", message: error.message }]);
      throw error;
    }
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(u)
      .values({
        id: file.id,
        organizationId: file.organizationId,
        name: file.name,
        mime: file.fileType.mime,
        size: file.size,
        md5: file.md5,
        sha256: file.sha256,
        width: image?.width ?? null,
        height: image?.height ?? null,
        isAnimated: image?.isAnimated ?? false,
        metadata: image ? { formats: defaultFormats(image) } : {},
        storageKey: file.key,
      })
      .returning();
    const mediaAssetId = await attachMediaAsset(tx, row!);
    // Its thumbnails are made in the background once the record commits (the route renders any still missing).
    if (image) await enqueue(tx, thumbnailsTask, { upload_id: file.id }, { organizationId: file.organizationId });
    await alsoInTransaction?.(tx);
    return { ...row!, mediaAssetId };
  });
}

/** Removes everything stored under an upload's prefix; a failure is logged, never thrown (the bytes are orphaned, nothing breaks). */
export async function removeUploadFiles(organizationId: string, id: string): Promise<void> {
  await getStorage()
    .removePrefix(storageKeys.prefix(organizationId, id))
    .catch((error) => log.warn("could not remove an upload's files", { uploadId: id, ...describeError(error) }));
}

/** The four crops of an image row, falling back to the default for any that is not stored. */
export function formatsOf(row: UploadRow): Formats {
  return completeFormats(row.metadata.formats, { width: row.width ?? 1, height: row.height ?? 1 });
}

export async function updateUpload(db: Db, organizationId: string, id: string, changes: UpdateUploadBody, req: Request): Promise<{ record: UploadRecord; row: UploadRow }> {
  const result = await db.transaction(async (tx) => {
    const changedStyles: Style[] = [];
    const current = await getUploadOrThrow(tx, organizationId, id, { forUpdate: true });
    assertIfMatch(req, current);
    const fileType = fileTypeOfMime(current.mime);
    const patch: Partial<typeof u.$inferInsert> = {};
    if (changes.name !== undefined) patch.name = fileType ? nameForType(changes.name, fileType) : changes.name;

    const formatChanges = changes.metadata?.formats;
    if (formatChanges && Object.keys(formatChanges).length > 0) {
      if (!current.width || !current.height || !current.mime.startsWith("image/")) {
        throw new ApiError("unprocessable", "/metadata/formats: only images have formats", [{ path: "/metadata/formats", message: "only images have formats" }]);
      }
      const image = { width: current.width, height: current.height };
      const formats = formatsOf(current);
      const details: ErrorDetail[] = [];
      for (const style of STYLES) {
        const crop = formatChanges[style];
        if (crop === undefined) continue;
        changedStyles.push(style);
        if (crop === null) {
          formats[style] = defaultCrop(image, style);
          continue;
        }
        const problems = validateCrop(crop, style, image, `/metadata/formats/${style}`);
        details.push(...problems);
        if (problems.length === 0) formats[style] = crop;
      }
      if (details.length > 0) {
        const more = details.length > 1 ? ` (and ${details.length - 1} more)` : "";
        throw new ApiError("unprocessable", `${details[0]!.path}: ${details[0]!.message}${more}`, details);
      }
      patch.metadata = { ...current.metadata, formats };
    }
    const [row] = await tx
      .update(u)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(u.id, id), eq(u.organizationId, organizationId)))
      .returning();
    const [record] = await toUploadRecords(tx, organizationId, [row!]);
    return { record: record!, row: row!, changedStyles };
  });
  // Thumbnails of a replaced crop can never be asked for again (their cache key names the crop).
  await Promise.all(
    result.changedStyles.map((style) =>
      getStorage()
        .removePrefix(storageKeys.thumbnailsOfStyle(organizationId, id, style))
        .catch((error) => log.warn("could not remove outdated thumbnails", { uploadId: id, style, ...describeError(error) })),
    ),
  );
  return { record: result.record, row: result.row };
}

/** The upload columns of content records (lib/db/schema/content.ts): who can hold an upload. */
const REFERRING_COLUMNS = [
  { table: tables.exercises, column: tables.exercises.videoId, title: tables.exercises.name, label: "exercise", field: "video" },
  { table: tables.exercises, column: tables.exercises.gifId, title: tables.exercises.name, label: "exercise", field: "gif" },
  { table: tables.exercises, column: tables.exercises.imageId, title: tables.exercises.name, label: "exercise", field: "image" },
  { table: tables.workouts, column: tables.workouts.imageId, title: tables.workouts.title, label: "workout", field: "image" },
  { table: tables.trainingPlans, column: tables.trainingPlans.imageId, title: tables.trainingPlans.title, label: "training plan", field: "image" },
  { table: tables.onDemand, column: tables.onDemand.videoId, title: tables.onDemand.title, label: "on-demand item", field: "video" },
  { table: tables.onDemand, column: tables.onDemand.imageId, title: tables.onDemand.title, label: "on-demand item", field: "image" },
  { table: tables.equipment, column: tables.equipment.imageId, title: tables.equipment.name, label: "equipment", field: "image" },
  { table: tables.instructors, column: tables.instructors.photoId, title: tables.instructors.name, label: "instructor", field: "photo" },
] as const;

/**
 * Records of the organization that use the upload, named like the content endpoints name referrers
 * (`exercise <id> (Squat)`) plus the field (`as video`), in one query.
 */
export async function findReferrers(db: Executor, organizationId: string, id: string): Promise<string[]> {
  const organization = await getOrganizationOrThrow(db, organizationId);
  const selects = REFERRING_COLUMNS.map(
    ({ table, column, title, label, field }) =>
      sql`(SELECT ${label}::text AS label, ${table.id}::text AS id, to_jsonb(${title}) AS title, ${field}::text AS field FROM ${table} WHERE ${table.organizationId} = ${organizationId} AND ${column} = ${id} LIMIT 11)`,
  );
  const rows = await queryRows<{ label: string; id: string; title: unknown; field: string }>(db, sql.join(selects, sql` UNION ALL `));
  return rows.map((row) => {
    const localized = row.title && typeof row.title === "object" ? (row.title as Record<string, string>) : {};
    const title = typeof row.title === "string" ? row.title : (localized[organization.defaultLanguage] ?? Object.values(localized)[0] ?? "");
    return `${row.label} ${row.id}${title ? ` (${title})` : ""} as ${row.field}`;
  });
}

function referencedConflict(id: string, referrers: string[]): ApiError {
  const shown = referrers.slice(0, 10).join(", ");
  const more = referrers.length > 10 ? ` and more` : "";
  return new ApiError("conflict", `upload ${id} is still used by ${shown}${more}; remove those references first`);
}

/**
 * Deletes the record (409 while content uses it), then its file and cached thumbnails. Video and
 * audio take their processing with them when no other upload shares it: a running job stops, the
 * derived files go, and so does the poster unless content uses it (it then stays an image upload).
 */
export async function deleteUpload(db: Db, organizationId: string, id: string, req: Request | undefined): Promise<void> {
  let released: MediaAssetRow | undefined;
  try {
    released = await db.transaction(async (tx) => {
      const current = await getUploadOrThrow(tx, organizationId, id, { forUpdate: true });
      if (req) assertIfMatch(req, current);
      const referrers = await findReferrers(tx, organizationId, id);
      if (referrers.length > 0) throw referencedConflict(id, referrers);
      await tx.delete(u).where(and(eq(u.id, id), eq(u.organizationId, organizationId)));
      return releaseMediaAsset(tx, current);
    });
  } catch (error) {
    // A reference written between the check and the delete: the foreign key refuses the delete.
    if (isForeignKeyViolation(error)) throw new ApiError("conflict", `upload ${id} is still used by other records; remove those references first`);
    throw error;
  }
  await removeUploadFiles(organizationId, id);
  if (!released) return;
  await removeAssetFiles(released);
  if (released.posterUploadId) {
    await deleteUpload(db, organizationId, released.posterUploadId, undefined).catch((error: unknown) => {
      if (!(error instanceof ApiError)) log.warn("could not remove a deleted video's poster", { uploadId: released!.posterUploadId, ...describeError(error) });
    });
  }
}
