/**
 * The one registry of the content collections and lookups: adding a collection starts here
 * (docs/architecture.md, "Adding a collection"). Isomorphic: plain data, no database or server-only
 * import, so the admin's client code reads it too; `./definitions` maps each key to its collection
 * definition on the server. Every list of collections elsewhere (the admin's list and editor map,
 * the change feed, the translation queue and exchange, imports, preview links, schedules, the
 * organization archive, the demo and the bench) is built from this one or checked against it by
 * `./registry.test.ts`.
 */

export type CollectionKind = "lookup" | "content" | "publishable";

export type CollectionEntry = {
  /** The collection's path under /api/v3/content: its name in the API, the change feed and the database's `collection` columns. */
  key: string;
  /** The segment in /admin/content/<slug> (a key without its slash). */
  slug: string;
  /** Plural label for headings and navigation. */
  label: string;
  /** Singular label for buttons and messages (the collection definition's `label`). */
  singular: string;
  /** The record's name in the OpenAPI document and in webhook events. */
  entity: string;
  /** The admin's navigation group. */
  group: "Content" | "Equipment" | "Lookups";
  /** Publishable collections have a status per language (status, history, schedules). */
  kind: CollectionKind;
  /** The database table (SQL name). */
  table: string;
  idKind: "uuid" | "int";
  titleField: "name" | "title";
  /** Has translated texts: the translation queue and the XLIFF exchange cover it (an instructor's name is not translated). */
  hasTexts: boolean;
  /** Keeps a version per write (docs/decisions/0027): versions endpoints, the editor's history. */
  versioned?: true;
  /** Preview links can be made for its records (docs/decisions/0031). */
  previewable?: true;
  /** The bulk import writes it (docs/api.md "Bulk import"). */
  importable?: true;
  /** Packages carry a description beside the name. */
  hasDescription?: true;
  /** Rows the API refuses to delete: the preview field that is `true` on them, and why (the admin shows it instead of Delete). */
  undeletable?: { field: string; reason: string };
};

const lookup = <K extends string, S extends string, G extends "Equipment" | "Lookups" = "Lookups">(key: K, slug: S, label: string, singular: string, entity: string, table: string, group?: G) =>
  ({ key, slug, label, singular, entity, group: group ?? ("Lookups" as G), kind: "lookup", table, idKind: "int", titleField: "name", hasTexts: true, importable: true }) as const;

/**
 * Every collection, in the order the API lists them: the content collections, then the lookups in
 * the order of lib/lookups/collections.ts's LOOKUPS (the OpenAPI document's order).
 */
