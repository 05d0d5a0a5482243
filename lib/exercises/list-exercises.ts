import { sql } from "drizzle-orm";
import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { listRecords, type ListPage, type ListSpec } from "@/lib/content/list-records";
import { defaultTextOrder, localizedEqualsField, previewText, searchTextField } from "@/lib/content/shared";
import { translationStatusOf } from "@/lib/content/text";
import { arrayField, scalarField, type FilterCondition, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { exerciseRecord, type ExerciseRow } from "./exercise-record";

const e = tables.exercises;

const filterSpec = {
  fields: {
    q: { type: "string", operators: ["eq", "contains"] },
    name: { type: "string", operators: ["contains", "eq"] },
    level: { type: "enum", values: ["beginner", "intermediate", "advanced"], operators: ["eq", "in"] },
    gender: { type: "enum", values: ["male", "female", "duo"], operators: ["eq", "in"] },
    equipment: { type: "int", operators: ["eq", "in", "and"] },
    equipment_brands: { type: "int", operators: ["in", "eq"], bareOperator: "in" },
    muscle_groups: { type: "int", operators: ["eq", "in", "and"] },
    types: { type: "int", operators: ["eq", "in", "and"] },
  },
  order: { updated: {}, created: {}, name: {} },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;

/** `q`: the exercise's name, or the name of equipment it uses (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"). */
const exerciseQuery = (condition: FilterCondition) => {
  const pattern = `%${condition.values[0]!.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
  return sql`(${e.searchText} LIKE ${pattern} ESCAPE '\\' OR EXISTS (
    SELECT 1 FROM ${tables.equipment} AS eq_q
    WHERE eq_q.id = ANY(${e.equipment}) AND eq_q.organization_id = ${e.organizationId} AND eq_q.search_text LIKE ${pattern} ESCAPE '\\'))`;
};

const equipmentBrands = (condition: FilterCondition) => {
  const brands = condition.values.map(Number);
  return sql`EXISTS (SELECT 1 FROM ${tables.equipment} AS eq_b
    WHERE eq_b.id = ANY(${e.equipment}) AND eq_b.organization_id = ${e.organizationId} AND eq_b.brand_id = ANY(${sql.param(brands)}::integer[]))`;
};

/** How exercises are listed: their filters and their preview. */
export const exerciseList: ListSpec<ExerciseRow> = {
  filter: {
    spec: filterSpec,
    compilers: () => ({
      q: exerciseQuery,
      name: (condition) => (condition.operator === "eq" ? localizedEqualsField(e.name)(condition) : searchTextField(e.searchText)(condition)),
      level: scalarField(e.level, "enum"),
      gender: scalarField(e.gender, "enum"),
      equipment: arrayField(e.equipment),
      equipment_brands: equipmentBrands,
      muscle_groups: arrayField(e.muscleGroups),
      types: arrayField(e.types),
    }),
    order: (ctx) => ({ updated: e.updatedAt, created: e.createdAt, name: defaultTextOrder(e.name, ctx) }),
  },
  toPreview: (row, ctx) => ({
    id: row.id,
    name: previewText(row.name, ctx),
    slug: row.slug,
    summary: previewText(row.summary, ctx),
    types: row.types,
    level: row.level,
    gender: row.gender,
    orientation: row.orientation,
    muscle_groups: row.muscleGroups,
    equipment: row.equipment,
    translation_status: translationStatusOf(row.textCompleteness, ctx.organization.languages),
  }),
};

/** `GET /content/exercises`: a page of the organization's exercises, as previews. */
export function listExercises(ctx: ContentContext, filter: FilterQuery): Promise<ListPage> {
  return listRecords(ctx, exerciseRecord, exerciseList, filter);
}
