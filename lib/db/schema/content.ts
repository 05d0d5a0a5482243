import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { organizations, users } from "./organizations";

/**
 * Content of an organization. Text fields the specification types "string or MultiLangString" are
 * stored as `LocalizedText` objects keyed by language code (`{"en": "Push-up", "de": "Liegestütz"}`).
 * `search_text` columns hold every translation of the searchable texts, lower-cased, for `q` and
 * `contains` filters (trigram-indexed). `version` increases on every write and is the ETag.
 * `text_completeness` maps each language with text to `[filled, total]` text fields, from which
 * `translation_status` is derived for any set of enabled languages without reloading the texts.
 */
export type LocalizedText = Record<string, string>;
export type ContentStatusMap = Record<string, "draft" | "published" | "unpublished">;
export type TextCompleteness = Record<string, [number, number]>;

const at = () => timestamp({ withTimezone: true, mode: "date" });
const organizationId = () =>
  uuid()
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" });
const intArray = () => integer().array().notNull().default(sql`'{}'::integer[]`);
const uuidArray = () => uuid().array().notNull().default(sql`'{}'::uuid[]`);
const textArray = () => text().array().notNull().default(sql`'{}'::text[]`);
const localized = () => jsonb().$type<LocalizedText>().notNull().default(sql`'{}'::jsonb`);
const common = {
  createdAt: at().notNull().defaultNow(),
  updatedAt: at().notNull().defaultNow(),
  version: integer().notNull().default(1),
  searchText: text().notNull().default(""),
  textCompleteness: jsonb().$type<TextCompleteness>().notNull().default(sql`'{}'::jsonb`),
};
const publishing = {
  status: jsonb().$type<ContentStatusMap>().notNull().default(sql`'{"default":"draft"}'::jsonb`),
  publishedAt: at(),
};

/**
 * `filter[order][name|title]` sorts by the localized text in the organization's default language,
 * lower-cased. An index per language the service stems (en, de, fr, es — as the search columns)
 * serves that order for organizations whose default is one of them, so a sorted page walks an index
 * instead of sorting every match (docs/benchmarks.md).
 */
export const SORTED_TEXT_LANGUAGES = ["en", "de", "fr", "es"] as const;
function sortedTextIndexes<T extends { organizationId: AnyPgColumn; id: AnyPgColumn }>(name: string, table: T, text: AnyPgColumn) {
  return SORTED_TEXT_LANGUAGES.map((language) =>
    index(`${name}_org_${text.name === "name" ? "name" : "title"}_${language}_idx`).on(table.organizationId, sql`lower((${text} ->> '${sql.raw(language)}'))`, table.id),
  );
}

/** Index set every list needs: tenant + default order, tenant + created, unique slug, trigram search. */
function listIndexes<T extends { organizationId: AnyPgColumn; updatedAt: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn; searchText: AnyPgColumn }>(
  name: string,
  table: T,
) {
  return [
    index(`${name}_org_updated_idx`).on(table.organizationId, table.updatedAt, table.id),
    index(`${name}_org_created_idx`).on(table.organizationId, table.createdAt, table.id),
    index(`${name}_search_trgm_idx`).using("gin", sql`${table.searchText} gin_trgm_ops`),
  ];
}

// --- Uploads (files arrive with the uploads feature; records can exist with their metadata) -------

export const uploads = pgTable(
  "uploads",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: text().notNull(),
    mime: text().notNull(),
    /** Bytes; media files go far past 2 GiB (resumable uploads, MEDIA_UPLOAD_MAX_MB). */
    size: bigint({ mode: "number" }).notNull().default(0),
    /** md5 of the bytes: the `v` of signed addresses. */
    md5: text().notNull().default(""),
    /** SHA-256 of the bytes: the content hash that finds the same bytes uploaded again (media processing, ADR 14). */
    sha256: text().notNull().default(""),
    width: integer(),
    height: integer(),
    isAnimated: boolean().notNull().default(false),
    /** `{formats: {widescreen, landscape, square, portrait}}` crops for images, and further members. */
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    storageKey: text(),
    /** Video and audio: what processing made of the bytes, shared by uploads of the same bytes (ADR 14). */
    mediaAssetId: uuid().references((): AnyPgColumn => mediaAssets.id, { onDelete: "set null" }),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [
    index("uploads_org_created_idx").on(table.organizationId, table.createdAt, table.id),
    index("uploads_media_asset_idx").on(table.mediaAssetId),
  ],
);

export type MediaProcessingState = "queued" | "processing" | "ready" | "failed";

