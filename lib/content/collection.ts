import type { Executor } from "@/lib/db";
import type { FilterQuery } from "@/lib/filter";
import type { OrganizationSettings } from "./context";
import type { ContentContext } from "./context";
import { ApiError } from "@/lib/core/errors";
import { assertInTrainingPlan } from "@/lib/training-plans/assert-in-training-plan";
import { listQueries, listRecords, type ListPage, type ListQuery, type ListSpec } from "./list-records";
import { assertPreviewReads, findVisible, findVisibleRow, fullRecord, recordRead, type RecordSpec, type Row } from "./record";
import { referencedConflict } from "./references";
import type { WriteMode } from "./text";
import {
  assertChangeAllowed,
  checkedValues,
  deleteRecord,
  insertRecord,
  lockRecord,
  patchedInput,
  recordWrite,
  restoredInput,
  updateRecord,
  withGeneratedSlugRetry,
  withoutNestedTexts,
  type Prepared,
  type WriteOperation,
  type Written,
} from "./write-record";

export type { ContentTable, Related, Row } from "./record";
export type { ListQuery } from "./list-records";
export type { Prepared } from "./write-record";

/**
 * A content collection as the code that serves every collection alike sees it (publishing, versions,
 * imports, translation exchange, preview links, the admin): its record spec, how it lists, and its
 * domain functions.
 */
export type Collection<R extends Row = Row, I extends Record<string, unknown> = Record<string, unknown>> = RecordSpec<R, I> &
  ListSpec<R> & {
    /** The columns an input writes and what to check about them (the bench inserts with it). */
    prepare: (input: I, current: R | undefined, ctx: ContentContext, mode: WriteMode) => Promise<Prepared> | Prepared;
    list: (ctx: ContentContext, filter: FilterQuery) => Promise<ListPage>;
    /** The statements `list` runs, unexecuted (`toSQL()` gives their text and parameters). */
    listQueries: (ctx: ContentContext, filter: FilterQuery) => { rows: ListQuery; total: ListQuery };
    /** The stored row as the caller may see it (404 otherwise), preview links included. */
    findVisible: (ctx: ContentContext, id: string | number) => Promise<R>;
    get: (ctx: ContentContext, id: string | number, options?: { trainingPlanId?: string }) => Promise<{ body: unknown; etag: string; row: R }>;
    create: (ctx: ContentContext, input: I) => Promise<Written & { id: string | number }>;
    replace: (ctx: ContentContext, id: string | number, input: I, ifMatch: string | null) => Promise<Written>;
    patch: (ctx: ContentContext, id: string | number, patch: Record<string, unknown>, ifMatch: string | null) => Promise<Written>;
    remove: (ctx: ContentContext, id: string | number, ifMatch: string | null) => Promise<void>;
    /**
     * Writes a stored version's content again as a new version, checked like a replace (references,
     * required and published texts, the translator's languages); the status is left as it is. Only the
     * collections that keep versions have it.
     */
    restore?: (ctx: ContentContext, id: string | number, stored: R, number: number, ifMatch: string | null) => Promise<Written>;
    /** The full record of a row as the caller sees it. */
    fullRecord: (ctx: ContentContext, row: R, executor?: Executor) => Promise<unknown>;
  };

/** A domain's functions for its collection: its rules, each a function of its own. */
export type DomainFunctions<R extends Row, I extends Record<string, unknown>> = Pick<
  Collection<R, I>,
  "prepare" | "list" | "get" | "create" | "replace" | "patch" | "remove" | "restore"
>;

/** A collection from its record spec, its list spec and its domain functions. */
export function contentCollection<R extends Row, I extends Record<string, unknown>>(
  spec: RecordSpec<R, I>,
  list: ListSpec<R>,
  functions: DomainFunctions<R, I>,
): Collection<R, I> {
  return {
    ...spec,
    ...list,
    ...functions,
    listQueries: (ctx, filter) => listQueries(ctx, spec, list, filter),
    findVisible: (ctx, id) => findVisible(ctx, spec, id),
    fullRecord: (ctx, row, executor) => fullRecord(ctx, spec, row, executor),
  };
}

export type CollectionConfig<R extends Row, I extends Record<string, unknown>> = RecordSpec<R, I> &
  ListSpec<R> & {
    prepare: Collection<R, I>["prepare"];
    /** Records that use this one (a delete answers 409 naming them). */
    findReferrers?: (db: Executor, organization: OrganizationSettings, row: R) => Promise<string[]>;
    /** A reason this record may not be deleted at all. */
    protectFromDelete?: (row: R) => string | undefined;
  };

/**
 * The collections not yet written as domain functions of their own, and the nine lookups, which share
 * one factory (lib/lookups/collections.ts): their create, replace, patch and delete run the toolkit's
 * steps in the same order a domain function does.
 */
export function defineCollection<R extends Row, I extends Record<string, unknown>>(config: CollectionConfig<R, I>): Collection<R, I> {
  async function change(ctx: ContentContext, id: string | number, inputFor: (current: R) => I, mode: WriteMode, ifMatch: string | null, how: WriteOperation) {
    return ctx.db.transaction(async (tx) => {
      const current = await lockRecord(tx, ctx, config, id, ifMatch);
      // A restore writes the version's nested texts as they were, not merged into the current ones.
      const base = how.operation === "restore" ? withoutNestedTexts(config, current) : current;
      const values = await checkedValues(tx, ctx, config, await config.prepare(inputFor(current), base, ctx, mode), base);
      await assertChangeAllowed(tx, ctx, config, current, values);
      const row = await updateRecord(tx, ctx, config, id, values);
      return recordWrite(tx, ctx, config, row, how);
    });
  }

  return contentCollection(config, config, {
    prepare: config.prepare,
    list: (ctx, filter) => listRecords(ctx, config, config, filter),
    async get(ctx, id, options) {
      await assertPreviewReads(ctx, config, id);
      if (options?.trainingPlanId) await assertInTrainingPlan(ctx, config.key as "on-demand", id, options.trainingPlanId);
      return recordRead(ctx, config, await findVisibleRow(ctx, config, id));
    },
    create: (ctx, input) =>
      withGeneratedSlugRetry(input.slug, () =>
        ctx.db.transaction(async (tx) => {
          const values = await checkedValues(tx, ctx, config, await config.prepare(input, undefined, ctx, "create"));
          const row = await insertRecord(tx, ctx, config, values);
          return { ...(await recordWrite(tx, ctx, config, row, { operation: "create" })), id: row.id };
        }),
      ),
    replace: (ctx, id, input, ifMatch) => change(ctx, id, () => input, "replace", ifMatch, { operation: "replace" }),
    patch: (ctx, id, patch, ifMatch) => change(ctx, id, (current) => patchedInput(config, current, patch), "patch", ifMatch, { operation: "patch" }),
    restore: (ctx, id, stored, number, ifMatch) => change(ctx, id, () => restoredInput(config, stored), "replace", ifMatch, { operation: "restore", restoredFrom: number }),
    remove: (ctx, id, ifMatch) =>
      ctx.db.transaction(async (tx) => {
        const current = await lockRecord(tx, ctx, config, id, ifMatch);
        const reason = config.protectFromDelete?.(current);
        if (reason) throw new ApiError("conflict", reason);
        const referrers = (await config.findReferrers?.(tx, ctx.organization, current)) ?? [];
        if (referrers.length > 0) throw referencedConflict(`this ${config.label}`, referrers);
        await deleteRecord(tx, ctx, config, current);
      }),
  });
}
