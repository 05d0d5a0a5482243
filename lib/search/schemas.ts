import { z } from "zod";
import { durationSchema, levelSchema } from "@/lib/content/shared";

/** The four searchable collections (docs/api.md "Search"): on-demand is split by type into video and audio. */
export const SEARCH_COLLECTIONS = ["workouts", "training-plans", "video", "audio"] as const;
export type SearchCollection = (typeof SEARCH_COLLECTIONS)[number];

export const SORT_FIELDS = ["match_score", "title", "duration", "created_at", "updated_at"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = "asc" | "desc";
export type SortKey = { field: SortField; direction: SortDirection };

export const FILTER_FIELDS = ["level", "duration", "goals", "categories", "types", "created_at", "updated_at"] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

export const DEFAULT_CURSOR_LIMIT = 10;
export const MAX_CURSOR_LIMIT = 50;
export const MAX_SORT_FIELDS = 3;
export const MAX_QUERY_LENGTH = 200;

const list = (values: readonly string[]) => values.join(", ");

/** An object whose keys are checked one by one, so an unknown key is reported at its own path. */
function closedObject<S extends z.ZodRawShape>(shape: S, unknownKey: (key: string) => string) {
  return z
    .looseObject(shape)
    .superRefine((value, ctx) => {
      for (const key of Object.keys(value)) {
        if (!Object.hasOwn(shape, key)) ctx.addIssue({ code: "custom", path: [key], message: unknownKey(key), input: value[key] });
      }
    })
    .meta({ additionalProperties: false } as Record<string, unknown>);
}

export const searchCollectionSchema = z
  .enum(SEARCH_COLLECTIONS, { error: `must be one of ${list(SEARCH_COLLECTIONS)}` })
  .meta({ description: "`workouts`, `training-plans`, `video` (on-demand virtual classes) or `audio` (on-demand audio workouts)" });

export const cursorOffsetSchema = z
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .min(0, "must be 0 or more")
  .max(2_147_483_647, "is too large");
export const cursorLimitSchema = z
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(MAX_CURSOR_LIMIT, `must be at most ${MAX_CURSOR_LIMIT}`);

export const searchCursorInputSchema = z
  .object({
    collection: searchCollectionSchema,
    offset: cursorOffsetSchema.default(0).meta({ description: "How many matches of the collection to skip" }),
    limit: cursorLimitSchema.default(DEFAULT_CURSOR_LIMIT).meta({ description: `How many to return (1 to ${MAX_CURSOR_LIMIT})` }),
    total: z.number().optional().meta({ description: "Ignored: a cursor from a response can be sent back as it is" }),
  })
  .meta({ id: "SearchCursorInput", description: "Where a collection's results start and how many to return" });

export const searchCursorSchema = z
  .object({
    collection: searchCollectionSchema,
    offset: z.number().int().meta({ description: "The offset that continues after the results of this response" }),
    limit: z.number().int(),
    total: z.number().int().meta({ description: "How many items of the collection match" }),
  })
  .meta({ id: "SearchCursor", example: { collection: "workouts", offset: 10, limit: 10, total: 23 } });

// --- filter_by -------------------------------------------------------------------------------------

const positiveId = z.number({ error: "must be an integer id" }).int("must be an integer id").positive("must be a positive id");
const durationValue = z
  .union([durationSchema, z.number().int().min(0).max(1440)], { error: "must be a Duration range (0-15, 16-30, 31-45, 46-60, 61+) or whole minutes (0 to 1440)" })
  .meta({ description: "A Duration range, or whole minutes compared with the result's `duration`" });
const dateValue = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: "must be a date-time (2025-01-31T12:00:00Z) or a date (2025-01-31)" })
  .meta({ description: "A date-time (compared to the millisecond) or a date (the whole UTC day)" });

const OPERATOR_HELP = {
  ordered: ["eq", "in", "gte", "lte"],
  set: ["eq", "in"],
} as const;

function operatorsOf(field: FilterField, value: z.ZodType, kind: keyof typeof OPERATOR_HELP) {
  const operators = OPERATOR_HELP[kind];
  const values = z.array(value, { error: "must be an array" }).min(1, "must list at least one value").max(100, "must list at most 100 values");
  const shape: Record<string, z.ZodType> = { eq: value.optional(), in: values.optional() };
  if (kind === "ordered") Object.assign(shape, { gte: value.optional(), lte: value.optional() });
  return closedObject(shape, (key) => `${key} is not an operator of ${field}; use ${list(operators)}`)
    .refine((conditions) => Object.keys(conditions).length > 0, `needs an operator: ${list(operators)}`)
    .meta({ description: `${field}: ${list(operators)}` });
}

