import type { ContentContext } from "@/lib/content/context";
import { usesOf } from "@/lib/content/references";
import { writeText, type WriteMode } from "@/lib/content/text";
import type { Prepared } from "@/lib/content/write-record";
import { exerciseFields, type ExerciseInput, type ExerciseRow } from "./exercise-record";

/**
 * The exercise's rules for a write: its texts merged per language (steps by position), the records it
 * references (lookups, equipment, uploads), the texts it needs in the default language, and the words
 * its slug is made from. `current` is the stored exercise a replace or patch changes.
 */
export function prepareExercise(input: ExerciseInput, current: ExerciseRow | undefined, ctx: ContentContext, mode: WriteMode): Prepared {
  const name = writeText(current?.name, input.name, mode, ctx, "/name");
  const summary = writeText(current?.summary, input.summary, mode, ctx, "/summary");
  // Steps are positional: a plain-string step keeps the other languages of the step at its index.
  const steps = input.steps.map((step, index) => writeText(current?.steps[index], step, mode, ctx, `/steps/${index}`));
  return {
    values: { ...exerciseFields.copy(input), name, summary, steps },
    uses: [
      ...usesOf("muscle-groups", input.muscle_groups, "/muscle_groups"),
      ...usesOf("equipment", input.equipment, "/equipment"),
      ...usesOf("content-categories", input.types, "/types"),
      { kind: "uploads", id: input.video, path: "/video", media: "video" },
      { kind: "uploads", id: input.gif, path: "/gif", media: "gif" },
      { kind: "uploads", id: input.image, path: "/image", media: "image" },
    ],
    requiredTexts: [{ path: "/name", text: name }, ...steps.map((step, index) => ({ path: `/steps/${index}`, text: step }))],
    texts: [name, summary, ...steps],
    searchTexts: [name],
    slug: { given: input.slug, source: name[ctx.organization.defaultLanguage] ?? "" },
  };
}
