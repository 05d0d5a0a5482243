import { sql } from "drizzle-orm";
import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { listRecords, type ListPage, type ListSpec } from "@/lib/content/list-records";
import { searchTextField } from "@/lib/content/shared";
import { scalarField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { instructorRecord, renderInstructor, type InstructorRow } from "./instructor-record";

const i = tables.instructors;

const filterSpec = {
  fields: {
    q: { type: "string", operators: ["eq", "contains"] },
    id: { type: "uuid", operators: ["eq", "in"] },
    name: { type: "string", operators: ["eq", "contains"] },
    gender: { type: "enum", values: ["male", "female", "duo"], operators: ["eq", "in"] },
    user_id: { type: "uuid", operators: ["eq"] },
  },
  order: { updated: {}, created: {}, name: {} },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;

/** How instructors are listed: their filters, and the full record with its photo as the preview. */
export const instructorList: ListSpec<InstructorRow> = {
  filter: {
    spec: filterSpec,
    compilers: () => ({
      q: searchTextField(i.searchText),
      id: scalarField(i.id, "uuid"),
      name: (condition) => (condition.operator === "eq" ? sql`lower(${i.name}) = ${condition.values[0]!.toLowerCase()}` : searchTextField(i.searchText)(condition)),
      gender: scalarField(i.gender, "enum"),
      user_id: scalarField(i.userId, "uuid"),
    }),
    order: () => ({ updated: i.updatedAt, created: i.createdAt, name: sql`lower(${i.name})` }),
  },
  previewUploadIds: (row) => [row.photoId],
  toPreview: (row, _ctx, related) => renderInstructor(row, related),
};

/** `GET /content/instructors`: a page of the organization's instructors. */
export function listInstructors(ctx: ContentContext, filter: FilterQuery): Promise<ListPage> {
  return listRecords(ctx, instructorRecord, instructorList, filter);
}
