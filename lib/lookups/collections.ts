import { z } from "zod";
import { tables } from "@/lib/db";
import type { LocalizedText } from "@/lib/db/schema";
import { defineCollection, type ContentTable } from "@/lib/content/collection";
import {
  ALL_TEXTS,
  containsInt,
  containsUuid,
  defaultTextOrder,
  equalsId,
  findReferrersIn,
  localizedEqualsField,
  plainText,
  PREVIEW_TEXTS,
  previewText,
  renderedText,
  searchTextField,
  slugInputSchema,
  SPEC_TEXTS,
  textInputSchema,
  type ReferrerSource,
  type TextSchemas,
} from "@/lib/content/shared";
import { writeText } from "@/lib/content/text";
import { scalarField, type FilterSpec } from "@/lib/filter";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "@/lib/db";
import type { OrganizationSettings } from "@/lib/content/context";

/**
 * The lookup collections (docs/api.md "Content (lookups, exercises, equipment, instructors, workouts, training plans, on-demand)"): `{id, name, slug}` with an int id (content categories
 * also carry the `uuid` that on-demand `categories` use; content packages have a uuid id and a
 * description).
 */
type LookupRow = {
  id: number | string;
  organizationId: string;
  version: number;
  name: LocalizedText;
  slug: string;
  uuid?: string;
  description?: LocalizedText;
};

const lookupFilterSpec = (idType: "int" | "uuid", withUuid: boolean) =>
  ({
    fields: {
      q: { type: "string", operators: ["eq", "contains"] },
      id: { type: idType, operators: ["eq", "in"] },
      // Content categories: the uuid on-demand `categories` hold, so their names are read in one request.
      ...(withUuid ? { uuid: { type: "uuid", operators: ["eq", "in"] } } : {}),
      name: { type: "string", operators: ["eq", "contains"] },
      slug: { type: "string", operators: ["eq", "in", "contains"] },
    },
    order: { updated: {}, created: {}, name: {}, slug: {}, id: {} },
    defaultOrder: [{ field: "updated", direction: "desc" }],
  }) as const satisfies FilterSpec;

type LookupOptions = {
  key: string;
  entity: string;
  label: string;
  tag: string;
  table: ContentTable & { name: AnyPgColumn; slug: AnyPgColumn };
  referrers: ReferrerSource[];
  /** Replaces `referrers` when a lookup is referenced in more than one way. */
  findReferrers?: (db: Executor, organization: OrganizationSettings, row: LookupRow) => Promise<string[]>;
  withUuid?: boolean;
  withDescription?: boolean;
  /**
   * Whether the name is typed "string or MultiLangString" (goals, muscle groups, body parts, content
   * categories, activity types and providers); the other lookups' texts are
   * plain strings (docs/api.md "Languages").
   */
  isNameMultiLang: boolean;
  idKind?: "int" | "uuid";
  example: Record<string, unknown>;
};

