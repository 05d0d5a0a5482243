import { z } from "zod";
import { ROLES } from "@/lib/core/roles";
import { languageCodeSchema } from "@/lib/i18n/language-code";

export const emailSchema = z.email("must be an email address").max(320).transform((email) => email.trim());
export const passwordSchema = z.string().min(8, "must be at least 8 characters").max(512, "must be at most 512 characters");
export const roleSchema = z.enum(ROLES);

export const createUserInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  role: roleSchema,
  languages: z.array(languageCodeSchema).max(50).default([]),
});

export type CreateUserInput = z.input<typeof createUserInputSchema>;

export const userSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: roleSchema,
    languages: z.array(z.string()).meta({ description: "Languages a translator may edit and publish (empty for other roles)" }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "User" });

export const userListSchema = z.object({ total: z.number().int(), data: z.array(userSchema) }).meta({ id: "UserList" });

export const createUserBodySchema = createUserInputSchema.meta({
  id: "CreateUserRequest",
  example: { email: "translator@example.com", password: "a long passphrase", role: "translator", languages: ["de"] },
});

export const updateUserBodySchema = z
  .object({
    role: roleSchema.optional(),
    languages: z.array(languageCodeSchema).max(50).optional(),
    password: passwordSchema.optional().meta({ description: "Sets a new password (an admin's reset); ends the user's sessions" }),
  })
  .meta({ id: "UpdateUserRequest" });

export const userIdParamsSchema = z.object({ id: z.uuid("must be a uuid") });

export type UserRecord = z.output<typeof userSchema>;
