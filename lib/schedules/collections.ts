import { definitionRecordOf } from "@/lib/collections/definitions";
import type { Collection } from "@/lib/content/collection";
import { SCHEDULE_COLLECTIONS, type ScheduleCollection } from "./schemas";

/** The publishable collections a schedule can change, by their path under /content. */
export const SCHEDULE_COLLECTION_MAP: Record<ScheduleCollection, Collection> = definitionRecordOf(SCHEDULE_COLLECTIONS);
