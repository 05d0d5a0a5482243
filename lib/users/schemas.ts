import { z } from "zod";
import { USER_ROLES } from "@/lib/db/schema";
import { languageCodeSchema } from "@/lib/organizations/schemas";

export const emailSchema = z.email("must be an email address").max(320).transform((email) => email.trim());
export const passwordSchema = z.string().min(8, "must be at least 8 characters").max(512, "must be at most 512 characters");
export const roleSchema = z.enum(USER_ROLES);

export const createUserInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema,
  languages: z.array(languageCodeSchema).max(50).default([]),
});

export type CreateUserInput = z.input<typeof createUserInputSchema>;
