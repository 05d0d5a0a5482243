import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { defineRecord } from "@/lib/content/record";
import { iso, renderedText } from "@/lib/content/shared";
import { copiedOr, ownWrite, storedFields } from "@/lib/content/stored-fields";
import { translationStatusOf } from "@/lib/content/text";
import { workoutInputSchema, type WorkoutInput } from "./schemas";
import { collectPhaseTexts, renderPhases } from "./phase-walkers";
import type { StoredPhase } from "./phases";

const w = tables.workouts;
export type WorkoutRow = Omit<typeof w.$inferSelect, "phases"> & { phases: StoredPhase[] };

/** Every request field and its column: the workout's fields as a request body (`toInput`), and those written as given. */
export const workoutFields = storedFields<WorkoutRow, WorkoutInput>({
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

/** The fields a workout's preview and full record share. */
export function renderWorkout(row: WorkoutRow, ctx: ContentContext) {
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

/** What the content toolkit knows of a workout: its table, texts and full record. */
export const workoutRecord = defineRecord<WorkoutRow, WorkoutInput>({
  versioned: true,
  key: "workouts",
  entity: "Workout",
  label: "workout",
  table: w,
  idKind: "uuid",
  isPublishable: true,
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
  toFull: (row, ctx, related) => ({
    ...renderWorkout(row, ctx),
    description: renderedText(row.description, ctx),
    image: (row.imageId && related.uploads.get(row.imageId)) || null,
    estimated_duration: row.estimatedDuration,
    template: row.template,
    phases: renderPhases(row.phases, ctx.view),
  }),
  toInput: workoutFields.toInput,
});
