/**
 * The change feed's shapes (`GET /content/changes`, docs/api.md "Change feed"). Isomorphic: no server
 * code.
 */
import { z } from "zod";
import { COLLECTIONS, type CollectionKey } from "@/lib/collections/registry";

/**
 * Every collection the feed covers, by its path under /content: every collection of the registry
 * (lib/collections/registry.ts), in the order the OpenAPI document has always listed them. A test
 * holds this list equal to the registry and to the database triggers.
 */
export const CHANGE_COLLECTIONS = [
  "exercises",
  "workouts",
  "training-plans",
  "on-demand",
  "instructors",
  "equipment",
  "equipment/brands",
  "equipment/categories",
  "goals",
  "muscle-groups",
  "body-parts",
  "categories",
  "activity-types",
  "providers",
  "packages",
] as const satisfies readonly CollectionKey[];
export type ChangeCollection = CollectionKey;

/** How each collection's ids are written: lookups with integer ids are numbers in the feed too. */
export const CHANGE_COLLECTION_ID_KINDS = Object.fromEntries(COLLECTIONS.map((entry) => [entry.key, entry.idKind])) as Record<ChangeCollection, "uuid" | "int">;

export const CHANGE_KINDS = ["upsert", "delete"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const DEFAULT_CHANGES_LIMIT = 100;
export const MAX_CHANGES_LIMIT = 1000;

export const changesQuerySchema = z.object({
  since: z
    .string()
    .optional()
    .meta({ description: "A `next_cursor` from an earlier answer; without it the feed starts from the beginning (a full sync)" }),
  limit: z.coerce
    .number("must be a whole number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MAX_CHANGES_LIMIT, `must be at most ${MAX_CHANGES_LIMIT}`)
    .default(DEFAULT_CHANGES_LIMIT)
    .meta({ description: `Changes per page (1 to ${MAX_CHANGES_LIMIT})` }),
  lang: z
    .string()
    .optional()
    .meta({ description: "Comma-separated language codes: records published in any of them count as visible (else `Accept-Language` decides)" }),
});

export const changeSchema = z
  .object({
    collection: z.enum(CHANGE_COLLECTIONS).meta({ description: "The record's collection, as its path under /content" }),
    id: z.union([z.uuid(), z.int()]).meta({ description: "The record's id (an integer for lookups with integer ids)" }),
    change: z.enum(CHANGE_KINDS).meta({
      description: "`upsert`: read the record again; `delete`: drop it (deleted, or no longer visible to the caller)",
    }),
    updated_at: z.iso.datetime().meta({ description: "The record's `updated_at` for an upsert; when the change happened for a delete" }),
  })
  .meta({ id: "Change" });

export const changeListSchema = z
  .object({
    data: z.array(changeSchema).meta({ description: "Each record at most once, at its latest change, oldest first" }),
    next_cursor: z.string().meta({ description: "Send it as `since` to continue; valid for the retention window (30 days by default)" }),
    has_more: z.boolean().meta({ description: "More changes are there now: ask again at once with `next_cursor`" }),
  })
  .meta({ id: "ChangeList" });

export type Change = z.output<typeof changeSchema>;
export type ChangeList = z.output<typeof changeListSchema>;
