import { getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { tables } from "@/lib/db";
import { defineCollection } from "@/lib/content/collection";
import { usesOf, type ReferenceUse } from "@/lib/content/references";
import {
  containsUuid,
  defaultTextOrder,
  findReferrersIn,
  iso,
  localizedEqualsField,
  previewText,
  publishedOrder,
  renderedText,
  statusFilterField,
} from "@/lib/content/shared";
import { copiedOr, ownWrite, storedFields } from "@/lib/content/stored-fields";
import { translationStatusOf, writeText } from "@/lib/content/text";
import { arrayField, scalarField, type FieldCompiler, type FilterCondition, type FilterSpec } from "@/lib/filter";
import { ON_DEMAND_TYPES, onDemandInputSchema } from "./schemas";

const o = tables.onDemand;
type OnDemandRow = typeof o.$inferSelect;
type OnDemandInput = z.output<typeof onDemandInputSchema>;

const fields = storedFields<OnDemandRow, OnDemandInput>({
  type: "type",
  title: ownWrite("title"),
  description: ownWrite("description"),
  slug: ownWrite("slug"),
  video: "videoId",
  image: "imageId",
  instructor_id: "instructorId",
  content_packages: copiedOr("contentPackages", []),
  duration: "duration",
  level: "level",
  goals: "goals",
  equipment: "equipment",
  categories: "categories",
  languages: "languages",
  content_provider: "contentProvider",
});

const filterSpec = {
  fields: {
    id: { type: "uuid", operators: ["eq", "in"] },
    q: { type: "string", operators: ["eq", "contains"] },
    title: { type: "string", operators: ["contains", "eq"] },
    type: { type: "enum", values: ON_DEMAND_TYPES, operators: ["eq", "in"] },
    level: { type: "enum", values: ["beginner", "intermediate", "advanced"], operators: ["eq", "in"] },
    duration: { type: "enum", values: ["0-15", "16-30", "31-45", "46-60", "61+"], operators: ["eq", "in"] },
    categories: { type: "uuid", operators: ["eq", "in", "and"] },
    category: { type: "uuid", operators: ["eq"] },
    equipment: { type: "int", operators: ["eq", "in", "and"] },
    goals: { type: "int", operators: ["eq", "in", "and"] },
    instructor: { type: "uuid", operators: ["eq", "in"] },
    content_packages: { type: "uuid", operators: ["eq", "in", "and"] },
    status: { type: "status", operators: ["eq", "in", "and"] },
  },
  order: {
    updated: {},
    created: {},
    title: { description: "The title in the organization's default language" },
    published: { description: "First publication; never-published items count as the earliest" },
  },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;

const likePattern = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;

/** `q`: title and description in every language, or the name of the item's instructor. */
const onDemandQuery: FieldCompiler = (condition) => {
  const pattern = likePattern(condition.values[0]!);
  return sql`(${o.searchText} LIKE ${pattern} ESCAPE '\\' OR EXISTS (
    SELECT 1 FROM ${tables.instructors} AS ins_q
    WHERE ins_q.id = ${o.instructorId} AND ins_q.organization_id = ${o.organizationId} AND ins_q.search_text LIKE ${pattern} ESCAPE '\\'))`;
};

/** `title[contains]` looks at the title only (in any language), unlike `q`, which also reads the description. */
const titleField: FieldCompiler = (condition: FilterCondition) =>
  condition.operator === "eq"
    ? localizedEqualsField(o.title)(condition)
    : sql`EXISTS (SELECT 1 FROM jsonb_each_text(${o.title}) AS title_q WHERE lower(title_q.value) LIKE ${likePattern(condition.values[0]!)} ESCAPE '\\')`;

// A list reads neither the description nor the search text.
const { description: _description, searchText: _searchText, ...previewColumns } = getTableColumns(o);

export const onDemand = defineCollection<OnDemandRow, OnDemandInput>({
  versioned: true,
  key: "on-demand",
  entity: "OnDemand",
  label: "on-demand item",
  table: o,
  idKind: "uuid",
  isPublishable: true,
  filter: {
    spec: filterSpec,
    compilers: (ctx) => ({
      id: scalarField(o.id, "uuid"),
      q: onDemandQuery,
      title: titleField,
      type: scalarField(o.type, "enum"),
      level: scalarField(o.level, "enum"),
      duration: scalarField(o.duration, "enum"),
      categories: arrayField(o.categories),
      category: arrayField(o.categories),
      equipment: arrayField(o.equipment),
      goals: arrayField(o.goals),
      instructor: scalarField(o.instructorId, "uuid"),
      content_packages: arrayField(o.contentPackages),
      status: statusFilterField(o.status, ctx),
    }),
    order: (ctx) => ({
      updated: o.updatedAt,
      created: o.createdAt,
      title: defaultTextOrder(o.title, ctx),
      // Drafts have no publication date; ranking them first would bury the published items under desc.
      published: publishedOrder(o.publishedAt),
    }),
  },
  previewColumns,
  inputSchema: onDemandInputSchema,
  textFields: ["title", "description"],
  // What a language needs before it may be published: the title (the description is optional, docs/api.md "Publishing").
  requiredTexts: (row) => [{ path: "/title", text: row.title }],
  allTexts: (row) => [
    { path: "/title", text: row.title },
    { path: "/description", text: row.description },
  ],
  uploadIds: (row) => [row.videoId, row.imageId],
  toPreview: (row, ctx) => ({
    id: row.id,
    title: previewText(row.title, ctx),
    type: row.type,
    duration: row.duration,
    level: row.level,
    goals: row.goals,
    content_provider: row.contentProvider,
    categories: row.categories,
    equipment: row.equipment,
    instructor_id: row.instructorId,
    content_packages: row.contentPackages,
    translation_status: translationStatusOf(row.textCompleteness, ctx.organization.languages),
    languages: row.languages,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
  }),
  toFull: (row, ctx, related) => ({
    id: row.id,
    type: row.type,
    title: renderedText(row.title, ctx),
    description: renderedText(row.description, ctx),
    slug: row.slug,
    video: (row.videoId && related.uploads.get(row.videoId)) || null,
    image: (row.imageId && related.uploads.get(row.imageId)) || null,
    instructor_id: row.instructorId,
    content_packages: row.contentPackages,
    duration: row.duration,
    level: row.level,
    goals: row.goals,
    equipment: row.equipment,
    categories: row.categories,
    languages: row.languages,
    content_provider: row.contentProvider,
    translation_status: translationStatusOf(row.textCompleteness, ctx.organization.languages),
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    published_at: iso(row.publishedAt),
  }),
  toInput: fields.toInput,
  prepare: (input, current, ctx, mode) => {
    const title = writeText(current?.title, input.title, mode, ctx, "/title");
    const description = writeText(current?.description, input.description, mode, ctx, "/description");
    const contentPackages = input.content_packages ?? [];
    const uses: ReferenceUse[] = [
      // An audio workout's media is its audio file; a video is accepted there too (a recorded class as audio).
      { kind: "uploads", id: input.video, path: "/video", media: input.type === "virtual-class" ? "video" : "media" },
      { kind: "uploads", id: input.image, path: "/image", media: "image" },
      { kind: "content-providers", id: input.content_provider, path: "/content_provider" },
      ...usesOf("goals", input.goals, "/goals"),
      ...usesOf("equipment", input.equipment, "/equipment"),
      ...usesOf("content-category-uuids", input.categories, "/categories"),
      ...usesOf("content-packages", contentPackages, "/content_packages"),
    ];
    if (input.instructor_id) uses.push({ kind: "instructors", id: input.instructor_id, path: "/instructor_id" });
    return {
      values: { ...fields.copy(input), title, description },
      uses,
      requiredTexts: [{ path: "/title", text: title }],
      texts: [title, description],
      searchTexts: [title, description],
      slug: { given: input.slug, source: title[ctx.organization.defaultLanguage] ?? "" },
    };
  },
  findReferrers: (db, organization, row) =>
    findReferrersIn(db, organization, row.id, [
      { table: tables.trainingPlans, uses: containsUuid(tables.trainingPlans.onDemandIds), label: "training plan", title: tables.trainingPlans.title },
    ]),
});
