import { z } from "zod";
import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { defineCollection } from "@/lib/content/collection";
import { usesOf, type ReferenceUse } from "@/lib/content/references";
import {
  defaultTextOrder,
  iso,
  previewText,
  publishedOrder,
  renderedText,
  searchTextField,
  statusFilterField,
} from "@/lib/content/shared";
import { copiedOr, ownWrite, storedFields } from "@/lib/content/stored-fields";
import { textInputContext, translationStatusOf, writeText } from "@/lib/content/text";
import { arrayField, scalarField, type FilterSpec } from "@/lib/filter";
import { trainingPlanInputSchema } from "./schemas";
import {
  collectWeekTexts,
  deriveTotals,
  normalizeWeeks,
  planReferences,
  renderWeeks,
  type StoredWeek,
} from "./weeks";

const p = tables.trainingPlans;
type TrainingPlanRow = Omit<typeof p.$inferSelect, "weeks"> & { weeks: StoredWeek[] };

type TrainingPlanInput = z.output<typeof trainingPlanInputSchema>;

const fields = storedFields<TrainingPlanRow, TrainingPlanInput>({
  title: ownWrite("title"),
  slug: ownWrite("slug"),
  description: ownWrite("description"),
  image: "imageId",
  goals: "goals",
  types: "types",
  level: "level",
  locations: ownWrite("locations"),
  content_packages: copiedOr("contentPackages", []),
  weeks: ownWrite("weeks"),
});

const filterSpec = {
  fields: {
    id: { type: "uuid", operators: ["eq", "in"] },
    q: { type: "string", operators: ["eq", "contains"] },
    title: { type: "string", operators: ["contains"] },
    goals: { type: "int", operators: ["eq", "in", "and"] },
    types: { type: "int", operators: ["eq", "in", "and"] },
    locations: { type: "enum", values: ["home", "club", "outdoor"], operators: ["eq", "in", "and"] },
    level: { type: "enum", values: ["beginner", "intermediate", "advanced"], operators: ["eq", "in"] },
    days_total: { type: "int", operators: ["eq", "gte", "lte"] },
    weeks_total: { type: "int", operators: ["eq", "gte", "lte"] },
    max_days_per_week: { type: "int", operators: ["eq", "gte", "lte"] },
    status: { type: "status", operators: ["in", "and"] },
    content_packages: { type: "uuid", operators: ["eq", "in", "and"] },
    workouts: { type: "uuid", operators: ["eq", "in", "and"] },
  },
  order: { created: {}, updated: {}, title: {}, published: {} },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;

function render(row: TrainingPlanRow, ctx: ContentContext, texts: (value: Record<string, string>) => unknown) {
  return {
    id: row.id,
    title: texts(row.title),
    slug: row.slug,
    description: texts(row.description),
    weeks_total: row.weeksTotal,
    days_total: row.daysTotal,
    max_days_per_week: row.maxDaysPerWeek,
    goals: row.goals,
    types: row.types,
    level: row.level,
    locations: row.locations,
    content_packages: row.contentPackages,
    translation_status: translationStatusOf(row.textCompleteness, ctx.organization.languages),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
  };
}

export const trainingPlans = defineCollection<TrainingPlanRow, TrainingPlanInput>({
  versioned: true,
  key: "training-plans",
  entity: "TrainingPlan",
  label: "training plan",
  table: p,
  idKind: "uuid",
  isPublishable: true,
  filter: {
    spec: filterSpec,
    compilers: (ctx) => ({
      id: scalarField(p.id, "uuid"),
      q: searchTextField(p.searchText),
      title: searchTextField(p.searchText),
      goals: arrayField(p.goals),
      types: arrayField(p.types),
      locations: arrayField(p.locations),
      level: scalarField(p.level, "enum"),
      days_total: scalarField(p.daysTotal, "int"),
      weeks_total: scalarField(p.weeksTotal, "int"),
      max_days_per_week: scalarField(p.maxDaysPerWeek, "int"),
      status: statusFilterField(p.status, ctx),
      content_packages: arrayField(p.contentPackages),
      workouts: arrayField(p.workoutIds),
    }),
    order: (ctx) => ({ created: p.createdAt, updated: p.updatedAt, title: defaultTextOrder(p.title, ctx), published: publishedOrder(p.publishedAt) }),
  },
  previewColumns: {
    id: p.id,
    organizationId: p.organizationId,
    version: p.version,
    title: p.title,
    slug: p.slug,
    description: p.description,
    weeksTotal: p.weeksTotal,
    daysTotal: p.daysTotal,
    maxDaysPerWeek: p.maxDaysPerWeek,
    goals: p.goals,
    types: p.types,
    level: p.level,
    locations: p.locations,
    contentPackages: p.contentPackages,
    textCompleteness: p.textCompleteness,
    status: p.status,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    publishedAt: p.publishedAt,
  },
  queryOnlyColumns: ["workoutIds", "onDemandIds"],
  inputSchema: trainingPlanInputSchema,
  textFields: ["title", "description"],
  nestedTexts: { weeks: { keys: ["title", "description"] } },
  // A fitness activity's title falls back to the default language: it does not hold a language back.
  requiredTexts: (row) => [
    { path: "/title", text: row.title },
    { path: "/description", text: row.description },
  ],
  allTexts: (row) => [{ path: "/title", text: row.title }, { path: "/description", text: row.description }, ...collectWeekTexts(row.weeks)],
  uploadIds: (row) => [row.imageId],
  toPreview: (row, ctx) => render(row, ctx, (value) => previewText(value, ctx)),
  toFull: (row, ctx, related) => ({
    ...render(row, ctx, (value) => renderedText(value, ctx)),
    image: (row.imageId && related.uploads.get(row.imageId)) || null,
    weeks: renderWeeks(row.weeks, ctx.view),
  }),
  toInput: fields.toInput,
  prepare: (input, current, ctx, mode) => {
    const title = writeText(current?.title, input.title, mode, ctx, "/title");
    const description = writeText(current?.description, input.description, mode, ctx, "/description");
    const weeks = normalizeWeeks(input.weeks, current?.weeks, textInputContext(ctx, "/weeks"));
    const weekTexts = collectWeekTexts(weeks);
    const references = planReferences(weeks);
    const totals = deriveTotals(weeks);
    const uses: ReferenceUse[] = [
      { kind: "uploads", id: input.image, path: "/image", media: "image" },
      ...usesOf("goals", input.goals, "/goals"),
      ...usesOf("content-categories", input.types, "/types"),
      ...usesOf("content-packages", input.content_packages, "/content_packages"),
      ...references.workouts.map((use) => ({ kind: "workouts" as const, id: use.id, path: use.paths[0]! })),
      ...references.onDemand.map((use) => ({ kind: "on-demand" as const, id: use.id, path: use.paths[0]! })),
    ];
    return {
      values: {
        ...fields.copy(input),
        title,
        description,
        locations: [...new Set(input.locations)],
        weeks,
        weeksTotal: totals.weeks_total,
        daysTotal: totals.days_total,
        maxDaysPerWeek: totals.max_days_per_week,
        workoutIds: references.workouts.map((use) => use.id),
        onDemandIds: references.onDemand.map((use) => use.id),
      },
      uses,
      requiredTexts: [
        { path: "/title", text: title },
        { path: "/description", text: description },
        ...weekTexts.filter((entry) => entry.required).map(({ path, text: value }) => ({ path, text: value })),
      ],
      texts: [title, description, ...weekTexts.map((entry) => entry.text)],
      searchTexts: [title, description],
      slug: { given: input.slug, source: title[ctx.organization.defaultLanguage] ?? "" },
    };
  },
});
