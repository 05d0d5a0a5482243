import { z } from "zod";
import { intoApiSchema, localizedTexts, slugText, uploadChoice, type Languages } from "@/components/collections/form-schemas";
import { durationSchema, levelSchema } from "@/lib/content/schemas";
import { ON_DEMAND_TYPES, onDemandInputSchema } from "@/lib/on-demand/schemas";

export const TYPES = ON_DEMAND_TYPES;
export const LEVELS = levelSchema.options;
export const DURATIONS = durationSchema.options;

/** "en, pt-BR" → ["en", "pt-BR"]: the media's languages as one types them. */
export function splitLanguages(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}

/** The on-demand editor's inputs, piped into the API's onDemandInputSchema. */
export function onDemandFormSchema(languages: Languages) {
  return intoApiSchema(
    z.object({
      type: z.enum(TYPES, { error: "Choose a type" }),
      title: localizedTexts(languages, "title", true),
      description: localizedTexts(languages, "description", false),
      slug: slugText,
      video: uploadChoice("the video or audio file"),
      image: uploadChoice("an image"),
      instructor_id: z.string().nullable(),
      content_provider: z
        .number()
        .nullable()
        .refine((value) => value !== null, "Choose a content provider"),
      content_packages: z.array(z.string()),
      categories: z.array(z.string()),
      equipment: z.array(z.number()),
      goals: z.array(z.number()),
      level: z.enum(LEVELS, { error: "Choose a level" }),
      duration: z.enum(DURATIONS, { error: "Choose a duration" }),
      // One message on the field, whichever code is wrong, in the API's words.
      languages: z
        .string()
        .transform(splitLanguages)
        .superRefine((codes, context) => {
          const result = onDemandInputSchema.shape.languages.safeParse(codes);
          if (!result.success) context.addIssue({ code: "custom", message: `${result.error.issues[0]?.message ?? "is not valid"}` });
        }),
    }),
    onDemandInputSchema,
  );
}

export type OnDemandFormSchema = ReturnType<typeof onDemandFormSchema>;
export type OnDemandFormValues = z.input<OnDemandFormSchema>;
export type OnDemandFormOutput = z.output<OnDemandFormSchema>;

/**
 * Where an item's `languages` and its media's (the sound's language, the captions) differ, as a
 * sentence; nothing when they agree or the media tells no language. Shown, never refused
 * (docs/api.md "Media processing").
 */
export function describeLanguageMismatch(listed: string, media: readonly string[]): string | undefined {
  if (media.length === 0) return undefined;
  const item = listed.split(",").map((code) => code.trim()).filter(Boolean);
  const unlisted = media.filter((code) => !item.includes(code));
  const missing = item.filter((code) => !media.includes(code));
  if (unlisted.length === 0 && missing.length === 0) return undefined;
  const parts = [
    ...(missing.length > 0 ? [`listed but not in the media: ${missing.join(", ")}`] : []),
    ...(unlisted.length > 0 ? [`in the media but not listed: ${unlisted.join(", ")}`] : []),
  ];
  return `The languages differ from the media's (sound and captions: ${media.join(", ")}): ${parts.join("; ")}.`;
}
