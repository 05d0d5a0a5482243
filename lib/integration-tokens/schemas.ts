import { z } from "zod";
import { scopeSchema } from "@/lib/auth/schemas";

export const MAX_LIVE_INTEGRATION_TOKENS = 10;
export const INTEGRATION_TOKEN_TTL_SECONDS = 365 * 24 * 60 * 60;

export const createIntegrationTokenBodySchema = z
  .object({
    name: z.string().trim().min(1, "must not be empty").max(200).meta({ description: "What the token is for", example: "Partner catalogue sync" }),
    scope: scopeSchema.default("mobile").meta({ description: "Scope of the token (default mobile)" }),
  })
  .meta({ id: "CreateIntegrationTokenRequest" });

export const integrationTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scope: scopeSchema,
    created_at: z.iso.datetime(),
    expires_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "IntegrationToken" });

export const createdIntegrationTokenSchema = integrationTokenSchema
  .omit({ last_used_at: true })
  .extend({ token: z.string().meta({ description: "The token (JWT). Shown only in this answer; store it now." }) })
  .meta({ id: "CreatedIntegrationToken" });

export const integrationTokenListSchema = z
  .object({
    total: z.number().int(),
    limit: z.number().int().meta({ description: "How many live tokens an organization may hold" }),
    data: z.array(integrationTokenSchema),
  })
  .meta({ id: "IntegrationTokenList" });

export const deleteIntegrationTokenBodySchema = z.object({ token_id: z.uuid() }).meta({ id: "DeleteIntegrationTokenRequest" });

export type IntegrationTokenRecord = z.output<typeof integrationTokenSchema>;
