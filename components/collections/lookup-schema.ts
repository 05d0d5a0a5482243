import { z } from "zod";
import { slugInputSchema, textInput } from "@/lib/content/input-schemas";

/**
 * The API schema typed for the narrower value the form hands it: zod's `pipe` wants the input types to
 * match exactly, though the API schema accepts a superset (a string or an object; `undefined` too).
 */
function accepts<Input>() {
  return <Output>(schema: z.ZodType<Output, Input | undefined> | z.ZodType<Output, unknown>) => schema as unknown as z.ZodType<Output, Input>;
}

/**
 * The lookup form: one input per enabled language for each text, piped into the API's own input
 * schemas (`textInput`, `slugInputSchema`), so the form refuses exactly what the API would.
 */
export function lookupFormSchema({ languages, defaultLanguage, withDescription }: { languages: readonly string[]; defaultLanguage: string; withDescription: boolean }) {
  const texts = (label: string, isRequired: boolean) =>
    z
      .record(z.string(), z.string().trim())
      .superRefine((value, context) => {
        if (isRequired && !value[defaultLanguage]) {
          context.addIssue({ code: "custom", path: [defaultLanguage], message: `Enter the ${label} in ${defaultLanguage}, the default language` });
        }
      })
      // Empty inputs are left out: on a replace, a language that is not sent loses its translation.
      .transform((value) => Object.fromEntries(languages.filter((language) => value[language]).map((language) => [language, value[language] as string])))
      .pipe(accepts<Record<string, string>>()(textInput));
  return z.object({
    name: texts("name", true),
    slug: z
      .string()
      .trim()
      .transform((value) => (value === "" ? null : value))
      .pipe(accepts<string | null>()(slugInputSchema)),
    ...(withDescription ? { description: texts("description", false) } : {}),
  });
}

export type LookupFormSchema = ReturnType<typeof lookupFormSchema>;
export type LookupFormValues = z.input<LookupFormSchema>;
export type LookupFormOutput = z.output<LookupFormSchema>;
