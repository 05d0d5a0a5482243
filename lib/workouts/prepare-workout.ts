import type { ContentContext } from "@/lib/content/context";
import { usesOf, type ReferenceUse } from "@/lib/content/references";
import { textInputContext, writeText, type WriteMode } from "@/lib/content/text";
import type { Prepared } from "@/lib/content/write-record";
import type { WorkoutInput } from "./schemas";
import { collectPhaseTexts, normalizePhases, phaseExerciseIds } from "./phase-walkers";
import { workoutFields, type WorkoutRow } from "./workout-record";

/**
 * The workout's rules for a write: its texts merged per language, its phases normalized, the records it
 * references (lookups, image, the phases' exercises), the texts it needs in the default language, and
 * the words its slug is made from. `current` is the stored workout a replace or patch changes.
 */
export function prepareWorkout(input: WorkoutInput, current: WorkoutRow | undefined, ctx: ContentContext, mode: WriteMode): Prepared {
  const title = writeText(current?.title, input.title, mode, ctx, "/title");
  const description = writeText(current?.description, input.description, mode, ctx, "/description");
  const phases = normalizePhases(input.phases, current?.phases, textInputContext(ctx, "/phases"));
  const phaseTexts = collectPhaseTexts(phases);
  const exercises = phaseExerciseIds(phases);
  const uses: ReferenceUse[] = [
    { kind: "uploads", id: input.image, path: "/image", media: "image" },
    ...usesOf("content-categories", input.types, "/types"),
    ...usesOf("goals", input.goals, "/goals"),
    ...usesOf("body-parts", input.body_parts, "/body_parts"),
    ...usesOf("content-packages", input.content_packages, "/content_packages"),
    ...exercises.map((use) => ({ kind: "exercises" as const, id: use.id, path: use.paths[0]! })),
  ];
  return {
    values: {
      ...workoutFields.copy(input),
      title,
      description,
      locations: [...new Set(input.locations)],
      phases,
      exerciseIds: exercises.map((use) => use.id),
    },
    uses,
    requiredTexts: [
      { path: "/title", text: title },
      { path: "/description", text: description },
      ...phaseTexts.filter((entry) => entry.required).map(({ path, text: value }) => ({ path, text: value })),
    ],
    texts: [title, description, ...phaseTexts.map((entry) => entry.text)],
    searchTexts: [title, description],
    slug: { given: input.slug, source: title[ctx.organization.defaultLanguage] ?? "" },
  };
}