function defineLookup(options: LookupOptions) {
  const idKind = options.idKind ?? "int";
  const idSchema = idKind === "int" ? z.number().int() : z.uuid();
  const recordSchemaOf = (texts: TextSchemas, id: string, example?: Record<string, unknown>) =>
    z
      .object({
        id: idSchema,
        ...(options.withUuid ? { uuid: z.uuid().meta({ description: "The id on-demand `categories` refer to" }) } : {}),
        name: options.isNameMultiLang ? texts.rendered : texts.plain,
        ...(options.withDescription ? { description: texts.plain } : {}),
        slug: z.string(),
      })
      .meta({ id, ...(example ? { example } : {}) });
  const previewSchema = recordSchemaOf(PREVIEW_TEXTS, `${options.entity}Preview`, options.example);
  const recordSchema = recordSchemaOf(SPEC_TEXTS, options.entity, options.example);
  const recordAllTextsSchema = recordSchemaOf(ALL_TEXTS, `${options.entity}AllTexts`);
  const inputSchema = z
    .object({
      name: textInputSchema,
      ...(options.withDescription ? { description: textInputSchema.optional() } : {}),
      slug: slugInputSchema,
    })
    .meta({ id: `${options.entity}Input` });
  type Input = z.output<typeof inputSchema> & { description?: string | Record<string, string> };

  const table = options.table;
  const render = (row: LookupRow, name: unknown, description: unknown) => ({
    id: row.id,
    ...(options.withUuid ? { uuid: row.uuid } : {}),
    name,
    ...(options.withDescription ? { description } : {}),
    slug: row.slug,
  });

  const collection = defineCollection<LookupRow, Input>({
    key: options.key,
    entity: options.entity,
    label: options.label,
    table,
    idKind,
    filter: {
      spec: lookupFilterSpec(idKind, options.withUuid === true),
      compilers: () => ({
        q: searchTextField(table.searchText),
        id: scalarField(table.id, idKind),
        ...(options.withUuid ? { uuid: scalarField((table as typeof table & { uuid: AnyPgColumn }).uuid, "uuid") } : {}),
        name: (condition) => (condition.operator === "eq" ? localizedEqualsField(table.name)(condition) : searchTextField(table.searchText)(condition)),
        slug: scalarField(table.slug, "string"),
      }),
      order: (ctx) => ({ updated: table.updatedAt, created: table.createdAt, name: defaultTextOrder(table.name, ctx), slug: table.slug, id: table.id }),
    },
    inputSchema: inputSchema as unknown as z.ZodType<Input>,
    textFields: options.withDescription ? ["name", "description"] : ["name"],
    toPreview: (row, ctx) => render(row, previewText(row.name, ctx), previewText(row.description, ctx)),
    toFull: (row, ctx) => render(row, options.isNameMultiLang ? renderedText(row.name, ctx) : plainText(row.name, ctx), plainText(row.description, ctx)),
    toInput: (row) => ({ name: row.name, ...(options.withDescription ? { description: row.description } : {}), slug: row.slug }),
    prepare: (input, current, ctx, mode) => {
      const name = writeText(current?.name, input.name, mode, ctx, "/name");
      const description = options.withDescription ? writeText(current?.description, input.description, mode, ctx, "/description") : undefined;
      return {
        values: { name, ...(description ? { description } : {}) },
        uses: [],
        requiredTexts: [{ path: "/name", text: name }],
        texts: description ? [name, description] : [name],
        searchTexts: [name],
        slug: { given: input.slug, source: name[ctx.organization.defaultLanguage] ?? "" },
      };
    },
    findReferrers: options.findReferrers ?? ((db, organization, row) => findReferrersIn(db, organization, row.id, options.referrers)),
  });
  // What ./operations declares the lookup's endpoints with.
  const schemas = { name: options.entity, preview: previewSchema, full: recordSchema, fullAllTexts: recordAllTextsSchema, input: inputSchema, tag: options.tag };
  return { collection, schemas };
}

const t = tables;

export const muscleGroups = defineLookup({
  key: "muscle-groups",
  entity: "MuscleGroup",
  label: "muscle group",
  tag: "Lookups",
  isNameMultiLang: true,
  table: t.muscleGroups,
  referrers: [{ table: t.exercises, uses: containsInt(t.exercises.muscleGroups), label: "exercise", title: t.exercises.name }],
  example: { id: 3, name: "Chest", slug: "chest" },
});

export const bodyParts = defineLookup({
  key: "body-parts",
  entity: "BodyPart",
  label: "body part",
  tag: "Lookups",
  isNameMultiLang: true,
  table: t.bodyParts,
  referrers: [{ table: t.workouts, uses: containsInt(t.workouts.bodyParts), label: "workout", title: t.workouts.title }],
  example: { id: 2, name: "Upper body", slug: "upper-body" },
});

export const fitnessGoals = defineLookup({
  key: "goals",
  entity: "FitnessGoal",
  label: "fitness goal",
  tag: "Lookups",
  isNameMultiLang: true,
  table: t.fitnessGoals,
  referrers: [
    { table: t.workouts, uses: containsInt(t.workouts.goals), label: "workout", title: t.workouts.title },
    { table: t.trainingPlans, uses: containsInt(t.trainingPlans.goals), label: "training plan", title: t.trainingPlans.title },
    { table: t.onDemand, uses: containsInt(t.onDemand.goals), label: "on-demand item", title: t.onDemand.title },
  ],
  example: { id: 1, name: "Lose weight", slug: "lose-weight" },
});

