import { z } from "zod";
import type { RenderedText } from "@/lib/i18n";
import type { UploadRecord } from "@/lib/uploads/schemas";

/**
 * Pieces of the editors' form schemas. Each editor's schema turns its inputs into the API's body and
 * then pipes that into the API's own input schema (lib/<domain>/schemas), so the form refuses
 * exactly what the API would, with the same messages.
 */

/** An upload as the editors hold it: the record the API or the upload answered (the API takes it as a reference). */
export type UploadRef = { id: string; name: string; mime: string; url: string };

/** The enabled languages and the default one, as the admin context holds them. */
export type Languages = { languages: readonly string[]; defaultLanguage: string };

/**
 * One input per language → the API's text object; empty inputs are left out (on a replace, a language
 * that is not sent loses its translation). `required` asks for the default language's text.
 */
export function localizedTexts({ languages, defaultLanguage }: Languages, label: string, required: boolean) {
  return z
    .record(z.string(), z.string().trim())
    .superRefine((value, context) => {
      if (required && !value[defaultLanguage]) {
        context.addIssue({ code: "custom", path: [defaultLanguage], message: `Enter the ${label} in ${defaultLanguage}, the default language` });
      }
    })
    .transform((value) => Object.fromEntries(languages.filter((language) => value[language]).map((language) => [language, value[language] as string])));
}

/** A slug input: empty means "make it from the name" (`null`). */
export const slugText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? null : value));

/** A choice from a select whose empty option means "none" (`null`). */
export function optionalChoice<T extends string>(values: readonly T[]) {
  return z
    .string()
    .transform((value) => (value === "" ? null : value))
    .pipe(z.enum(values as readonly [T, ...T[]]).nullable());
}

/** A chosen upload; `required` names the field in the message shown when none is chosen. */
export function uploadChoice(required: string | false) {
  const choice = z.custom<UploadRef | null>((value) => value === null || (typeof value === "object" && typeof (value as UploadRef).id === "string"));
  return required ? choice.refine((value) => value !== null, `Choose or upload ${required}`) : choice;
}

/**
 * The form's schema piped into the API's input schema. zod's `pipe` wants the API schema's input type to
 * match the form's output exactly; the API accepts a superset (strings or objects, ids or records), so
 * the API schema is typed for what the form hands it.
 */
export function intoApiSchema<FormSchema extends z.ZodType, Output>(form: FormSchema, api: z.ZodType<Output, unknown>) {
  return form.pipe(api as unknown as z.ZodType<Output, z.output<FormSchema>>);
}

/** The per-language values of a text read with `texts=all` (`default` stands for the default language); absent: every language empty. */
export function textsOf(value: RenderedText | null | undefined, { languages, defaultLanguage }: Languages): Record<string, string> {
  if (typeof value === "string") return Object.fromEntries(languages.map((language) => [language, language === defaultLanguage ? value : ""]));
  return Object.fromEntries(languages.map((language) => [language, value?.[language] || (language === defaultLanguage ? (value?.default ?? "") : "")]));
}

/** An upload as the editors hold it, from the Upload record a record holds (or null). */
export function uploadOf(upload: UploadRecord | null | undefined): UploadRef | null {
  return upload ? { id: upload.id, name: upload.name, mime: upload.mime, url: upload.url } : null;
}

/** Where a JSON Pointer of a 422 detail lands in a form: `/name/de` → `name.de`; a text without language → its default-language input. */
export function defaultFieldOf(pointer: string, values: Record<string, unknown>, defaultLanguage: string): string | undefined {
  const segments = pointer.replace(/^\//, "").split("/").filter(Boolean);
  if (segments.length === 0) return undefined;
  let value: unknown = values;
  for (const segment of segments) {
    if (!value || typeof value !== "object" || !(segment in value)) return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  const path = segments.join(".");
  const isTexts = value !== null && typeof value === "object" && !Array.isArray(value) && defaultLanguage in value;
  return isTexts ? `${path}.${defaultLanguage}` : path;
}
