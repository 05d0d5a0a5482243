import { describe, expect, it } from "vitest";
import type { ConnectionRecord } from "@/lib/integrations/schemas";
import type { IntegrationDefinition } from "./api";
import { createConnectionSchema, initialValues, placeServerErrors, updateConnectionSchema } from "./connection-form";

const definition: IntegrationDefinition = {
  key: "http-content",
  name: "HTTP content provider",
  description: "",
  settings: [
    { id: "http-content.base_url", key: "base_url", label: "Base URL", type: "string", required: true, description: "" },
    { id: "http-content.api_key", key: "api_key", label: "API key", type: "secret", required: true, description: "" },
    { id: "http-content.headers", key: "headers", label: "Headers", type: "header", required: false, description: "" },
  ],
};

const stored: ConnectionRecord = {
  id: "8d7f3c2e-4b1a-4c5d-9e6f-0a1b2c3d4e5f",
  integration: "http-content",
  name: "Partner",
  settings: [
    { setting_id: "http-content.base_url", key: "base_url", value: "https://api.example/v1" },
    { setting_id: "http-content.api_key", key: "api_key", value: "••••tail" },
    { setting_id: "http-content.headers", key: "headers", value: "X-Tenant: a" },
  ],
  created_at: "2026-11-21T10:00:00.000Z",
  updated_at: "2026-11-21T10:00:00.000Z",
};

describe("connection form", () => {
  it("turns the values into the create body, leaving out empty optional settings", () => {
    expect(createConnectionSchema(definition).parse({ name: "Partner", values: ["https://api.example/v1", "pk_secret_value", ""] })).toEqual({
      integration: "http-content",
      name: "Partner",
      settings: [
        { setting_id: "http-content.base_url", value: "https://api.example/v1" },
        { setting_id: "http-content.api_key", value: "pk_secret_value" },
      ],
    });
  });

  it("names each missing required setting and an empty name on their own fields", () => {
    const result = createConnectionSchema(definition).safeParse({ name: "", values: ["", "", ""] });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["name", "must not be empty"],
      ["values.0", "Base URL is required"],
      ["values.1", "API key is required"],
    ]);
    const named = createConnectionSchema(definition).safeParse({ name: " ", values: ["https://a.example", "k", ""] });
    expect(named.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["name", "must not be empty"]]);
  });

  it("keeps an empty secret on an edit, removes an emptied optional setting, and still requires plain settings", () => {
    expect(updateConnectionSchema(definition).parse({ name: "Partner 2", values: ["https://api.example/v2", "", ""] })).toEqual({
      name: "Partner 2",
      settings: [
        { setting_id: "http-content.base_url", value: "https://api.example/v2" },
        { setting_id: "http-content.headers", value: null },
      ],
    });
    expect(updateConnectionSchema(definition).parse({ name: "Partner", values: ["https://api.example/v1", "pk_new", "X-A: b"] }).settings).toEqual([
      { setting_id: "http-content.base_url", value: "https://api.example/v1" },
      { setting_id: "http-content.api_key", value: "pk_new" },
      { setting_id: "http-content.headers", value: "X-A: b" },
    ]);
    const missing = updateConnectionSchema(definition).safeParse({ name: "Partner", values: ["", "", ""] });
    expect(missing.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["values.0", "Base URL is required"]]);
  });

  it("starts an edit from the stored plain values and never from a masked secret", () => {
    expect(initialValues(definition, stored)).toEqual({ name: "Partner", values: ["https://api.example/v1", "", "X-Tenant: a"] });
    expect(initialValues(definition)).toEqual({ name: "", values: ["", "", ""] });
  });

  it("places the API's details on the setting that was sent at that position", () => {
    const sent = [{ setting_id: "http-content.api_key" }, { setting_id: "http-content.headers" }];
    expect(
      placeServerErrors(definition, sent, [
        { path: "/settings/1/value", message: "must be `Name: value` lines" },
        { path: "/name", message: "must not be empty" },
        { path: "/settings", message: "Base URL is required" },
      ]),
    ).toEqual({
      placed: [
        { field: "values.2", message: "must be `Name: value` lines" },
        { field: "name", message: "must not be empty" },
      ],
      unplaced: [{ path: "/settings", message: "Base URL is required" }],
    });
  });
});
