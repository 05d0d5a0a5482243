import "server-only";
import type { FullRecord } from "@/components/collections/api";
import { collectionKeys, recordPath } from "@/components/collections/query-keys";
import type { AdminCollection } from "./collections";
import type { FirstPaintRead } from "./first-paint";
import { getAdminOrganizationLanguages } from "./get-admin-organization";
import { readApi } from "./read-api";

/** The record with every text and its ETag, as `useRecord` holds it (the editors and the translation workspace). */
export function recordRead(collection: AdminCollection, id: string, languages: readonly string[]): FirstPaintRead {
  return {
    key: collectionKeys.record(collection, id),
    path: recordPath(collection, id, languages),
    select: (response) => (response.status === 200 ? { record: response.data, etag: response.etag } : undefined),
  };
}

/** The record's name or title in the default language (the same read as the screen's, made once per request). */
export async function readRecordTitle(collection: AdminCollection, id: string, organizationCode: string | null): Promise<string | undefined> {
  const { languages, defaultLanguage } = await getAdminOrganizationLanguages(organizationCode);
  const response = await readApi<FullRecord>(recordRead(collection, id, languages).path);
  const text = response.status === 200 ? response.data[collection.titleField] : undefined;
  const title = text && typeof text === "object" ? (text as Record<string, unknown>)[defaultLanguage] : text;
  return typeof title === "string" && title ? title : undefined;
}
