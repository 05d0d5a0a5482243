import { definitionRecordOf } from "@/lib/collections/definitions";
import type { Collection } from "@/lib/content/collection";
import { PREVIEW_COLLECTIONS, type PreviewCollection } from "./schemas";

/** The collections a preview link can be made for, by their path under /content. */
export const PREVIEW_COLLECTION_MAP: Record<PreviewCollection, Collection> = definitionRecordOf(PREVIEW_COLLECTIONS);