/**
 * The processed form of one organization's video or audio bytes (one per content hash, so the same
 * bytes uploaded again are not processed twice): the processing state, the measured facts, the HLS
 * ladder's description and where its files are. Derived files live under
 * `{organization}/media/{asset}/{attempt}/`; `prefix` names the attempt whose files are visible, set
 * in the same statement that makes the asset `ready` (docs/decisions/0014).
 */
export const mediaAssets = pgTable(
  "media_assets",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    sha256: text().notNull(),
    state: text({ enum: ["queued", "processing", "ready", "failed"] }).$type<MediaProcessingState>().notNull().default("queued"),
    progress: real().notNull().default(0),
    error: text(),
    /** `{duration, width, height, codecs, has_audio}` once ready. */
    facts: jsonb().$type<Record<string, unknown>>(),
    /** The HLS ladder (lib/media HlsLadder), from which the master playlist is written on request. */
    ladder: jsonb().$type<Record<string, unknown>>(),
    /** Storage prefix of the visible files (ends with `/`); null until ready. */
    prefix: text(),
    /** The attempt allowed to write the asset; another attempt's results are thrown away. */
    attempt: uuid(),
    hasPreview: boolean().notNull().default(false),
    hasWaveform: boolean().notNull().default(false),
    posterUploadId: uuid().references((): AnyPgColumn => uploads.id, { onDelete: "set null" }),
    /** Where in the video the poster is (seconds). */
    posterSecond: real(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [uniqueIndex("media_assets_org_sha256_key").on(table.organizationId, table.sha256)],
);

/** A caption file of an upload, one per language; its bytes are at `storage_key`, named by their hash. */
export const uploadCaptions = pgTable(
  "upload_captions",
  {
    uploadId: uuid()
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    organizationId: organizationId(),
    language: text().notNull(),
    /** The first 16 hex digits of the file's SHA-256: its name, so every version has its own address. */
    hash: text().notNull(),
    storageKey: text().notNull(),
    size: integer().notNull(),
    cues: integer().notNull(),
    createdAt: at().notNull().defaultNow(),
    updatedAt: at().notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.language] })],
);

/**
 * A resumable (tus) upload in progress. Its bytes go straight to the key the finished upload will
 * have (`{organization}/{id}/original`); the `uploads` row with the same id is written when the last
 * byte has arrived, and this row removed in the same transaction. Unfinished ones expire.
 */
export const resumableUploads = pgTable(
  "resumable_uploads",
  {
    id: uuid().primaryKey(),
    organizationId: organizationId(),
    name: text().notNull(),
    size: bigint({ mode: "number" }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: "set null" }),
    expiresAt: at().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (table) => [index("resumable_uploads_expires_idx").on(table.expiresAt)],
);

/**
 * Who is writing to a resumable upload right now: a lease held by one request on one server,
 * renewed while it lasts, so two requests for one upload never write at once, whichever servers
 * they reach (lib/uploads/resumable/database-locker.ts).
 */
export const resumableUploadLocks = pgTable("resumable_upload_locks", {
  key: text().primaryKey(),
  holder: uuid().notNull(),
  expiresAt: at().notNull(),
  /** Another request waits for the upload: the holder lets go (tus: the newer request wins). */
  isReleaseRequested: boolean().notNull().default(false),
});

// --- Lookups -------------------------------------------------------------------------------------

function lookupTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: integer().primaryKey().generatedByDefaultAsIdentity(),
      organizationId: organizationId(),
      name: localized(),
      slug: text().notNull(),
      ...common,
    },
    (table) => [uniqueIndex(`${name}_org_slug_key`).on(table.organizationId, table.slug), ...listIndexes(name, table)],
  );
}

export const muscleGroups = lookupTable("muscle_groups");
export const bodyParts = lookupTable("body_parts");
export const activityTypes = lookupTable("activity_types");
export const contentProviders = lookupTable("content_providers");
export const fitnessGoals = lookupTable("fitness_goals");
export const equipmentBrands = lookupTable("equipment_brands");
export const equipmentCategories = lookupTable("equipment_categories");

/** Content categories: int ids where records use `types`, uuids where on-demand uses `categories`. */
export const contentCategories = pgTable(
  "content_categories",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    uuid: uuid().notNull().defaultRandom(),
    organizationId: organizationId(),
    name: localized(),
    slug: text().notNull(),
    ...common,
  },
  (table) => [
    uniqueIndex("content_categories_org_slug_key").on(table.organizationId, table.slug),
    uniqueIndex("content_categories_uuid_key").on(table.uuid),
    ...listIndexes("content_categories", table),
  ],
);

