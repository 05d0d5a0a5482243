import type { z } from "zod";
import type { createIntegrationTokenBodySchema, createdIntegrationTokenSchema, integrationTokenListSchema } from "@/lib/integration-tokens/schemas";

export type IntegrationTokenList = z.output<typeof integrationTokenListSchema>;
export type IssuedIntegrationToken = z.output<typeof createdIntegrationTokenSchema>;
export type CreateIntegrationTokenBody = z.input<typeof createIntegrationTokenBodySchema>;
