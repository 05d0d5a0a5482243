/**
 * What the workout service derives from phases, each a visitor of ./item-visitor.ts: the stored phases
 * after a write, their texts, the exercises they reference, and the phases as a response shows them.
 * Pure and isomorphic: the admin's editor lists exercises with the same code.
 */
import { groupReferences, type ReferenceGroup } from "@/lib/content/reference-groups";
import {
  createTextWriter,
  renderPlainText,
  type TextInput,
  type RenderedText,
  type SingleTextView,
  type TextEntry,
  type TextInputContext,
  type TextView,
} from "@/lib/i18n";
import { visitPhases } from "./item-visitor";
import { phaseKindAt, type Phase, type PhaseInput, type PhaseOf, type StoredPhase } from "./phases";

/**
 * The stored phases after a write of `input` (parsed by phasesInputSchema) over `current` (the stored
 * phases before it, undefined on create). `ctx.path` is the JSON Pointer of the phases array in the
 * request body ("/phases"); errors point below it ("/phases/0/items/1/se_exercises/0/sets/2/notes/xx").
 *
 * Each text is merged (mergeTextInput) with the text at the same place in `current` (as visitPhases
 * pairs them), so languages the write does not mention keep their translations. An absent `notes`
 * means none, in every language. Exercise ids are stored in lower case. Throws a 422 listing every
 * text problem.
 */
export function normalizePhases(
  input: readonly PhaseInput[],
  current: readonly StoredPhase[] | undefined,
  ctx: TextInputContext,
): StoredPhase[] {
  const texts = createTextWriter(ctx);
  const written = input.map((phase, index) => {
    const kind = phaseKindAt(phase.kind, index);
    if (kind === undefined) throw new Error(`normalizePhases: phase ${index} has no kind; parse with phasesInputSchema first`);
    // A parsed item's `notes` may be absent, which the walk reads as undefined: no notes.
    return { ...phase, kind } as PhaseOf<TextInput | undefined>;
  });
  const phases = visitPhases(
    written,
    ctx.path,
    {
      text: (text, path, required, before) => (required ? texts.required(text as TextInput, before, path) : texts.optional(text, before, path)),
      exerciseId: (id) => id.toLowerCase(),
    },
    current,
  );
  texts.finish();
  return phases;
}

/**
 * Every text field of the phases in document order, for translation status, search text and lists of
 * missing translations. Phase titles and timer titles are required; notes are not (and are `{}` when
 * there are none). `base` is the pointer of the phases array.
 */
export function collectPhaseTexts(phases: readonly StoredPhase[], base = "/phases"): TextEntry[] {
  const entries: TextEntry[] = [];
  visitPhases(phases, base, {
    text: (text, path, required) => {
      entries.push({ path, text, required });
      return text;
    },
  });
  return entries;
}

/** Each exercise the phases reference, once, with every `exercise_id` pointer that names it, in document order. */
export function phaseExerciseIds(phases: readonly PhaseOf<unknown>[], base = "/phases"): ReferenceGroup[] {
  const refs: { id: string; path: string }[] = [];
  visitPhases(phases, base, {
    text: (text) => text,
    exerciseId: (id, path) => {
      refs.push({ id, path });
      return id;
    },
  });
  return groupReferences(refs);
}

/**
 * The phases as a response shows them. Every text of a phase is typed `string` (docs/api.md "Languages"), so they are
 * plain strings, also for several languages; only `texts=all` makes them MultiLangStrings.
 */
export function renderPhases(phases: readonly StoredPhase[], view: SingleTextView): PhaseOf<string>[];
export function renderPhases(phases: readonly StoredPhase[], view: TextView): Phase[];
export function renderPhases(phases: readonly StoredPhase[], view: TextView): Phase[] {
  return visitPhases(phases, "", { text: (text): RenderedText => renderPlainText(text, view) });
}
