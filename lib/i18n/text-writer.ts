import { z } from "zod";
import { isPlainObject } from "@/lib/validation/schema-builders";
import { ApiError, type ErrorDetail } from "@/lib/core/errors";
import { textInputSchema, mergeTextInput, type LocalizedText, type TextInput, type TextInputContext } from "./multi-lang";

export const TEXT_INPUT_MESSAGE = "must be a string or an object of translations keyed by language code";

/**
 * A text field as written (`textInputSchema`) inside a structure (a workout's phases, a plan's
 * weeks), reporting an absent value as missing and a wrong one with a message for people at the member
 * that is wrong. Language codes are checked when the text is merged (mergeTextInput), against the
 * organization's languages.
 */
export const nestedTextInputSchema = z.preprocess((value: TextInput, ctx) => {
  const raw: unknown = value;
  if (raw === undefined) {
    ctx.issues.push({ code: "invalid_type", expected: "string", input: undefined });
  } else if (!isPlainObject(raw)) {
    if (typeof raw !== "string") ctx.issues.push({ code: "invalid_type", expected: "string", input: raw, message: TEXT_INPUT_MESSAGE });
  } else {
    for (const [key, text] of Object.entries(raw)) {
      if (typeof text !== "string") ctx.issues.push({ code: "invalid_type", expected: "string", input: text, path: [key], message: "must be a string" });
    }
  }
  return value;
}, textInputSchema);

/** A text field of stored content: where it is (JSON Pointer), its translations, and whether it is required. */
export type TextEntry = { path: string; text: LocalizedText; required: boolean };

/** Merges written texts into stored ones, collecting every problem so that one 422 lists them all. */
export type TextWriter = {
  /** A required text: absent is impossible after parsing; merged to no language at all is a 422. */
  required(input: TextInput, current: LocalizedText | undefined, path: string): LocalizedText;
  /** An optional text: absent means none, in every language. */
  optional(input: TextInput | undefined, current: LocalizedText | undefined, path: string): LocalizedText;
  /** Throws the 422 for every problem met, if any. */
  finish(): void;
};

export function createTextWriter(ctx: Omit<TextInputContext, "path">): TextWriter {
  const details: ErrorDetail[] = [];
  const merge = (input: TextInput, current: LocalizedText | undefined, path: string): LocalizedText => {
    try {
      return mergeTextInput(current, input, { ...ctx, path });
    } catch (error) {
      if (!(error instanceof ApiError) || !error.details) throw error;
      details.push(...error.details);
      return {};
    }
  };
  return {
    required(input, current, path) {
      const problems = details.length;
      const text = merge(input, current, path);
      if (details.length === problems && Object.keys(text).length === 0) details.push({ path, message: "must not be empty" });
      return text;
    },
    optional(input, current, path) {
      return input === undefined ? {} : merge(input, current, path);
    },
    finish() {
      const [first] = details;
      if (!first) return;
      const message = details.length === 1 ? `${first.path}: ${first.message}` : `${details.length} problems in text fields; see details`;
      throw new ApiError("unprocessable", message, details);
    },
  };
}
