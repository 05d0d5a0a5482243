import { z } from "zod";
import { SETTING_TYPES } from "./catalog";

export const integrationSettingSchema = z
  .object({
    id: z.string().meta({ description: "What a connection's `setting_id` refers to" }),
    key: z.string(),
    label: z.string(),
    type: z.enum(SETTING_TYPES).meta({ description: "`secret` values are stored encrypted and returned masked; `header` values are `Name: value` lines" }),
    required: z.boolean(),
    description: z.string(),
  })
  .meta({ id: "IntegrationSetting" });

export const integrationSchema = z
  .object({ key: z.string(), name: z.string(), description: z.string(), settings: z.array(integrationSettingSchema) })
  .meta({ id: "Integration" });

export const integrationListSchema = z.object({ total: z.number().int(), data: z.array(integrationSchema) }).meta({ id: "IntegrationList" });

const settingValueSchema = z.object({
  setting_id: z.string().min(1, "must not be empty").max(200),
  value: z.string().max(8000, "must be at most 8000 characters"),
});

export const createConnectionBodySchema = z
  .object({
    integration: z.string().min(1, "must not be empty").max(100).meta({ description: "The integration's `key`" }),
    name: z.string().trim().min(1, "must not be empty").max(200),
    settings: z.array(settingValueSchema).max(100),
  })
  .meta({
    id: "CreateIntegrationConnectionRequest",
    example: {
      integration: "http-content",
      name: "Partner catalogue",
      settings: [
        { setting_id: "http-content.base_url", value: "https://api.provider.example/v1" },
        { setting_id: "http-content.api_key", value: "pk_live_0123456789abcdef" },
        { setting_id: "http-content.headers", value: "X-Tenant: acme" },
      ],
    },
  });

export const updateConnectionBodySchema = z
  .object({
    name: z.string().trim().min(1, "must not be empty").max(200).optional(),
    settings: z
      .array(settingValueSchema.extend({ value: settingValueSchema.shape.value.nullable() }))
      .max(100)
      .optional()
      .meta({
        description:
          "Merged by `setting_id`: a listed setting takes the new value, `null` removes an optional one, settings not listed keep theirs (so a secret is kept unless a new value is sent; sending back its masked form keeps it too)",
      }),
  })
  .meta({ id: "UpdateIntegrationConnectionRequest", example: { settings: [{ setting_id: "http-content.base_url", value: "https://api.provider.example/v2" }] } });

export const connectionSchema = z
  .object({
    id: z.uuid(),
    integration: z.string(),
    name: z.string(),
    settings: z
      .array(z.object({ setting_id: z.string(), key: z.string(), value: z.string().meta({ description: "Secret values are masked: •••• and at most their last four characters" }) }))
      .meta({ description: "In the integration's order" }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "IntegrationConnection" });

export const connectionListSchema = z.object({ total: z.number().int(), data: z.array(connectionSchema) }).meta({ id: "IntegrationConnectionList" });

export const connectionIdParamsSchema = z.object({ id: z.uuid("must be a uuid") });

export type CreateConnectionBody = z.output<typeof createConnectionBodySchema>;
export type UpdateConnectionBody = z.output<typeof updateConnectionBodySchema>;
export type ConnectionRecord = z.output<typeof connectionSchema>;
