import type { Collection } from "@/lib/content/collection";
import { equipment } from "@/lib/equipment/collection";
import { exercises } from "@/lib/exercises/collection";
import { LOOKUPS } from "@/lib/lookups/collections";

/** What a bulk import can write (docs/api.md "Bulk import"): exercises, equipment and every lookup; the keys are `IMPORT_COLLECTION_KEYS` (csv-columns.ts). */
export const IMPORT_COLLECTIONS: ReadonlyMap<string, Collection> = new Map(
  [exercises as unknown as Collection, equipment as unknown as Collection, ...LOOKUPS.map((lookup) => lookup.collection as unknown as Collection)].map((collection) => [
    collection.key,
    collection,
  ]),
);
