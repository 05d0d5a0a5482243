import { tables } from "@/lib/db";
import type { ContentContext } from "@/lib/content/context";
import { listRecords, type ListPage, type ListSpec } from "@/lib/content/list-records";
import { defaultTextOrder, previewText, publishedOrder, searchTextField, statusFilterField } from "@/lib/content/shared";
import { arrayField, booleanField, scalarField, type FilterQuery, type FilterSpec } from "@/lib/filter";
import { renderWorkout, workoutRecord, type WorkoutRow } from "./workout-record";

const w = tables.workouts;

const filterSpec = {
  fields: {
    id: { type: "uuid", operators: ["eq", "in"] },
    q: { type: "string", operators: ["eq", "contains"] },
    title: { type: "string", operators: ["contains"] },
    level: { type: "enum", values: ["beginner", "intermediate", "advanced"], operators: ["eq", "in"] },
    gender: { type: "enum", values: ["male", "female", "non-binary"], operators: ["eq", "in"] },
    duration: { type: "enum", values: ["0-15", "16-30", "31-45", "46-60", "61+"], operators: ["eq", "in"] },
    body_parts: { type: "int", operators: ["eq", "in", "and"] },
    goals: { type: "int", operators: ["eq", "in", "and"] },
    types: { type: "int", operators: ["eq", "in", "and"] },
    locations: { type: "enum", values: ["home", "club", "outdoor"], operators: ["eq", "in", "and"] },
    template: { type: "boolean", operators: ["eq"] },
    status: { type: "status", operators: ["in", "and"] },
    content_packages: { type: "uuid", operators: ["eq", "in", "and"] },
    exercises: { type: "uuid", operators: ["eq", "in", "and"] },
  },
  order: { updated: {}, created: {}, title: {}, published: {} },
  defaultOrder: [{ field: "updated", direction: "desc" }],
} as const satisfies FilterSpec;

/** How workouts are listed: their filters, and the preview (without the heavy phases). */
export const workoutList: ListSpec<WorkoutRow> = {
  filter: {
    spec: filterSpec,
    compilers: (ctx) => ({
      id: scalarField(w.id, "uuid"),
      q: searchTextField(w.searchText),
      title: searchTextField(w.searchText),
      level: scalarField(w.level, "enum"),
      gender: scalarField(w.gender, "enum"),
      duration: scalarField(w.duration, "enum"),
      body_parts: arrayField(w.bodyParts),
      goals: arrayField(w.goals),
      types: arrayField(w.types),
      locations: arrayField(w.locations),
      template: booleanField(w.template),
      status: statusFilterField(w.status, ctx),
      content_packages: arrayField(w.contentPackages),
      exercises: arrayField(w.exerciseIds),
    }),
    order: (ctx) => ({ updated: w.updatedAt, created: w.createdAt, title: defaultTextOrder(w.title, ctx), published: publishedOrder(w.publishedAt) }),
  },
  previewColumns: {
    id: w.id,
    organizationId: w.organizationId,
    version: w.version,
    title: w.title,
    slug: w.slug,
    gender: w.gender,
    level: w.level,
    goals: w.goals,
    types: w.types,
    locations: w.locations,
    bodyParts: w.bodyParts,
    duration: w.duration,
    contentPackages: w.contentPackages,
    textCompleteness: w.textCompleteness,
    status: w.status,
    createdAt: w.createdAt,
    updatedAt: w.updatedAt,
    publishedAt: w.publishedAt,
  },
  toPreview: (row, ctx: ContentContext) => ({ ...renderWorkout(row, ctx), title: previewText(row.title, ctx) }),
};

/** `GET /content/workouts`: a page of the workouts the caller may see, as previews. */
export function listWorkouts(ctx: ContentContext, filter: FilterQuery): Promise<ListPage> {
  return listRecords(ctx, workoutRecord, workoutList, filter);
}
