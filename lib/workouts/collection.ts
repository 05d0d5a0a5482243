import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { defineCollection } from "@/lib/content/collection";
import { usesOf, type ReferenceUse } from "@/lib/content/references";
import {
  containsUuid,
  defaultTextOrder,
  findReferrersIn,
  iso,
  previewText,
  publishedOrder,
  renderedText,
  searchTextField,
  statusFilterField,
} from "@/lib/content/shared";
import { copiedOr, ownWrite, storedFields } from "@/lib/content/stored-fields";
import { textInputContext, translationStatusOf, writeText } from "@/lib/content/text";
import { arrayField, booleanField, scalarField, type FilterSpec } from "@/lib/filter";
import { workoutInputSchema, type WorkoutInput } from "./schemas";
import { collectPhaseTexts, normalizePhases, phaseExerciseIds, renderPhases } from "./phase-walkers";
import { type StoredPhase } from "./phases";

const w = tables.workouts;
type WorkoutRow = Omit<typeof w.$inferSelect, "phases"> & { phases: StoredPhase[] };

const fields = storedFields<WorkoutRow, WorkoutInput>({
  title: ownWrite("title"),
  slug: ownWrite("slug"),
  description: ownWrite("description"),
  image: "imageId",
  gender: "gender",
  level: "level",
  types: "types",
  goals: "goals",
  body_parts: "bodyParts",
  locations: ownWrite("locations"),
  duration: "duration",
  estimated_duration: "estimatedDuration",
  template: copiedOr("template", false),
  content_packages: copiedOr("contentPackages", []),
  phases: ownWrite("phases"),
});

