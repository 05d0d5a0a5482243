import { createHash } from "node:crypto";
import { COLLECTIONS } from "@/lib/collections/registry";

/**
 * What an organization archive holds, table by table, in the order written and read: every table is
 * after the tables its rows reference (docs/archive-format.md "Records"). Each column that holds an id
 * says which id space it references, so the import can remap ids consistently.
 */
export type IdSpace = string;

export type ColumnRule =
  /** An id (or array of ids) of `space`. */
  | { column: string; ref: IdSpace; array?: boolean }
  /** A user: users are not part of the archive, so the reference is dropped. */
  | { column: string; user: true }
  /** A storage key or prefix (`{organization}/{upload or media/asset}/…`). */
  | { column: string; storageKey: true }
  /** A record id of the collection named by the row's `collection` column. */
  | { column: string; recordOfCollection: true }
  /** Phases of a workout: every `exercise_id` inside. */
  | { column: string; phases: true }
  /** Weeks of a training plan: every `{type: "workouts"|"on-demand", id}` inside. */
  | { column: string; weeks: true }
  /** A stored row of the collection named by `collection` (version history), keyed by camelCase property. */
  | { column: string; versionData: true };

export type ArchiveTable = {
  /** The records entry's name (`records/<name>.ndjson`); the table's name, except for `media_asset_posters`. */
  name: string;
  table: string;
  /** The primary key's columns: the export's page order. */
  key: string[];
  /** The id space of the table's `id` column, when it has one. */
  idSpace?: { kind: "int" | "uuid" };
  /** Further id columns of the table's own (content categories' `uuid`). */
  extraIdSpaces?: { column: string; space: IdSpace }[];
  rules: ColumnRule[];
  /** Only these columns (besides the key and organization) are exported; all when absent. */
  columns?: string[];
  /** Columns left out of the entry (a later entry sets them); an archive that has them anyway is read without them. */
  omit?: string[];
  /** A second pass over a table whose reference comes later in the order: an update, not an insert. */
  isUpdate?: boolean;
  /** Rows the entry holds, as a condition on the source table. */
  where?: string;
  /**
   * How a row finds the target organization's record that stands for it (docs/archive-format.md
   * "Import"): the same slug, or for uploads and media assets the same bytes (`sha256`).
   */
  matchBy?: "slug" | "sha256";
  /** The column naming the record a row belongs to (a caption's upload, a version's record): a row of a matched record is left out with it. */
  ownedBy?: string;
};

const lookup = (table: string): ArchiveTable => ({ name: table, table, key: ["id"], idSpace: { kind: "int" }, rules: [], matchBy: "slug" });

