import { and, eq, or, sql } from "drizzle-orm";
import type { Caller } from "@/lib/core/caller";
import type { Collection } from "@/lib/content/collection";
import { getOrganizationSettings, type ContentContext } from "@/lib/content/context";
import { tables, type Db } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { getStorage } from "@/lib/storage";
import { validateInput } from "@/lib/validation";
import { IMPORT_COLLECTIONS } from "./collections";
import { ImportFileError, readStoredRecords, UnknownReferenceError, type SourceRecord } from "./read-records";

const ci = tables.contentImports;
const cl = tables.contentImportLines;
/** Outcomes written, and progress reported, this many lines at a time. */
const BATCH = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Outcome = { line: number; outcome: "created" | "updated" | "invalid"; recordId: string | null; slug: string | null; details: { path: string; message: string }[] | null };
type Mode = "check" | "write";
class Rollback extends Error {}
class AtomicRefusal extends Error {
  constructor(readonly counts: Counts) {
    super("atomic import refused");
  }
}

async function callerOf(db: Db, organizationId: string, userId: string | null): Promise<Caller> {
  const [user] = userId
    ? await db
        .select({ id: tables.users.id, role: tables.users.role, languages: tables.users.languages })
        .from(tables.users)
        .where(and(eq(tables.users.id, userId), eq(tables.users.organizationId, organizationId)))
        .limit(1)
    : [];
  if (!user) throw new ImportFileError(0, "the person who started the import no longer exists");
  return { kind: "user", userId: user.id, organizationId, scope: "platform", role: user.role, languages: user.languages, sessionId: "import", tokenId: "import" };
}