export const contentPackages = pgTable(
  "content_packages",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: localized(),
    description: localized(),
    slug: text().notNull(),
    ...common,
  },
  (table) => [uniqueIndex("content_packages_org_slug_key").on(table.organizationId, table.slug), ...listIndexes("content_packages", table)],
);

export const equipment = pgTable(
  "equipment",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    organizationId: organizationId(),
    name: localized(),
    slug: text().notNull(),
    brandId: integer().references(() => equipmentBrands.id, { onDelete: "restrict" }),
    categories: intArray(),
    description: localized(),
    imageId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    /** The special record for exercises that need no equipment (one per organization). */
    isNone: boolean().notNull().default(false),
    ...common,
  },
  (table) => [
    uniqueIndex("equipment_org_slug_key").on(table.organizationId, table.slug),
    index("equipment_org_brand_idx").on(table.organizationId, table.brandId),
    index("equipment_categories_idx").using("gin", table.categories),
    uniqueIndex("equipment_org_none_key").on(table.organizationId).where(sql`${table.isNone}`),
    ...listIndexes("equipment", table),
  ],
);

export const instructors = pgTable(
  "instructors",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    gender: text({ enum: ["male", "female", "duo"] }),
    photoId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    ...common,
  },
  (table) => [index("instructors_org_name_idx").on(table.organizationId, table.name, table.id), ...listIndexes("instructors", table)],
);

// --- Exercises, workouts, training plans, on-demand ------------------------------------------------

export const exercises = pgTable(
  "exercises",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    name: localized(),
    slug: text().notNull(),
    summary: localized(),
    level: text({ enum: ["beginner", "intermediate", "advanced"] }).notNull(),
    gender: text({ enum: ["male", "female", "duo"] }).notNull(),
    orientation: text({ enum: ["left", "right", "alternating"] }),
    muscleGroups: intArray(),
    equipment: intArray(),
    types: intArray(),
    videoId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    gifId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    imageId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    steps: jsonb().$type<LocalizedText[]>().notNull().default(sql`'[]'::jsonb`),
    ...common,
  },
  (table) => [
    uniqueIndex("exercises_org_slug_key").on(table.organizationId, table.slug),
    index("exercises_org_level_idx").on(table.organizationId, table.level, table.updatedAt),
    index("exercises_muscle_groups_idx").using("gin", table.muscleGroups),
    index("exercises_equipment_idx").using("gin", table.equipment),
    index("exercises_types_idx").using("gin", table.types),
    ...sortedTextIndexes("exercises", table, table.name),
    ...listIndexes("exercises", table),
  ],
);

export const workouts = pgTable(
  "workouts",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    title: localized(),
    description: localized(),
    slug: text().notNull(),
    imageId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    gender: text({ enum: ["male", "female", "non-binary"] }).notNull(),
    level: text({ enum: ["beginner", "intermediate", "advanced"] }).notNull(),
    types: intArray(),
    goals: intArray(),
    bodyParts: intArray(),
    locations: textArray(),
    duration: text({ enum: ["0-15", "16-30", "31-45", "46-60", "61+"] }).notNull(),
    estimatedDuration: integer(),
    template: boolean().notNull().default(false),
    contentPackages: uuidArray(),
    /** Phases with their items, as written (texts as LocalizedText objects). */
    phases: jsonb().$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    /** Every exercise the phases reference (derived), for reference checks and 409s on delete. */
    exerciseIds: uuidArray(),
    /**
     * The equipment of those exercises, kept by triggers of the `list_indexes` migration (on a workout's
     * write and on a change of an exercise's equipment), for search's "a workout's equipment is its
     * exercises'" through one GIN index instead of a join per row. Never written by application code.
     */
    exerciseEquipment: intArray(),
    ...publishing,
    ...common,
  },
  (table) => [
    uniqueIndex("workouts_org_slug_key").on(table.organizationId, table.slug),
    index("workouts_org_level_idx").on(table.organizationId, table.level, table.updatedAt),
    index("workouts_org_published_idx").on(table.organizationId, table.publishedAt, table.id),
    index("workouts_body_parts_idx").using("gin", table.bodyParts),
    index("workouts_goals_idx").using("gin", table.goals),
    index("workouts_types_idx").using("gin", table.types),
    index("workouts_packages_idx").using("gin", table.contentPackages),
    index("workouts_exercises_idx").using("gin", table.exerciseIds),
    index("workouts_status_idx").using("gin", sql`${table.status} jsonb_path_ops`),
    index("workouts_exercise_equipment_idx").using("gin", table.exerciseEquipment),
    ...sortedTextIndexes("workouts", table, table.title),
    ...listIndexes("workouts", table),
  ],
);

