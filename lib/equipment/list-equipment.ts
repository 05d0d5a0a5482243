import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { listRecords, type ListPage, type ListSpec } from "@/lib/content/list-records";
import { defaultTextOrder, localizedEqualsField, previewText, searchTextField } from "@/lib/content/shared";
import { arrayField, scalarField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { equipmentRecord, type EquipmentRow } from "./equipment-record";

const q = tables.equipment;

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

/** How equipment is listed: its filters and its preview. */
export const equipmentList: ListSpec<EquipmentRow> = {
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
  toPreview: (row, ctx) => ({
    id: row.id,
    name: previewText(row.name, ctx),
    slug: row.slug,
    brand_id: row.brandId,
    categories: row.categories,
    no_equipment: row.isNone,
  }),
};

/** `GET /content/equipment`: a page of the organization's equipment, as previews. */
export function listEquipment(ctx: ContentContext, filter: FilterQuery): Promise<ListPage> {
  return listRecords(ctx, equipmentRecord, equipmentList, filter);
}
