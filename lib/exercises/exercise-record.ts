import type { z } from "zod";
import { tables } from "@/lib/db";
import { defineRecord } from "@/lib/content/record";
import { plainText, renderedText } from "@/lib/content/shared";
import { ownWrite, storedFields } from "@/lib/content/stored-fields";
import { translationStatusOf } from "@/lib/content/text";
import { exerciseInputSchema } from "./schemas";

const e = tables.exercises;
export type ExerciseRow = typeof e.$inferSelect;
export type ExerciseInput = z.output<typeof exerciseInputSchema>;

/** Every request field and its column: the exercise's fields as a request body (`toInput`), and those written as given. */
export const exerciseFields = storedFields<ExerciseRow, ExerciseInput>({
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

/** What the content toolkit knows of an exercise: its table, texts and full record. */
export const exerciseRecord = defineRecord<ExerciseRow, ExerciseInput>({
  versioned: true,
  key: "exercises",
  entity: "Exercise",
  label: "exercise",
  table: e,
  idKind: "uuid",
  inputSchema: exerciseInputSchema,
  textFields: ["name", "summary"],
  nestedTexts: { steps: { items: true } },
  uploadIds: (row) => [row.videoId, row.gifId, row.imageId],
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
  toInput: exerciseFields.toInput,
});