export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  lookup("muscle_groups"),
  lookup("body_parts"),
  lookup("activity_types"),
  lookup("content_providers"),
  lookup("fitness_goals"),
  lookup("equipment_brands"),
  lookup("equipment_categories"),
  { ...lookup("content_categories"), extraIdSpaces: [{ column: "uuid", space: "content_categories.uuid" }] },
  { name: "content_packages", table: "content_packages", key: ["id"], idSpace: { kind: "uuid" }, rules: [], matchBy: "slug" },
  // Media assets and uploads reference each other: the assets first without their poster, which a
  // second entry sets once the uploads are in.
  {
    name: "media_assets",
    table: "media_assets",
    key: ["id"],
    idSpace: { kind: "uuid" },
    omit: ["poster_upload_id"],
    matchBy: "sha256",
    rules: [{ column: "prefix", storageKey: true }],
  },
  {
    name: "uploads",
    table: "uploads",
    key: ["id"],
    idSpace: { kind: "uuid" },
    matchBy: "sha256",
    rules: [
      { column: "media_asset_id", ref: "media_assets" },
      { column: "storage_key", storageKey: true },
    ],
  },
  {
    name: "media_asset_posters",
    table: "media_assets",
    key: ["id"],
    columns: ["poster_upload_id"],
    where: "poster_upload_id IS NOT NULL",
    isUpdate: true,
    ownedBy: "id",
    rules: [
      { column: "id", ref: "media_assets" },
      { column: "poster_upload_id", ref: "uploads" },
    ],
  },
  {
    name: "upload_captions",
    table: "upload_captions",
    key: ["upload_id", "language"],
    ownedBy: "upload_id",
    rules: [
      { column: "upload_id", ref: "uploads" },
      { column: "storage_key", storageKey: true },
    ],
  },
  {
    name: "equipment",
    table: "equipment",
    key: ["id"],
    idSpace: { kind: "int" },
    matchBy: "slug",
    rules: [
      { column: "brand_id", ref: "equipment_brands" },
      { column: "categories", ref: "equipment_categories", array: true },
      { column: "image_id", ref: "uploads" },
    ],
  },
  {
    name: "instructors",
    table: "instructors",
    key: ["id"],
    idSpace: { kind: "uuid" },
    rules: [
      { column: "user_id", user: true },
      { column: "photo_id", ref: "uploads" },
    ],
  },
  {
    name: "exercises",
    table: "exercises",
    key: ["id"],
    idSpace: { kind: "uuid" },
    matchBy: "slug",
    rules: [
      { column: "muscle_groups", ref: "muscle_groups", array: true },
      { column: "equipment", ref: "equipment", array: true },
      { column: "types", ref: "content_categories", array: true },
      { column: "video_id", ref: "uploads" },
      { column: "gif_id", ref: "uploads" },
      { column: "image_id", ref: "uploads" },
    ],
  },
  {
    name: "workouts",
    table: "workouts",
    key: ["id"],
    idSpace: { kind: "uuid" },
    matchBy: "slug",
    rules: [
      { column: "image_id", ref: "uploads" },
      { column: "types", ref: "content_categories", array: true },
      { column: "goals", ref: "fitness_goals", array: true },
      { column: "body_parts", ref: "body_parts", array: true },
      { column: "content_packages", ref: "content_packages", array: true },
      { column: "phases", phases: true },
      { column: "exercise_ids", ref: "exercises", array: true },
      { column: "exercise_equipment", ref: "equipment", array: true },
    ],
  },
  {
    name: "on_demand",
    table: "on_demand",
    key: ["id"],
    idSpace: { kind: "uuid" },
    matchBy: "slug",
    rules: [
      { column: "video_id", ref: "uploads" },
      { column: "image_id", ref: "uploads" },
      { column: "instructor_id", ref: "instructors" },
      { column: "content_packages", ref: "content_packages", array: true },
      { column: "goals", ref: "fitness_goals", array: true },
      { column: "equipment", ref: "equipment", array: true },
      { column: "categories", ref: "content_categories.uuid", array: true },
      { column: "content_provider", ref: "content_providers" },
    ],
  },
  {
    name: "training_plans",
    table: "training_plans",
    key: ["id"],
    idSpace: { kind: "uuid" },
    matchBy: "slug",
    rules: [
      { column: "image_id", ref: "uploads" },
      { column: "goals", ref: "fitness_goals", array: true },
      { column: "types", ref: "content_categories", array: true },
      { column: "content_packages", ref: "content_packages", array: true },
      { column: "weeks", weeks: true },
      { column: "workout_ids", ref: "workouts", array: true },
      { column: "on_demand_ids", ref: "on_demand", array: true },
    ],
  },
  {
    name: "status_history",
    table: "status_history",
    key: ["id"],
    idSpace: { kind: "uuid" },
    ownedBy: "record_id",
    rules: [
      { column: "record_id", recordOfCollection: true },
      { column: "changed_by", user: true },
    ],
  },
  {
    name: "content_versions",
    table: "content_versions",
    key: ["id"],
    idSpace: { kind: "uuid" },
    ownedBy: "record_id",
    rules: [
      { column: "record_id", recordOfCollection: true },
      { column: "data", versionData: true },
      { column: "author_id", user: true },
    ],
  },
  {
    name: "schedules",
    table: "schedules",
    key: ["id"],
    idSpace: { kind: "uuid" },
    ownedBy: "record_id",
    rules: [
      { column: "record_id", recordOfCollection: true },
      { column: "created_by", user: true },
    ],
  },
];

