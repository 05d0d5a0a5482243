import { z } from "zod";
import { tables } from "@/lib/db";
import { defineCollection } from "@/lib/content/collection";
import { usesOf, type ReferenceUse } from "@/lib/content/references";
import {
  containsInt,
  defaultTextOrder,
  findReferrersIn,
  localizedEqualsField,
  plainText,
  previewText,
  renderedText,
  searchTextField,
} from "@/lib/content/shared";
import { ownWrite, storedFields } from "@/lib/content/stored-fields";
import { writeText } from "@/lib/content/text";
import { arrayField, scalarField, type FilterSpec } from "@/lib/filter";
import { ApiError } from "@/lib/core/errors";
import { equipmentInputSchema } from "./schemas";

const q = tables.equipment;
type EquipmentRow = typeof q.$inferSelect;
type EquipmentInput = z.output<typeof equipmentInputSchema>;

const fields = storedFields<EquipmentRow, EquipmentInput>({
  name: ownWrite("name"),
  slug: ownWrite("slug"),
  brand_id: "brandId",
  categories: "categories",
  description: ownWrite("description"),
  image: "imageId",
});

const filterSpec = {
  fields: {
    q: { type: "string", operators: ["eq", "contains"] },
    id: { type: "int", operators: ["eq", "in"] },
    name: { type: "string", operators: ["eq", "contains"] },
    slug: { type: "string", operators: ["eq", "in", "contains"] },
    brand_id: { type: "int", operators: ["eq", "in"] },
    categories: { type: "int", operators: ["eq", "in", "and"] },
  },
  order: { updated: {}, created: {}, name: {}, id: {} },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;

export const equipment = defineCollection<EquipmentRow, EquipmentInput>({
  key: "equipment",
  entity: "Equipment",
  label: "equipment",
  table: q,
  idKind: "int",
  filter: {
    spec: filterSpec,
    compilers: () => ({
      q: searchTextField(q.searchText),
      id: scalarField(q.id, "int"),
      name: (condition) => (condition.operator === "eq" ? localizedEqualsField(q.name)(condition) : searchTextField(q.searchText)(condition)),
      slug: scalarField(q.slug, "string"),
      brand_id: scalarField(q.brandId, "int"),
      categories: arrayField(q.categories),
    }),
    order: (ctx) => ({ updated: q.updatedAt, created: q.createdAt, name: defaultTextOrder(q.name, ctx), id: q.id }),
  },
  inputSchema: equipmentInputSchema,
  textFields: ["name", "description"],
  uploadIds: (row) => [row.imageId],
  toPreview: (row, ctx) => ({
    id: row.id,
    name: previewText(row.name, ctx),
    slug: row.slug,
    brand_id: row.brandId,
    categories: row.categories,
    no_equipment: row.isNone,
  }),
  toFull: (row, ctx, related) => ({
    id: row.id,
    name: plainText(row.name, ctx),
    slug: row.slug,
    brand_id: row.brandId,
    categories: row.categories,
    no_equipment: row.isNone,
    description: renderedText(row.description, ctx),
    image: (row.imageId && related.uploads.get(row.imageId)) || null,
  }),
  toInput: fields.toInput,
  prepare: (input, current, ctx, mode) => {
    const name = writeText(current?.name, input.name, mode, ctx, "/name");
    const description = writeText(current?.description, input.description, mode, ctx, "/description");
    const isNone = current?.isNone ?? false;
    const problems = isNone
      ? []
      : [
          ...(input.brand_id === null ? [{ path: "/brand_id", message: "is required" }] : []),
          ...(input.categories.length === 0 ? [{ path: "/categories", message: "needs at least one equipment category" }] : []),
          ...(!input.image ? [{ path: "/image", message: "is required" }] : []),
        ];
    if (problems.length > 0) throw new ApiError("unprocessable", `${problems[0]!.path}: ${problems[0]!.message}`, problems);
    const uses: ReferenceUse[] = [...usesOf("equipment-categories", input.categories, "/categories")];
    if (input.brand_id !== null) uses.push({ kind: "equipment-brands", id: input.brand_id, path: "/brand_id" });
    if (input.image) uses.push({ kind: "uploads", id: input.image, path: "/image", media: "image" });
    return {
      values: { ...fields.copy(input), name, description },
      uses,
      requiredTexts: [{ path: "/name", text: name }],
      texts: [name, description],
      searchTexts: [name],
      slug: { given: isNone ? "no-equipment" : input.slug, source: name[ctx.organization.defaultLanguage] ?? "" },
    };
  },
  protectFromDelete: (row) => (row.isNone ? "the no-equipment record cannot be deleted" : undefined),
  findReferrers: (db, organization, row) =>
    findReferrersIn(db, organization, row.id, [
      { table: tables.exercises, uses: containsInt(tables.exercises.equipment), label: "exercise", title: tables.exercises.name },
      { table: tables.onDemand, uses: containsInt(tables.onDemand.equipment), label: "on-demand item", title: tables.onDemand.title },
    ]),
});
