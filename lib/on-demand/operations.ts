import type { Collection } from "@/lib/content/collection";
import { collectionOperations } from "@/lib/content/operations";
import { statusOperations } from "@/lib/publishing/operations";
import { onDemand } from "./collection";
import { onDemandAllTextsSchema, onDemandInputSchema, onDemandPreviewSchema, onDemandSchema } from "./schemas";

/**
 * Every endpoint of `/content/on-demand`, each named after its operationId; route files import these and
 * nothing else. The record's rules are in ./collection, its input and response schemas in ./schemas.
 */
const recordOperations = collectionOperations(onDemand, {
  name: "OnDemand",
  preview: onDemandPreviewSchema,
  full: onDemandSchema,
  fullAllTexts: onDemandAllTextsSchema,
  input: onDemandInputSchema,
  tag: "On-demand",
  readsWithPreviewLinks: true,
  acceptsTrainingPlan: true,
  listDescription:
    "Virtual classes and audio workouts. Filters: `q` (title or description in any language, or the instructor's name), " +
    "`title[contains|eq]`, `type[eq|in]`, `level[eq|in]`, `duration[eq|in]`, `categories[eq|in|and]` and `category[eq]` (content category uuids), " +
    "`equipment[eq|in|and]`, `goals[eq|in|and]`, `instructor[eq|in]` (instructor uuid), `content_packages[eq|in|and]`, " +
    "`status` (`default:published,de:draft`; a bare `published` means `default:published`; bare or `[in]` matches any entry, `[and]` all). " +
    "Order: `updated` (default, desc), `created`, `title` (default-language title), `published` (never-published items count as the earliest). " +
    "Mobile and integration tokens see only items published in the response language (or, without an entry for it, in `default`).",
});

export const { list: listOnDemands, create: createOnDemand, get: getOnDemand, replace: replaceOnDemand, patch: patchOnDemand, remove: deleteOnDemand, recordSchema: onDemandRecordSchema } = recordOperations;

export const { patchStatus: changeOnDemandStatus, getHistory: getOnDemandStatusHistory } = statusOperations(onDemand as unknown as Collection, { name: "OnDemand", tag: "On-demand", full: onDemandRecordSchema });
