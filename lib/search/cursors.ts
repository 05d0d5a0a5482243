import { ApiError } from "@/lib/core/errors";
import {
  DEFAULT_CURSOR_LIMIT,
  SEARCH_COLLECTIONS,
  cursorLimitSchema,
  cursorOffsetSchema,
  searchCollectionSchema,
  type SearchCollection,
  type SearchRequest,
} from "./schemas";

export type Cursor = { collection: SearchCollection; offset: number; limit: number };

/** A query-string problem is a 400 naming the parameter, as for list filters (docs/api.md "Lists"). */
function invalidParameter(name: string, message: string): ApiError {
  return new ApiError("bad_request", `Invalid ${name}: ${message}`, [{ path: name, message }]);
}

function parseNumberParameter(name: string, raw: string, schema: typeof cursorLimitSchema | typeof cursorOffsetSchema): number {
  const parsed = /^\d{1,10}$/.test(raw) ? schema.safeParse(Number(raw)) : undefined;
  if (!parsed?.success) {
    throw invalidParameter(name, parsed?.error.issues[0]?.message ?? "must be a whole number");
  }
  return parsed.data;
}

function parseTypeParameter(raw: string): SearchCollection[] {
  const collections = raw.split(",").map((value) => value.trim());
  for (const collection of collections) {
    if (!searchCollectionSchema.safeParse(collection).success) throw invalidParameter("type", `${collection || "(empty)"} is not one of ${SEARCH_COLLECTIONS.join(", ")}`);
  }
  return [...new Set(collections)] as SearchCollection[];
}

/**
 * The cursors a search runs: `cursors` as given; or the other described form, `type` with
 * `filter[limit]`/`filter[offset]` — in the body (flat keys first, then a `filter` object) or, where the
 * body has none, in the query string — where a missing `type` means every collection; else all four
 * collections from the start.
 */
export function resolveCursors(body: SearchRequest, query: URLSearchParams): Cursor[] {
  const rawType = query.get("type");
  const rawLimit = query.get("filter[limit]");
  const rawOffset = query.get("filter[offset]");
  const type = body.type ?? (rawType !== null ? parseTypeParameter(rawType) : undefined);
  const limit = body["filter[limit]"] ?? body.filter?.limit ?? (rawLimit !== null ? parseNumberParameter("filter[limit]", rawLimit, cursorLimitSchema) : undefined);
  const offset = body["filter[offset]"] ?? body.filter?.offset ?? (rawOffset !== null ? parseNumberParameter("filter[offset]", rawOffset, cursorOffsetSchema) : undefined);
  const usesOtherForm = type !== undefined || limit !== undefined || offset !== undefined;

  if (body.cursors) {
    if (usesOtherForm) {
      const message = "cannot be combined with type, filter[limit] or filter[offset]";
      throw new ApiError("unprocessable", `/cursors: ${message}`, [{ path: "/cursors", message }]);
    }
    return body.cursors.map(({ collection, offset: start, limit: size }) => ({ collection, offset: start, limit: size }));
  }
  const collections = type === undefined ? SEARCH_COLLECTIONS : typeof type === "string" ? [type] : [...new Set(type)];
  return collections.map((collection) => ({ collection, offset: offset ?? 0, limit: limit ?? DEFAULT_CURSOR_LIMIT }));
}
