import { sql } from "drizzle-orm";
import { z } from "zod";
import { tables } from "@/lib/db";
import { defineCollection } from "@/lib/content/collection";
import type { ReferenceUse } from "@/lib/content/references";
import { equalsId, findReferrersIn, searchTextField } from "@/lib/content/shared";
import { storedFields } from "@/lib/content/stored-fields";
import { buildSearchText } from "@/lib/content/text";
import { scalarField, type FilterSpec } from "@/lib/filter";
import { instructorInputSchema } from "./schemas";

const i = tables.instructors;
type InstructorRow = typeof i.$inferSelect;
type InstructorInput = z.output<typeof instructorInputSchema>;

const fields = storedFields<InstructorRow, InstructorInput>({ name: "name", user_id: "userId", gender: "gender", photo: "photoId" });

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

const render = (row: InstructorRow, related: { uploads: Map<string, unknown> }) => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  gender: row.gender,
  photo: (row.photoId && related.uploads.get(row.photoId)) || null,
});

export const instructors = defineCollection<InstructorRow, InstructorInput>({
  versioned: true,
  key: "instructors",
  entity: "Instructor",
  label: "instructor",
  table: i,
  idKind: "uuid",
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
  inputSchema: instructorInputSchema,
  textFields: [],
  uploadIds: (row) => [row.photoId],
  previewUploadIds: (row) => [row.photoId],
  toPreview: (row, _ctx, related) => render(row, related),
  toFull: (row, _ctx, related) => render(row, related),
  toInput: fields.toInput,
  prepare: (input) => {
    const uses: ReferenceUse[] = [];
    if (input.user_id) uses.push({ kind: "users", id: input.user_id, path: "/user_id" });
    if (input.photo) uses.push({ kind: "uploads", id: input.photo, path: "/photo", media: "image" });
    return {
      values: { ...fields.copy(input), searchText: buildSearchText([input.name]) },
      uses,
      requiredTexts: [],
      texts: [],
      searchTexts: [input.name],
    };
  },
  findReferrers: (db, organization, row) =>
    findReferrersIn(db, organization, row.id, [{ table: tables.onDemand, uses: equalsId(tables.onDemand.instructorId), label: "on-demand item", title: tables.onDemand.title }]),
});