export const trainingPlans = pgTable(
  "training_plans",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    title: localized(),
    description: localized(),
    slug: text().notNull(),
    imageId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    goals: intArray(),
    types: intArray(),
    level: text({ enum: ["beginner", "intermediate", "advanced"] }).notNull(),
    locations: textArray(),
    contentPackages: uuidArray(),
    weeks: jsonb().$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    weeksTotal: integer().notNull().default(0),
    daysTotal: integer().notNull().default(0),
    maxDaysPerWeek: integer().notNull().default(0),
    /** Workouts and on-demand items the weeks reference (derived). */
    workoutIds: uuidArray(),
    onDemandIds: uuidArray(),
    ...publishing,
    ...common,
  },
  (table) => [
    uniqueIndex("training_plans_org_slug_key").on(table.organizationId, table.slug),
    index("training_plans_org_level_idx").on(table.organizationId, table.level, table.updatedAt),
    index("training_plans_org_days_idx").on(table.organizationId, table.daysTotal),
    index("training_plans_org_weeks_idx").on(table.organizationId, table.weeksTotal),
    index("training_plans_org_max_days_idx").on(table.organizationId, table.maxDaysPerWeek),
    index("training_plans_goals_idx").using("gin", table.goals),
    index("training_plans_types_idx").using("gin", table.types),
    index("training_plans_locations_idx").using("gin", table.locations),
    index("training_plans_packages_idx").using("gin", table.contentPackages),
    index("training_plans_workouts_idx").using("gin", table.workoutIds),
    index("training_plans_on_demand_idx").using("gin", table.onDemandIds),
    index("training_plans_status_idx").using("gin", sql`${table.status} jsonb_path_ops`),
    ...listIndexes("training_plans", table),
  ],
);

export const onDemand = pgTable(
  "on_demand",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    type: text({ enum: ["virtual-class", "audio-workout"] }).notNull(),
    title: localized(),
    description: localized(),
    slug: text().notNull(),
    videoId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    imageId: uuid().references(() => uploads.id, { onDelete: "restrict" }),
    instructorId: uuid().references(() => instructors.id, { onDelete: "restrict" }),
    contentPackages: uuidArray(),
    duration: text({ enum: ["0-15", "16-30", "31-45", "46-60", "61+"] }).notNull(),
    level: text({ enum: ["beginner", "intermediate", "advanced"] }).notNull(),
    goals: intArray(),
    equipment: intArray(),
    categories: uuidArray(),
    languages: textArray(),
    contentProvider: integer().references(() => contentProviders.id, { onDelete: "restrict" }),
    ...publishing,
    ...common,
  },
  (table) => [
    uniqueIndex("on_demand_org_slug_key").on(table.organizationId, table.slug),
    index("on_demand_org_type_idx").on(table.organizationId, table.type, table.updatedAt),
    index("on_demand_org_level_idx").on(table.organizationId, table.level, table.updatedAt),
    index("on_demand_org_duration_idx").on(table.organizationId, table.duration),
    index("on_demand_org_instructor_idx").on(table.organizationId, table.instructorId),
    index("on_demand_goals_idx").using("gin", table.goals),
    index("on_demand_equipment_idx").using("gin", table.equipment),
    index("on_demand_categories_idx").using("gin", table.categories),
    index("on_demand_packages_idx").using("gin", table.contentPackages),
    index("on_demand_status_idx").using("gin", sql`${table.status} jsonb_path_ops`),
    check("on_demand_type_valid", sql`${table.type} IN ('virtual-class', 'audio-workout')`),
    ...sortedTextIndexes("on_demand", table, table.title),
    ...listIndexes("on_demand", table),
  ],
);

/** Who changed which language's status of which record, when, from what to what. */
export const statusHistory = pgTable(
  "status_history",
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationId: organizationId(),
    collection: text({ enum: ["workouts", "training-plans", "on-demand"] }).notNull(),
    recordId: uuid().notNull(),
    language: text().notNull(),
    fromStatus: text(),
    toStatus: text().notNull(),
    changedBy: uuid().references(() => users.id, { onDelete: "set null" }),
    changedAt: at().notNull().defaultNow(),
  },
  (table) => [index("status_history_record_idx").on(table.organizationId, table.collection, table.recordId, table.changedAt)],
);
