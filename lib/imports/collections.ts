import { definitionMapOf } from "@/lib/collections/definitions";
import type { Collection } from "@/lib/content/collection";
import { IMPORT_COLLECTION_KEYS } from "./csv-columns";

/** What a bulk import can write (docs/api.md "Bulk import"): exercises, equipment and every lookup; the keys are `IMPORT_COLLECTION_KEYS` (csv-columns.ts). */
export const IMPORT_COLLECTIONS: ReadonlyMap<string, Collection> = definitionMapOf(IMPORT_COLLECTION_KEYS);