type Operators<V> = { eq?: V; in?: V[]; gte?: V; lte?: V };
export type DurationValue = z.output<typeof durationValue>;
export type SearchFilter = {
  level?: Operators<z.output<typeof levelSchema>>;
  duration?: Operators<DurationValue>;
  goals?: Operators<number>;
  categories?: Operators<string>;
  types?: Operators<number>;
  created_at?: Operators<string>;
  updated_at?: Operators<string>;
};

export const searchFilterSchema = closedObject(
  {
    level: operatorsOf("level", levelSchema, "ordered").optional(),
    duration: operatorsOf("duration", durationValue, "ordered").optional(),
    goals: operatorsOf("goals", positiveId, "set").optional(),
    categories: operatorsOf("categories", z.uuid("must be a content category uuid"), "set").optional(),
    types: operatorsOf("types", positiveId, "set").optional(),
    created_at: operatorsOf("created_at", dateValue, "ordered").optional(),
    updated_at: operatorsOf("updated_at", dateValue, "ordered").optional(),
  },
  (key) => `${key} is not a search filter; use ${list(FILTER_FIELDS)}`,
).meta({
  id: "SearchFilter",
  description:
    "Field → operator → value; all given conditions must hold. `level` orders beginner < intermediate < advanced. " +
    "`duration` takes a Duration range (eq/in: that range; gte/lte: by the ranges' order) or minutes (compared with the result's `duration`); " +
    "training plans have no duration, so any duration condition leaves them out. `goals` (int ids), `categories` (content category uuids) and " +
    "`types` (content category int ids): eq = has it, in = has any; categories and types both match a content category in every collection. " +
    "Dates: a date-time to the millisecond, or a date for the whole UTC day.",
  example: { level: { in: ["beginner", "intermediate"] }, duration: { lte: "16-30" }, goals: { eq: 1 }, created_at: { gte: "2025-01-01" } },
}) as unknown as z.ZodType<SearchFilter>;

// --- sort_by ---------------------------------------------------------------------------------------

export const sortBySchema = z
  .record(z.string(), z.enum(["asc", "desc"], { error: "must be asc or desc" }))
  .superRefine((value, ctx) => {
    const fields = Object.keys(value);
    for (const field of fields) {
      if (!(SORT_FIELDS as readonly string[]).includes(field)) {
        ctx.addIssue({ code: "custom", path: [field], message: `${field} is not a sort field; use ${list(SORT_FIELDS)}`, input: value[field] });
      }
    }
    if (fields.length < 1 || fields.length > MAX_SORT_FIELDS) {
      ctx.addIssue({ code: "custom", path: [], message: `must name 1 to ${MAX_SORT_FIELDS} fields (${fields.length} given)`, input: value });
    }
  })
  .meta({
    id: "SearchSort",
    description:
      "1 to 3 fields → `asc` or `desc`, in order of precedence; later fields break ties, then the entity id. Default `{\"match_score\": \"desc\"}`. " +
      "`title` compares the title in the response language, lower-cased, by code point; `duration` puts items without one (training plans) last.",
    propertyNames: { enum: [...SORT_FIELDS] },
    minProperties: 1,
    maxProperties: MAX_SORT_FIELDS,
    example: { match_score: "desc", created_at: "desc" },
  } as Record<string, unknown>);

// --- request and response ----------------------------------------------------------------------------

const typeSchema = z
  .union([searchCollectionSchema, z.array(searchCollectionSchema).min(1, "must name at least one collection").max(4)], {
    error: `must be one of ${list(SEARCH_COLLECTIONS)}, or an array of them`,
  })
  .meta({ description: "The other described form: the collection(s) to search, paged by `filter[limit]` and `filter[offset]`" });

