/**
 * The translation queue's shapes (`GET /content/translation-queue`, docs/api.md "Publishing").
 * Isomorphic: no database or server-only import, so the admin's queue screen reads the same filter.
 */
import { z } from "zod";
import { TEXT_COLLECTION_KEYS } from "@/lib/collections/registry";
import type { FilterSpec } from "@/lib/filter/types";
import { CONTENT_STATUSES } from "@/lib/publishing/transitions";

/**
 * For one language, the records of every collection with text that still need a translator — no text
 * in that language (`none`), some of it (`partial`) — or, for publishable collections, whose
 * translation is complete but whose status in that language is not `published` (`ready`).
 */
export const QUEUE_STATES = ["none", "partial", "ready"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

/** Every collection with texts, publishable ones first (instructors have none: a name is not translated). */
export const QUEUE_COLLECTIONS = TEXT_COLLECTION_KEYS;

export const translationQueueFilterSpec = {
  fields: {
    language: { type: "string", operators: ["eq"], required: "the language to translate into" },
    collection: { type: "enum", values: QUEUE_COLLECTIONS, operators: ["eq", "in"] },
    state: { type: "enum", values: QUEUE_STATES, operators: ["eq", "in"] },
  },
  order: { updated: { description: "When the record last changed" } },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;

export const translationQueueEntrySchema = z
  .object({
    collection: z.enum(QUEUE_COLLECTIONS).meta({ description: "The collection's path under /content" }),
    id: z.string().meta({ description: "The record's id (uuid, or an integer id as a string)" }),
    title: z.string().meta({ description: "Title or name in the organization's default language" }),
    state: z.enum(QUEUE_STATES),
    translation: z.enum(["none", "partial", "full"]).meta({ description: "The record's translation status in the language" }),
    status: z.enum(CONTENT_STATUSES).nullable().meta({ description: "The language's status (publishable collections; a language without an entry is `draft`), else null" }),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "TranslationQueueEntry" });
export const translationQueueSchema = z
  .object({ language: z.string(), total: z.number().int(), data: z.array(translationQueueEntrySchema) })
  .meta({ id: "TranslationQueue" });
export type TranslationQueueEntry = z.infer<typeof translationQueueEntrySchema>;