const filterSpec = {
  fields: {
    id: { type: "uuid", operators: ["eq", "in"] },
    q: { type: "string", operators: ["eq", "contains"] },
    title: { type: "string", operators: ["contains"] },
    level: { type: "enum", values: ["beginner", "intermediate", "advanced"], operators: ["eq", "in"] },
    gender: { type: "enum", values: ["male", "female", "non-binary"], operators: ["eq", "in"] },
    duration: { type: "enum", values: ["0-15", "16-30", "31-45", "46-60", "61+"], operators: ["eq", "in"] },
    body_parts: { type: "int", operators: ["eq", "in", "and"] },
    goals: { type: "int", operators: ["eq", "in", "and"] },
    types: { type: "int", operators: ["eq", "in", "and"] },
    locations: { type: "enum", values: ["home", "club", "outdoor"], operators: ["eq", "in", "and"] },
    template: { type: "boolean", operators: ["eq"] },
    status: { type: "status", operators: ["in", "and"] },
    content_packages: { type: "uuid", operators: ["eq", "in", "and"] },
    exercises: { type: "uuid", operators: ["eq", "in", "and"] },
  },
  order: { updated: {}, created: {}, title: {}, published: {} },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;

function render(row: WorkoutRow, ctx: ContentContext) {
  return {
    id: row.id,
    title: renderedText(row.title, ctx),
    slug: row.slug,
    gender: row.gender,
    level: row.level,
    goals: row.goals,
    types: row.types,
    locations: row.locations,
    body_parts: row.bodyParts,
    duration: row.duration,
    content_packages: row.contentPackages,
    translation_status: translationStatusOf(row.textCompleteness, ctx.organization.languages),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
  };
}

export const workouts = defineCollection<WorkoutRow, WorkoutInput>({
  versioned: true,
  key: "workouts",
  entity: "Workout",
  label: "workout",
  table: w,
  idKind: "uuid",
  isPublishable: true,
  filter: {
    spec: filterSpec,
    compilers: (ctx) => ({
      id: scalarField(w.id, "uuid"),
      q: searchTextField(w.searchText),
      title: searchTextField(w.searchText),
      level: scalarField(w.level, "enum"),
      gender: scalarField(w.gender, "enum"),
      duration: scalarField(w.duration, "enum"),
      body_parts: arrayField(w.bodyParts),
      goals: arrayField(w.goals),
      types: arrayField(w.types),
      locations: arrayField(w.locations),
      template: booleanField(w.template),
      status: statusFilterField(w.status, ctx),
      content_packages: arrayField(w.contentPackages),
      exercises: arrayField(w.exerciseIds),
    }),
    order: (ctx) => ({ updated: w.updatedAt, created: w.createdAt, title: defaultTextOrder(w.title, ctx), published: publishedOrder(w.publishedAt) }),
  },
  previewColumns: {
    id: w.id,
    organizationId: w.organizationId,
    version: w.version,
    title: w.title,
    slug: w.slug,
    gender: w.gender,
    level: w.level,
    goals: w.goals,
    types: w.types,
    locations: w.locations,
    bodyParts: w.bodyParts,
    duration: w.duration,
    contentPackages: w.contentPackages,
    textCompleteness: w.textCompleteness,
    status: w.status,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    publishedAt: w.publishedAt,
  },
  queryOnlyColumns: ["exerciseIds", "exerciseEquipment"],
  inputSchema: workoutInputSchema,
  textFields: ["title", "description"],
  nestedTexts: { phases: { keys: ["title", "notes", "timer_title"] } },
  // Phase and timer titles fall back to the default language: they do not hold a language back.
  requiredTexts: (row) => [
    { path: "/title", text: row.title },
    { path: "/description", text: row.description },
  ],
  allTexts: (row) => [{ path: "/title", text: row.title }, { path: "/description", text: row.description }, ...collectPhaseTexts(row.phases)],
  uploadIds: (row) => [row.imageId],
  toPreview: (row, ctx) => ({ ...render(row, ctx), title: previewText(row.title, ctx) }),
  toFull: (row, ctx, related) => ({
    ...render(row, ctx),
    description: renderedText(row.description, ctx),
    image: (row.imageId && related.uploads.get(row.imageId)) || null,
    estimated_duration: row.estimatedDuration,
    template: row.template,
    phases: renderPhases(row.phases, ctx.view),
  }),
  toInput: fields.toInput,
  prepare: (input, current, ctx, mode) => {
    const title = writeText(current?.title, input.title, mode, ctx, "/title");
    const description = writeText(current?.description, input.description, mode, ctx, "/description");
    const phases = normalizePhases(input.phases, current?.phases, textInputContext(ctx, "/phases"));
    const phaseTexts = collectPhaseTexts(phases);
    const exercises = phaseExerciseIds(phases);
    const uses: ReferenceUse[] = [
      { kind: "uploads", id: input.image, path: "/image", media: "image" },
      ...usesOf("content-categories", input.types, "/types"),
      ...usesOf("goals", input.goals, "/goals"),
      ...usesOf("body-parts", input.body_parts, "/body_parts"),
      ...usesOf("content-packages", input.content_packages, "/content_packages"),
      ...exercises.map((use) => ({ kind: "exercises" as const, id: use.id, path: use.paths[0]! })),
    ];
    return {
      values: {
        ...fields.copy(input),
        title,
        description,
        locations: [...new Set(input.locations)],
        phases,
        exerciseIds: exercises.map((use) => use.id),
      },
      uses,
      requiredTexts: [
        { path: "/title", text: title },
        { path: "/description", text: description },
        ...phaseTexts.filter((entry) => entry.required).map(({ path, text: value }) => ({ path, text: value })),
      ],
      texts: [title, description, ...phaseTexts.map((entry) => entry.text)],
      searchTexts: [title, description],
      slug: { given: input.slug, source: title[ctx.organization.defaultLanguage] ?? "" },
    };
  },
  findReferrers: (db, organization, row) =>
    findReferrersIn(db, organization, row.id, [
      { table: tables.trainingPlans, uses: containsUuid(tables.trainingPlans.workoutIds), label: "training plan", title: tables.trainingPlans.title },
    ]),
});
