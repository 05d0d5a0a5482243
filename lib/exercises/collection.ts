import { sql } from "drizzle-orm";
import { z } from "zod";
import { tables } from "@/lib/db";
import { defineCollection } from "@/lib/content/collection";
import { usesOf } from "@/lib/content/references";
import {
  containsUuid,
  defaultTextOrder,
  findReferrersIn,
  localizedEqualsField,
  plainText,
  previewText,
  renderedText,
  searchTextField,
} from "@/lib/content/shared";
import { ownWrite, storedFields } from "@/lib/content/stored-fields";
import { translationStatusOf, writeText } from "@/lib/content/text";
import { arrayField, scalarField, type FilterCondition, type FilterSpec } from "@/lib/filter";
import { exerciseInputSchema } from "./schemas";

const e = tables.exercises;
type ExerciseRow = typeof e.$inferSelect;
type ExerciseInput = z.output<typeof exerciseInputSchema>;

const fields = storedFields<ExerciseRow, ExerciseInput>({
  name: ownWrite("name"),
  slug: ownWrite("slug"),
  summary: ownWrite("summary"),
  level: "level",
  gender: "gender",
  orientation: "orientation",
  muscle_groups: "muscleGroups",
  equipment: "equipment",
  types: "types",
  video: "videoId",
  gif: "gifId",
  image: "imageId",
  steps: ownWrite("steps"),
});

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

export const exercises = defineCollection<ExerciseRow, ExerciseInput>({
  versioned: true,
  key: "exercises",
  entity: "Exercise",
  label: "exercise",
  table: e,
  idKind: "uuid",
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
  inputSchema: exerciseInputSchema,
  textFields: ["name", "summary"],
  nestedTexts: { steps: { items: true } },
  uploadIds: (row) => [row.videoId, row.gifId, row.imageId],
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
  toFull: (row, ctx, related) => ({
    id: row.id,
    name: renderedText(row.name, ctx),
    slug: row.slug,
    summary: plainText(row.summary, ctx),
    types: row.types,
    level: row.level,
    gender: row.gender,
    orientation: row.orientation,
    muscle_groups: row.muscleGroups,
    equipment: row.equipment,
    translation_status: translationStatusOf(row.textCompleteness, ctx.organization.languages),
    video: (row.videoId && related.uploads.get(row.videoId)) || null,
    gif: (row.gifId && related.uploads.get(row.gifId)) || null,
    image: (row.imageId && related.uploads.get(row.imageId)) || null,
    steps: row.steps.map((step) => renderedText(step, ctx)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  toInput: fields.toInput,
  prepare: (input, current, ctx, mode) => {
    const name = writeText(current?.name, input.name, mode, ctx, "/name");
    const summary = writeText(current?.summary, input.summary, mode, ctx, "/summary");
    // Steps are positional: a plain-string step keeps the other languages of the step at its index.
    const steps = input.steps.map((step, index) => writeText(current?.steps[index], step, mode, ctx, `/steps/${index}`));
    return {
      values: { ...fields.copy(input), name, summary, steps },
      uses: [
        ...usesOf("muscle-groups", input.muscle_groups, "/muscle_groups"),
        ...usesOf("equipment", input.equipment, "/equipment"),
        ...usesOf("content-categories", input.types, "/types"),
        { kind: "uploads", id: input.video, path: "/video", media: "video" },
        { kind: "uploads", id: input.gif, path: "/gif", media: "gif" },
        { kind: "uploads", id: input.image, path: "/image", media: "image" },
      ],
      requiredTexts: [{ path: "/name", text: name }, ...steps.map((step, index) => ({ path: `/steps/${index}`, text: step }))],
      texts: [name, summary, ...steps],
      searchTexts: [name],
      slug: { given: input.slug, source: name[ctx.organization.defaultLanguage] ?? "" },
    };
  },
  findReferrers: (db, organization, row) =>
    findReferrersIn(db, organization, row.id, [{ table: tables.workouts, uses: containsUuid(tables.workouts.exerciseIds), label: "workout", title: tables.workouts.title }]),
});
