import type { z } from "zod";
import { tables } from "@/lib/db";
import { defineRecord, type Related } from "@/lib/content/record";
import { storedFields } from "@/lib/content/stored-fields";
import { instructorInputSchema } from "./schemas";

const i = tables.instructors;
export type InstructorRow = typeof i.$inferSelect;
export type InstructorInput = z.output<typeof instructorInputSchema>;

/** Every request field and its column: all of an instructor's fields are written as given. */
export const instructorFields = storedFields<InstructorRow, InstructorInput>({ name: "name", user_id: "userId", gender: "gender", photo: "photoId" });

/** An instructor as every answer shows it (the preview is the full record). */
export const renderInstructor = (row: InstructorRow, related: Related) => ({
  id: row.id,
  user_id: row.userId,
  name: row.name,
  gender: row.gender,
  photo: (row.photoId && related.uploads.get(row.photoId)) || null,
});

/** What the content toolkit knows of an instructor: its table and record; it has no translated texts. */
export const instructorRecord = defineRecord<InstructorRow, InstructorInput>({
  versioned: true,
  key: "instructors",
  entity: "Instructor",
  label: "instructor",
  table: i,
  idKind: "uuid",
  inputSchema: instructorInputSchema,
  textFields: [],
  uploadIds: (row) => [row.photoId],
  toFull: (row, _ctx, related) => renderInstructor(row, related),
  toInput: instructorFields.toInput,
});