export const searchRequestSchema = z
  .object({
    q: z
      .string({ error: "must be a string" })
      .trim()
      .min(1, "must not be empty")
      .max(MAX_QUERY_LENGTH, `must be at most ${MAX_QUERY_LENGTH} characters`)
      .meta({ description: "What to search for: a few words; typos are tolerated" }),
    cursors: z
      .array(searchCursorInputSchema, { error: "must be an array of cursors" })
      .min(1, "must name at least one collection")
      .max(SEARCH_COLLECTIONS.length)
      .superRefine((cursors, ctx) => {
        const seen = new Set<string>();
        cursors.forEach((cursor, index) => {
          if (seen.has(cursor.collection)) ctx.addIssue({ code: "custom", path: [index, "collection"], message: `${cursor.collection} is given twice`, input: cursor.collection });
          seen.add(cursor.collection);
        });
      })
      .optional()
      .meta({
        description:
          `Collections to search and where each starts; default: all four, offset 0, limit ${DEFAULT_CURSOR_LIMIT}. ` +
          "Each collection at most once, and not together with `type`, `filter[limit]` or `filter[offset]` (422).",
      }),
    filter_by: searchFilterSchema.optional(),
    sort_by: sortBySchema.optional(),
    type: typeSchema.optional(),
    filter: closedObject(
      { limit: cursorLimitSchema.optional(), offset: cursorOffsetSchema.optional() },
      (key) => `${key} is not accepted here; use limit or offset`,
    )
      .optional()
      .meta({ description: "With `type`: page size and start (`filter[limit]`, `filter[offset]`)" }),
    "filter[limit]": cursorLimitSchema.optional().meta({ description: "With `type`: page size (1 to 50, default 10)" }),
    "filter[offset]": cursorOffsetSchema.optional().meta({ description: "With `type`: start position (default 0)" }),
  })
  .meta({
    id: "SearchRequest",
    description:
      "Either `cursors`, or the other described form: `type` with `filter[limit]`/`filter[offset]` (in the body, flat or as a `filter` object, or as query parameters).",
    example: {
      q: "hiit cardio",
      cursors: [
        { collection: "workouts", offset: 0, limit: 10 },
        { collection: "video", offset: 0, limit: 5 },
      ],
      filter_by: { level: { in: ["beginner", "intermediate"] }, duration: { lte: 30 } },
      sort_by: { match_score: "desc", created_at: "desc" },
    },
  });
export type SearchRequest = z.output<typeof searchRequestSchema>;

/** The query-string form of the other described form; parsed by `resolveCursors`. */
// The query-string form is read by ./cursors.ts (a 400 naming the parameter); these patterns are its grammar.
const COLLECTION_ITEM = `\\s*(?:${SEARCH_COLLECTIONS.join("|")})\\s*`;
export const searchQueryParametersSchema = z.object({
  type: z
    .string()
    .optional()
    .meta({ description: "Collection(s) to search, comma-separated (the other described form)", pattern: `^${COLLECTION_ITEM}(?:,${COLLECTION_ITEM})*$` }),
  "filter[limit]": z
    .string()
    .optional()
    .meta({ description: `With \`type\`: page size (1 to ${MAX_CURSOR_LIMIT}, default ${DEFAULT_CURSOR_LIMIT})`, pattern: "^0{0,8}(?:[1-9]|[1-4][0-9]|50)$" }),
  "filter[offset]": z.string().optional().meta({ description: "With `type`: start position (default 0)", pattern: "^[0-9]{1,9}$" }),
});

const labelled = <T extends z.ZodType>(id: T) => z.object({ id, label: z.string().meta({ description: "The name in the response language" }) });

export const searchResultItemSchema = z
  .object({
    collection: searchCollectionSchema,
    match_score: z.number().min(0).max(1).meta({ description: "Relevance in [0, 1], comparable across collections (4 decimals)" }),
    entity_id: z.uuid(),
    title: z.string().meta({ description: "In the response language, else the organization's default language" }),
    duration: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Minutes: a workout's estimated duration, else the upper bound of its Duration range (61 for 61+); null for training plans" }),
    level: levelSchema,
    categories: z.array(labelled(z.uuid())).meta({ description: "Content categories (a workout's or plan's `types`, an on-demand item's `categories`), by uuid" }),
    goals: z.array(labelled(z.number().int())),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "SearchResultItem" });
export type SearchResultItem = z.output<typeof searchResultItemSchema>;

export const searchQuerySuggestionSchema = z
  .object({ q: z.string(), popularity: z.number().int().meta({ description: "How often the organization searched it" }) })
  .meta({ id: "SearchQuerySuggestion" });

export const searchResponseSchema = z
  .object({
    results: z.array(searchResultItemSchema),
    suggestions: z.array(searchQuerySuggestionSchema).meta({ description: "Earlier successful queries of the organization that start like `q` (typos tolerated), most popular first, at most 5" }),
    cursors: z.array(searchCursorSchema),
  })
  .meta({
    id: "SearchResponse",
    example: {
      results: [
        {
          collection: "workouts",
          match_score: 1,
          entity_id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
          title: "HIIT Cardio",
          duration: 25,
          level: "intermediate",
          categories: [{ id: "0b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d", label: "HIIT" }],
          goals: [{ id: 1, label: "Endurance" }],
          created_at: "2025-03-01T09:30:00.000Z",
          updated_at: "2025-03-02T10:00:00.000Z",
        },
      ],
      suggestions: [{ q: "hiit cardio", popularity: 42 }],
      cursors: [
        { collection: "workouts", offset: 10, limit: 10, total: 23 },
        { collection: "training-plans", offset: 2, limit: 10, total: 2 },
        { collection: "video", offset: 10, limit: 10, total: 14 },
        { collection: "audio", offset: 0, limit: 10, total: 0 },
      ],
    },
  });
export type SearchResponse = z.output<typeof searchResponseSchema>;