export const COLLECTIONS = [
  { key: "exercises", slug: "exercises", label: "Exercises", singular: "exercise", entity: "Exercise", group: "Content", kind: "content", table: "exercises", idKind: "uuid", titleField: "name", hasTexts: true, versioned: true, previewable: true, importable: true },
  { key: "workouts", slug: "workouts", label: "Workouts", singular: "workout", entity: "Workout", group: "Content", kind: "publishable", table: "workouts", idKind: "uuid", titleField: "title", hasTexts: true, versioned: true, previewable: true },
  { key: "training-plans", slug: "training-plans", label: "Training plans", singular: "training plan", entity: "TrainingPlan", group: "Content", kind: "publishable", table: "training_plans", idKind: "uuid", titleField: "title", hasTexts: true, versioned: true, previewable: true },
  { key: "on-demand", slug: "on-demand", label: "On-demand", singular: "on-demand item", entity: "OnDemand", group: "Content", kind: "publishable", table: "on_demand", idKind: "uuid", titleField: "title", hasTexts: true, versioned: true, previewable: true },
  { key: "instructors", slug: "instructors", label: "Instructors", singular: "instructor", entity: "Instructor", group: "Content", kind: "content", table: "instructors", idKind: "uuid", titleField: "name", hasTexts: false, versioned: true },
  {
    key: "equipment",
    slug: "equipment",
    label: "Equipment",
    singular: "equipment",
    entity: "Equipment",
    group: "Equipment",
    kind: "content",
    table: "equipment",
    idKind: "int",
    titleField: "name",
    hasTexts: true,
    importable: true,
    undeletable: { field: "no_equipment", reason: "Cannot be deleted: exercises that need no equipment point to it." },
  },
  lookup("muscle-groups", "muscle-groups", "Muscle groups", "muscle group", "MuscleGroup", "muscle_groups"),
  lookup("body-parts", "body-parts", "Body parts", "body part", "BodyPart", "body_parts"),
  lookup("goals", "goals", "Fitness goals", "fitness goal", "FitnessGoal", "fitness_goals"),
  lookup("activity-types", "activity-types", "Activity types", "activity type", "ActivityType", "activity_types"),
  lookup("providers", "providers", "Content providers", "content provider", "ContentProvider", "content_providers"),
  lookup("categories", "categories", "Content categories", "content category", "ContentCategory", "content_categories"),
  lookup("equipment/brands", "equipment-brands", "Equipment brands", "equipment brand", "EquipmentBrand", "equipment_brands", "Equipment"),
  lookup("equipment/categories", "equipment-categories", "Equipment categories", "equipment category", "EquipmentCategory", "equipment_categories", "Equipment"),
  { ...lookup("packages", "packages", "Content packages", "content package", "ContentPackage", "content_packages"), idKind: "uuid", hasDescription: true },
] as const satisfies readonly CollectionEntry[];

type Entry = (typeof COLLECTIONS)[number];
export type CollectionKey = Entry["key"];
export type CollectionSlug = Entry["slug"];
export type LookupKey = Extract<Entry, { kind: "lookup" }>["key"];
export type PublishableKey = Extract<Entry, { kind: "publishable" }>["key"];
export type TextCollectionKey = Extract<Entry, { hasTexts: true }>["key"];
export type VersionedKey = Extract<Entry, { versioned: true }>["key"];
export type PreviewableKey = Extract<Entry, { previewable: true }>["key"];
export type ImportableKey = Extract<Entry, { importable: true }>["key"];

export const COLLECTION_KEYS = COLLECTIONS.map((entry) => entry.key) as [CollectionKey, ...CollectionKey[]];

/** The keys of the collections that `is` admits, in the registry's order; a non-empty tuple, as `z.enum` takes. */
function keysWhere<K extends CollectionKey>(is: (entry: CollectionEntry) => boolean, publishableFirst = false): [K, ...K[]] {
  const entries: readonly CollectionEntry[] = COLLECTIONS.filter(is);
  const ordered = publishableFirst ? [...entries.filter((entry) => entry.kind === "publishable"), ...entries.filter((entry) => entry.kind !== "publishable")] : entries;
  return ordered.map((entry) => entry.key) as [K, ...K[]];
}

/** The lookups (lib/lookups/collections.ts defines them with one factory). */
export const LOOKUP_KEYS = keysWhere<LookupKey>((entry) => entry.kind === "lookup");
/** The collections with a status per language, which schedules change. */
export const PUBLISHABLE_KEYS = keysWhere<PublishableKey>((entry) => entry.kind === "publishable");
/** The collections with translated texts, publishable ones first (the translation queue's and the exchange's order). */
export const TEXT_COLLECTION_KEYS = keysWhere<TextCollectionKey>((entry) => entry.hasTexts, true);
export const VERSIONED_KEYS = keysWhere<VersionedKey>((entry) => entry.versioned === true);
/** The collections preview links are made for, publishable ones first. */
export const PREVIEWABLE_KEYS = keysWhere<PreviewableKey>((entry) => entry.previewable === true, true);
export const IMPORTABLE_KEYS = keysWhere<ImportableKey>((entry) => entry.importable === true);

export function findCollectionEntry(key: string): CollectionEntry | undefined {
  return COLLECTIONS.find((entry) => entry.key === key);
}
