import { sql, type SQL } from "drizzle-orm";
import { tables } from "@/lib/db";
import type { SearchCollection } from "./schemas";
import { DURATION_RANGE_MINUTES } from "./filter-values";

/** SQL helpers for literal arrays: every element is a bound parameter, on both drivers alike. */
export function sqlArray(values: readonly (string | number)[], type: "int" | "uuid" | "text"): SQL {
  const cast = sql.raw(`::${type === "int" ? "integer" : type}[]`);
  if (values.length === 0) return sql`'{}'${cast}`;
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]${cast}`;
}

/** The lookup ids whose names one query word matches (`analyzeQuery`). */
export type RelatedHits = {
  goals: number[];
  categoryIds: number[];
  categoryUuids: string[];
  equipment: number[];
  instructors: string[];
};

type SearchTable = typeof tables.workouts | typeof tables.trainingPlans | typeof tables.onDemand;

/**
 * How one collection is searched: its table and the expressions the search reads from it. All three
 * tables share `title`, `description`, `level`, `goals`, `status`, the timestamps and the generated
 * `search_vector` and `search_titles` columns of the `search` migration.
 */
export type SearchSource = {
  collection: SearchCollection;
  table: SearchTable;
  /** Narrows the table to the collection (on-demand by type). */
  scope?: SQL;
  /** The Duration range column, absent for training plans. */
  durationRange?: SQL;
  /** Minutes shown as the result's `duration` (null for training plans). */
  durationMinutes: SQL;
  /** Content categories as int ids and as uuids: one is the stored column, the other resolved. */
  categoryIds: (organizationId: string) => SQL;
  categoryUuids: (organizationId: string) => SQL;
  /** The column holding a row's content categories, as int ids or as uuids (resolved for the response). */
  storedCategories: { column: "types" | "categories"; kind: "ids" | "uuids" };
  /** Whether a row is related to a goal, category, equipment or instructor the word names. */
  related: (hits: RelatedHits, organizationId: string) => SQL[];
};

const minutesOfRange = (column: SQL) =>
  sql`(CASE ${column} ${sql.join(
    Object.entries(DURATION_RANGE_MINUTES).map(([range, minutes]) => sql.raw(`WHEN '${range}' THEN ${minutes}`)),
    sql` `,
  )} END)`;

const categories = tables.contentCategories;
const uuidsOfCategoryIds = (ids: SQL, organizationId: string) =>
  sql`ARRAY(SELECT ${categories.uuid} FROM ${categories} WHERE ${categories.organizationId} = ${organizationId} AND ${categories.id} = ANY(${ids}))`;
const idsOfCategoryUuids = (uuids: SQL, organizationId: string) =>
  sql`ARRAY(SELECT ${categories.id} FROM ${categories} WHERE ${categories.organizationId} = ${organizationId} AND ${categories.uuid} = ANY(${uuids}))`;

function overlaps(column: SQL, values: readonly (string | number)[], type: "int" | "uuid"): SQL[] {
  return values.length > 0 ? [sql`${column} && ${sqlArray(values, type)}`] : [];
}

const w = tables.workouts;
const p = tables.trainingPlans;
const o = tables.onDemand;

const workouts: SearchSource = {
  collection: "workouts",
  table: w,
  durationRange: sql`${w.duration}`,
  durationMinutes: sql`coalesce(${w.estimatedDuration}, ${minutesOfRange(sql`${w.duration}`)})`,
  categoryIds: () => sql`${w.types}`,
  categoryUuids: (organizationId) => uuidsOfCategoryIds(sql`${w.types}`, organizationId),
  storedCategories: { column: "types", kind: "ids" },
  related: (hits) => [
    ...overlaps(sql`${w.goals}`, hits.goals, "int"),
    ...overlaps(sql`${w.types}`, hits.categoryIds, "int"),
    // A workout's equipment is that of its exercises, kept in `exercise_equipment` by triggers: an
    // overlap of `exercise_ids` with every exercise using the equipment was one comparison per pair,
    // seconds for a broad word at 100,000 exercises (docs/benchmarks.md).
    ...overlaps(sql`${w.exerciseEquipment}`, hits.equipment, "int"),
  ],
};

const trainingPlans: SearchSource = {
  collection: "training-plans",
  table: p,
  durationMinutes: sql`NULL::integer`,
  categoryIds: () => sql`${p.types}`,
  categoryUuids: (organizationId) => uuidsOfCategoryIds(sql`${p.types}`, organizationId),
  storedCategories: { column: "types", kind: "ids" },
  related: (hits) => [...overlaps(sql`${p.goals}`, hits.goals, "int"), ...overlaps(sql`${p.types}`, hits.categoryIds, "int")],
};

function onDemandSource(collection: "video" | "audio", type: "virtual-class" | "audio-workout"): SearchSource {
  return {
    collection,
    table: o,
    scope: sql`${o.type} = ${type}`,
    durationRange: sql`${o.duration}`,
    durationMinutes: minutesOfRange(sql`${o.duration}`),
    categoryIds: (organizationId) => idsOfCategoryUuids(sql`${o.categories}`, organizationId),
    categoryUuids: () => sql`${o.categories}`,
    storedCategories: { column: "categories", kind: "uuids" },
    related: (hits) => [
      ...overlaps(sql`${o.goals}`, hits.goals, "int"),
      ...overlaps(sql`${o.categories}`, hits.categoryUuids, "uuid"),
      ...overlaps(sql`${o.equipment}`, hits.equipment, "int"),
      ...(hits.instructors.length > 0 ? [sql`${o.instructorId} = ANY(${sqlArray(hits.instructors, "uuid")})`] : []),
    ],
  };
}

export const SEARCH_SOURCES: Record<SearchCollection, SearchSource> = {
  workouts,
  "training-plans": trainingPlans,
  video: onDemandSource("video", "virtual-class"),
  audio: onDemandSource("audio", "audio-workout"),
};