export const activityTypes = defineLookup({
  key: "activity-types",
  entity: "ActivityType",
  label: "activity type",
  tag: "Lookups",
  isNameMultiLang: true,
  table: t.activityTypes,
  referrers: [],
  example: { id: 1, name: "Running", slug: "running" },
});

export const contentProviders = defineLookup({
  key: "providers",
  entity: "ContentProvider",
  label: "content provider",
  tag: "Lookups",
  isNameMultiLang: true,
  table: t.contentProviders,
  referrers: [{ table: t.onDemand, uses: equalsId(t.onDemand.contentProvider), label: "on-demand item", title: t.onDemand.title }],
  example: { id: 1, name: "In-house studio", slug: "in-house-studio" },
});

export const contentCategories = defineLookup({
  key: "categories",
  entity: "ContentCategory",
  label: "content category",
  tag: "Lookups",
  isNameMultiLang: true,
  table: t.contentCategories,
  withUuid: true,
  referrers: [],
  // Categories are referenced by int (`types`) and by uuid (on-demand `categories`).
  findReferrers: async (db, organization, row) => [
    ...(await findReferrersIn(db, organization, row.id, [
      { table: t.exercises, uses: containsInt(t.exercises.types), label: "exercise", title: t.exercises.name },
      { table: t.workouts, uses: containsInt(t.workouts.types), label: "workout", title: t.workouts.title },
      { table: t.trainingPlans, uses: containsInt(t.trainingPlans.types), label: "training plan", title: t.trainingPlans.title },
    ])),
    ...(await findReferrersIn(db, organization, row.uuid as string, [
      { table: t.onDemand, uses: containsUuid(t.onDemand.categories), label: "on-demand item", title: t.onDemand.title },
    ])),
  ],
  example: { id: 4, uuid: "6f1c2a9e-4c1b-4d55-9a49-2f6d7b8e1a01", name: "Strength", slug: "strength" },
});

export const equipmentBrands = defineLookup({
  key: "equipment/brands",
  entity: "EquipmentBrand",
  label: "equipment brand",
  tag: "Equipment",
  isNameMultiLang: false,
  table: t.equipmentBrands,
  referrers: [{ table: t.equipment, uses: equalsId(t.equipment.brandId), label: "equipment", title: t.equipment.name }],
  example: { id: 1, name: "Ironline", slug: "ironline" },
});

export const equipmentCategories = defineLookup({
  key: "equipment/categories",
  entity: "EquipmentCategory",
  label: "equipment category",
  tag: "Equipment",
  isNameMultiLang: false,
  table: t.equipmentCategories,
  referrers: [{ table: t.equipment, uses: containsInt(t.equipment.categories), label: "equipment", title: t.equipment.name }],
  example: { id: 1, name: "Free weights", slug: "free-weights" },
});

export const contentPackages = defineLookup({
  key: "packages",
  entity: "ContentPackage",
  label: "content package",
  tag: "Lookups",
  isNameMultiLang: false,
  table: t.contentPackages,
  idKind: "uuid",
  withDescription: true,
  referrers: [
    { table: t.workouts, uses: containsUuid(t.workouts.contentPackages), label: "workout", title: t.workouts.title },
    { table: t.trainingPlans, uses: containsUuid(t.trainingPlans.contentPackages), label: "training plan", title: t.trainingPlans.title },
    { table: t.onDemand, uses: containsUuid(t.onDemand.contentPackages), label: "on-demand item", title: t.onDemand.title },
  ],
  example: { id: "0b6f7e0c-2a52-4d5e-8f57-8c2b1f3f4a10", name: "Premium", description: "Everything in the premium tier", slug: "premium" },
});

export const LOOKUPS = [muscleGroups, bodyParts, fitnessGoals, activityTypes, contentProviders, contentCategories, equipmentBrands, equipmentCategories, contentPackages];