/** The collections' paths under /content (as the change feed, versions and schedules name them) and their tables: the registry's. */
export const COLLECTION_TABLES: Record<string, string> = Object.fromEntries(COLLECTIONS.map((entry) => [entry.key, entry.table]));

const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * How ids become the target's: kept (an empty organization whose database holds none of them), or
 * remapped: integer ids shifted past the target's highest, uuids derived from the import's random salt
 * and the old id (the same old id always gives the same new one, so references agree without a table
 * of pairs in memory).
 */
export type IdMapper = {
  organizationId: string;
  sourceOrganizationId: string;
  map(space: IdSpace, id: string | number): string | number;
};

export function keepingMapper(organizationId: string, sourceOrganizationId: string, overrides: Map<string, string | number> = new Map()): IdMapper {
  return { organizationId, sourceOrganizationId, map: (space, id) => overrides.get(`${space}\u0000${id}`) ?? id };
}

/** A uuid (version 4 layout) made from the salt, the id space and the old id. */
export function derivedUuid(salt: string, space: IdSpace, id: string): string {
  const bytes = createHash("sha256").update(`${salt}\u0000${space}\u0000${id}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function remappingMapper(
  organizationId: string,
  sourceOrganizationId: string,
  salt: string,
  offsets: ReadonlyMap<IdSpace, number>,
  overrides: Map<string, string | number> = new Map(),
): IdMapper {
  return {
    organizationId,
    sourceOrganizationId,
    map(space, id) {
      const override = overrides.get(`${space}\u0000${id}`);
      if (override !== undefined) return override;
      const offset = offsets.get(space);
      if (offset !== undefined) return Number(id) + offset;
      return derivedUuid(salt, space, String(id));
    },
  };
}

/** The id space of a table's `id` (for `content_categories`: its integer id). */
export const spaceOfTable = (table: string): IdSpace => table;

/**
 * The record a row belongs to, as `{id space}\u0000{id}` in the archive's ids (the keys of an
 * IdMapper's overrides): the upload of a caption, the media asset of a poster, the record of a status
 * change, version or schedule. Undefined for a row that belongs to nothing else.
 */
export function ownerOf(spec: ArchiveTable, row: Record<string, Json>): string | undefined {
  if (!spec.ownedBy) return undefined;
  const value = row[spec.ownedBy];
  if (value === undefined || value === null) return undefined;
  const rule = spec.rules.find((candidate) => candidate.column === spec.ownedBy);
  if (rule && "ref" in rule) return `${rule.ref}\u0000${String(value)}`;
  if (rule && "recordOfCollection" in rule) return `${spaceOfCollection(row.collection)}\u0000${String(value)}`;
  throw new Error(`${spec.name}: ${spec.ownedBy} names no record`);
}

/** The upload or media asset a file entry (its key without the organization) belongs to, as `ownerOf` names it. */
export function ownerOfFile(relativeKey: string): string {
  const [first, second] = relativeKey.split("/");
  return first === "media" ? `media_assets\u0000${second}` : `uploads\u0000${first}`;
}

/** `{source org}/{upload}/…` or `{source org}/media/{asset}/…` as the target's key. */
export function mapStorageKey(key: string, mapper: IdMapper): string {
  const [organization, second, third, ...rest] = key.split("/");
  if (organization !== mapper.sourceOrganizationId || !second) throw new Error(`a storage key outside the organization: ${key}`);
  if (second === "media") {
    if (!third) throw new Error(`a storage key outside the organization's media: ${key}`);
    return [mapper.organizationId, "media", mapper.map("media_assets", third), ...rest].join("/");
  }
  return [mapper.organizationId, mapper.map("uploads", second), ...(third === undefined ? [] : [third]), ...rest].join("/");
}

