import { definitionMapOf } from "@/lib/collections/definitions";
import { TEXT_COLLECTION_KEYS } from "@/lib/collections/registry";
import type { Collection } from "@/lib/content/collection";

/** Every collection with texts (instructors have none: a name is not translated), by its path under /content. */
export const EXCHANGE_COLLECTIONS: ReadonlyMap<string, Collection> = definitionMapOf(TEXT_COLLECTION_KEYS);

export const EXCHANGE_COLLECTION_KEYS = TEXT_COLLECTION_KEYS as [string, ...string[]];