/** Slugs or ids of lookups named in CSV cells, resolved once per import (a map as large as the names used). */
function referenceResolver(db: Db, organizationId: string) {
  const cache = new Map<string, number | string>();
  return async (collectionKey: string, value: string): Promise<number | string> => {
    const key = `${collectionKey}\u0000${value}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    const collection = IMPORT_COLLECTIONS.get(collectionKey)!;
    const table = collection.table;
    const byId = collection.idKind === "int" ? (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2 ** 31 - 1 ? eq(table.id, Number(value)) : undefined) : UUID.test(value) ? eq(table.id, value) : undefined;
    const bySlug = table.slug ? eq(table.slug, value) : undefined;
    const [row] = byId || bySlug ? await db.select({ id: table.id }).from(table).where(and(eq(table.organizationId, organizationId), or(byId, bySlug))).limit(1) : [];
    if (!row) throw new UnknownReferenceError(`no ${collection.label} has the slug or id '${value}'`);
    cache.set(key, row.id as number | string);
    return row.id as number | string;
  };
}

async function findBySlug(db: Db, collection: Collection, organizationId: string, slug: string): Promise<string | number | undefined> {
  const table = collection.table;
  if (!table.slug) return undefined;
  const [row] = await db.select({ id: table.id }).from(table).where(and(eq(table.organizationId, organizationId), eq(table.slug, slug))).limit(1);
  return row?.id as string | number | undefined;
}

/**
 * One line: validated as the create endpoint validates its body, matched by slug (an existing record
 * is replaced, else one is created), and — when only checking — written in a transaction that is
 * rolled back, so references, slugs and every rule of the collection are checked as a write would.
 */
async function processRecord(ctx: ContentContext, collection: Collection, record: SourceRecord, mode: Mode, fileSlugs: Set<string>): Promise<Outcome> {
  if ("error" in record) return { line: record.line, outcome: "invalid", recordId: null, slug: null, details: [record.error] };
  const slug = typeof record.body.slug === "string" && record.body.slug !== "" ? record.body.slug : null;
  try {
    const input = validateInput(collection.inputSchema, record.body);
    const existing = slug ? await findBySlug(ctx.db, collection, ctx.organization.id, slug) : undefined;
    if (mode === "check") {
      await ctx.db
        .transaction(async (tx) => {
          const txCtx = { ...ctx, db: tx as unknown as Db };
          if (existing !== undefined) await collection.replace(txCtx, existing, input, null);
          else await collection.create(txCtx, input);
          throw new Rollback();
        })
        .catch((error: unknown) => {
          if (!(error instanceof Rollback)) throw error;
        });
      // An earlier line of the file with the same slug would have created the record.
      const isUpdate = existing !== undefined || (slug !== null && fileSlugs.has(slug));
      if (slug) fileSlugs.add(slug);
      return { line: record.line, outcome: isUpdate ? "updated" : "created", recordId: existing === undefined ? null : String(existing), slug, details: null };
    }
    if (existing !== undefined) {
      await collection.replace(ctx, existing, input, null);
      return { line: record.line, outcome: "updated", recordId: String(existing), slug, details: null };
    }
    const created = await collection.create(ctx, input);
    return { line: record.line, outcome: "created", recordId: String(created.id), slug: slug ?? ((created.body as { slug?: string }).slug ?? null), details: null };
  } catch (error) {
    if (error instanceof ApiError && (error.code === "unprocessable" || error.code === "conflict" || error.code === "bad_request")) {
      return { line: record.line, outcome: "invalid", recordId: null, slug, details: error.details?.length ? error.details : [{ path: "", message: error.message }] };
    }
    throw error;
  }
}

type Counts = { linesRead: number; created: number; updated: number; invalid: number; bytesRead: number };

/**
 * Reads the stored file once, line by line (never whole), handing every record's outcome to `record`
 * in batches. Progress (bytes read, lines, counts) goes to the import row with each batch unless the
 * work runs inside one transaction, where nobody could see it before the end.
 */
async function passOverFile(
  db: Db,
  ctx: ContentContext,
  row: typeof ci.$inferSelect,
  collection: Collection,
  mode: Mode,
  options: { signal: AbortSignal; reportProgress: boolean; record: (outcomes: Outcome[]) => Promise<void> },
): Promise<Counts> {
  const counts: Counts = { linesRead: 0, created: 0, updated: 0, invalid: 0, bytesRead: 0 };
  const records = readStoredRecords(
    getStorage(),
    row.storageKey,
    row.format,
    {
      collection,
      languages: ctx.organization.languages,
      defaultLanguage: ctx.organization.defaultLanguage,
      resolve: referenceResolver(ctx.db, ctx.organization.id),
      columns: row.columns,
    },
    (bytes) => (counts.bytesRead += bytes),
  );
  const fileSlugs = new Set<string>();
  let batch: Outcome[] = [];
  const flush = async () => {
    await options.record(batch);
    batch = [];
    if (options.reportProgress) {
      await db
        .update(ci)
        .set({ ...counts, bytesRead: Math.min(counts.bytesRead, row.bytesTotal), updatedAt: sql`now()` })
        .where(eq(ci.id, row.id));
    }
  };
  for await (const record of records) {
    if (options.signal.aborted) throw new Error("the import job was stopped");
    const outcome = await processRecord(ctx, collection, record, mode, fileSlugs);
    counts.linesRead++;
    counts[outcome.outcome]++;
    batch.push(outcome);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return counts;
}

async function recordOutcomes(db: Db, importId: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db
    .insert(cl)
    .values(outcomes.map((outcome) => ({ importId, ...outcome })))
    .onConflictDoNothing();
}

/**
 * Runs an import (docs/api.md "Bulk import"). A dry run checks every line; a run with `atomic=false`
 * writes each valid line; an atomic run checks every line first and, when all are valid, writes them
 * all in one transaction (else nothing). A rerun of the job starts over.
 */
export async function runContentImport(db: Db, organizationId: string, importId: string, signal: AbortSignal): Promise<void> {
  const [row] = await db
    .select()
    .from(ci)
    .where(and(eq(ci.id, importId), eq(ci.organizationId, organizationId)))
    .limit(1);
  if (!row || row.state === "completed" || row.state === "failed") return;
  await db.delete(cl).where(eq(cl.importId, importId));
  await db
    .update(ci)
    .set({ state: "running", bytesRead: 0, linesRead: 0, created: 0, updated: 0, invalid: 0, isWritten: false, error: null, updatedAt: sql`now()` })
    .where(eq(ci.id, importId));
  const finish = (values: Partial<typeof ci.$inferInsert>) =>
    db
      .update(ci)
      .set({ ...values, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(ci.id, importId));
  try {
    const collection = IMPORT_COLLECTIONS.get(row.collection);
    if (!collection) throw new ImportFileError(0, `'${row.collection}' cannot be imported`);
    const organization = await getOrganizationSettings(db, organizationId);
    const caller = await callerOf(db, organizationId, row.createdBy);
    const ctx: ContentContext = {
      db,
      caller,
      organization,
      view: { mode: "single", language: organization.defaultLanguage, defaultLanguage: organization.defaultLanguage },
      writeLanguage: organization.defaultLanguage,
      seesOnlyPublished: false,
    };
    const record = (outcomes: Outcome[]) => recordOutcomes(db, importId, outcomes);
    if (row.isDryRun || row.isAtomic) {
      const checked = await passOverFile(db, ctx, row, collection, "check", { signal, reportProgress: true, record });
      if (row.isDryRun || checked.invalid > 0) {
        const error = !row.isDryRun ? `${checked.invalid} of ${checked.linesRead} lines are invalid: nothing was written (atomic)` : null;
        await finish({ ...checked, bytesRead: row.bytesTotal, state: "completed", isWritten: false, error });
        return;
      }
      try {
        const written = await db.transaction(async (tx) => {
          const txDb = tx as unknown as Db;
          await txDb.delete(cl).where(eq(cl.importId, importId));
          const counts = await passOverFile(txDb, { ...ctx, db: txDb }, row, collection, "write", { signal, reportProgress: false, record: (outcomes) => recordOutcomes(txDb, importId, outcomes) });
          // A line that became invalid since the check (a slug taken meanwhile): all or nothing.
          if (counts.invalid > 0) throw new AtomicRefusal(counts);
          return counts;
        });
        await finish({ ...written, bytesRead: row.bytesTotal, state: "completed", isWritten: true });
      } catch (error) {
        if (!(error instanceof AtomicRefusal)) throw error;
        await finish({ ...checked, bytesRead: row.bytesTotal, state: "completed", isWritten: false, error: "a line became invalid while the file was written: nothing was written (atomic)" });
      }
      return;
    }
    const written = await passOverFile(db, ctx, row, collection, "write", { signal, reportProgress: true, record });
    await finish({ ...written, bytesRead: row.bytesTotal, state: "completed", isWritten: written.created + written.updated > 0 });
  } catch (error) {
    if (!(error instanceof ImportFileError)) throw error;
    await finish({ state: "failed", error: error.message });
  }
}
