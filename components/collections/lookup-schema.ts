import { z } from "zod";
import { slugInputSchema, textInputSchema } from "@/lib/content/schemas";
import { intoApiSchema, localizedTexts, slugText } from "./form-schemas";

/**
 * The lookup form: one input per enabled language for each text, piped into the API's own input
 * schemas (`textInputSchema`, `slugInputSchema`), so the form refuses exactly what the API would.
 */
export function lookupFormSchema({ languages, defaultLanguage, withDescription }: { languages: readonly string[]; defaultLanguage: string; withDescription: boolean }) {
  const texts = (label: string, isRequired: boolean) => intoApiSchema(localizedTexts({ languages, defaultLanguage }, label, isRequired), textInputSchema);
  return z.object({
    name: texts("name", true),
    slug: intoApiSchema(slugText, slugInputSchema),
    ...(withDescription ? { description: texts("description", false) } : {}),
  });
}

export type LookupFormSchema = ReturnType<typeof lookupFormSchema>;
export type LookupFormValues = z.input<LookupFormSchema>;
export type LookupFormOutput = z.output<LookupFormSchema>;