/** Maps a file entry's key (without the organization) to the target's storage key. */
export function mapFileKey(relativeKey: string, mapper: IdMapper): string {
  return mapStorageKey(`${mapper.sourceOrganizationId}/${relativeKey}`, mapper);
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function mapPhases(value: Json, mapper: IdMapper): Json {
  if (Array.isArray(value)) return value.map((item) => mapPhases(item, mapper));
  if (value && typeof value === "object") {
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = key === "exercise_id" && typeof item === "string" ? (mapper.map("exercises", item) as string) : mapPhases(item, mapper);
    }
    return out;
  }
  return value;
}

function mapWeeks(value: Json, mapper: IdMapper): Json {
  if (Array.isArray(value)) return value.map((item) => mapWeeks(item, mapper));
  if (value && typeof value === "object") {
    const out: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value)) out[key] = mapWeeks(item, mapper);
    if (typeof value.id === "string" && (value.type === "workouts" || value.type === "on-demand")) {
      out.id = mapper.map(value.type === "workouts" ? "workouts" : "on_demand", value.id) as string;
    }
    return out;
  }
  return value;
}

const TABLE_BY_NAME = new Map(ARCHIVE_TABLES.filter((table) => !table.isUpdate).map((table) => [table.table, table]));

function spaceOfCollection(collection: unknown): IdSpace {
  const table = typeof collection === "string" ? COLLECTION_TABLES[collection] : undefined;
  if (!table) throw new Error(`a record of an unknown collection: ${String(collection)}`);
  return table;
}

/**
 * One row (as exported: columns by name, or a version's camelCase properties when `camelCase`) with
 * the target's organization and ids.
 */
export function mapRow(spec: ArchiveTable, row: Record<string, Json>, mapper: IdMapper, camelCase = false): Record<string, Json> {
  const out: Record<string, Json> = { ...row };
  const name = (column: string) => (camelCase ? camel(column) : column);
  for (const column of spec.omit ?? []) delete out[name(column)];
  if (name("organization_id") in out) out[name("organization_id")] = mapper.organizationId;
  if (spec.idSpace && !spec.isUpdate && out.id !== undefined && out.id !== null) out.id = mapper.map(spaceOfTable(spec.table), out.id as string | number) as Json;
  for (const extra of spec.extraIdSpaces ?? []) {
    const value = out[name(extra.column)];
    if (typeof value === "string") out[name(extra.column)] = mapper.map(extra.space, value) as string;
  }
  for (const rule of spec.rules) {
    const column = name(rule.column);
    const value = out[column];
    if (value === undefined || value === null) continue;
    if ("ref" in rule) {
      out[column] = rule.array ? (value as (string | number)[]).map((id) => mapper.map(rule.ref, id) as Json) : (mapper.map(rule.ref, value as string | number) as Json);
    } else if ("user" in rule) {
      out[column] = null;
    } else if ("storageKey" in rule) {
      out[column] = mapStorageKey(value as string, mapper);
    } else if ("recordOfCollection" in rule) {
      out[column] = String(mapper.map(spaceOfCollection(row.collection), value as string));
    } else if ("phases" in rule) {
      out[column] = mapPhases(value, mapper);
    } else if ("weeks" in rule) {
      out[column] = mapWeeks(value, mapper);
    } else if ("versionData" in rule) {
      const table = TABLE_BY_NAME.get(spaceOfCollection(row.collection));
      if (!table) throw new Error(`versions of a collection the archive does not hold: ${String(row.collection)}`);
      const data = value as Record<string, Json>;
      // A version's id is the record's as it was written (text for integer ids is kept as written).
      const mapped = mapRow(table, data, mapper, true);
      out[column] = mapped;
    }
  }
  return out;
}
