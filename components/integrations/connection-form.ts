import { z } from "zod";
import type { ApiErrorDetail } from "@/lib/admin/api-client";
import { createConnectionBodySchema, updateConnectionBodySchema, type ConnectionRecord } from "@/lib/integrations/schemas";
import type { IntegrationDefinition } from "./api";

/**
 * The connection form holds one text value per setting of the integration, in the definition's order
 * (an array, because setting ids contain dots, which form libraries read as nesting). The schemas below
 * turn those values into the API's create and update bodies and pipe them into the API's own schemas.
 */
export type ConnectionFormValues = { name: string; values: string[] };

// The name is checked with the API's own rule here, so its message shows together with the settings'.
const formShape = z.object({ name: createConnectionBodySchema.shape.name, values: z.array(z.string()) });

function requireSettings(definition: IntegrationDefinition, values: string[], context: z.RefinementCtx, options: { secretsKept: boolean }) {
  definition.settings.forEach((setting, index) => {
    const isEmpty = (values[index] ?? "").trim() === "";
    // On an edit an empty secret keeps the stored one, so only plain settings must be filled in again.
    const isKept = options.secretsKept && setting.type === "secret";
    if (setting.required && isEmpty && !isKept) context.addIssue({ code: "custom", path: ["values", index], message: `${setting.label} is required` });
  });
}

/** Values → `POST /integrations/connections` body; empty optional settings are left out. */
export function createConnectionSchema(definition: IntegrationDefinition) {
  return formShape
    .superRefine((form, context) => requireSettings(definition, form.values, context, { secretsKept: false }))
    .transform((form) => ({
      integration: definition.key,
      name: form.name,
      settings: definition.settings.flatMap((setting, index) => {
        const value = form.values[index] ?? "";
        return value.trim() === "" ? [] : [{ setting_id: setting.id, value }];
      }),
    }))
    .pipe(createConnectionBodySchema);
}

/**
 * Values → `PATCH /integrations/connections/{id}` body. A secret left empty is not sent (the stored
 * one stays); an optional setting emptied is sent as `null` (removed); everything else is sent as typed.
 */
export function updateConnectionSchema(definition: IntegrationDefinition) {
  return formShape
    .superRefine((form, context) => requireSettings(definition, form.values, context, { secretsKept: true }))
    .transform((form): { name?: string; settings?: { setting_id: string; value: string | null }[] } => ({
      name: form.name,
      settings: definition.settings.flatMap((setting, index): { setting_id: string; value: string | null }[] => {
        const value = form.values[index] ?? "";
        if (value.trim() !== "") return [{ setting_id: setting.id, value }];
        if (setting.type === "secret") return [];
        return setting.required ? [] : [{ setting_id: setting.id, value: null }];
      }),
    }))
    .pipe(updateConnectionBodySchema);
}

/** The form's starting values: a new connection starts empty; an edit shows plain values and leaves secrets empty. */
export function initialValues(definition: IntegrationDefinition, connection?: ConnectionRecord): ConnectionFormValues {
  return {
    name: connection?.name ?? "",
    values: definition.settings.map((setting) => {
      if (!connection || setting.type === "secret") return "";
      return connection.settings.find((stored) => stored.setting_id === setting.id)?.value ?? "";
    }),
  };
}

export type PlacedError = { field: "name" | `values.${number}`; message: string };

/**
 * Where each of the API's 422 details belongs: `/name`, or `/settings/N/...` where N indexes the
 * settings that were sent; details that name no input (such as `/settings`) stay unplaced.
 */
export function placeServerErrors(definition: IntegrationDefinition, sent: { setting_id: string }[] | undefined, details: ApiErrorDetail[]) {
  const placed: PlacedError[] = [];
  const unplaced: ApiErrorDetail[] = [];
  for (const detail of details) {
    if (detail.path === "/name") {
      placed.push({ field: "name", message: detail.message });
      continue;
    }
    const match = /^\/settings\/(\d+)(?:\/|$)/.exec(detail.path);
    const settingId = match ? sent?.[Number(match[1])]?.setting_id : undefined;
    const index = settingId === undefined ? -1 : definition.settings.findIndex((setting) => setting.id === settingId);
    if (index >= 0) placed.push({ field: `values.${index}`, message: detail.message });
    else unplaced.push(detail);
  }
  return { placed, unplaced };
}
