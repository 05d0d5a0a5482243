import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors";
import { statusOf } from "@/lib/http/errors";
import { INTEGRATIONS, parseHeaderLines } from "./catalog";
import { maskSecret, mergeSettings, type SettingInput } from "./settings";

const http = INTEGRATIONS.find((integration) => integration.key === "http-content")!;
const seal = (id: string, plain: string) => `sealed(${id}:${plain.length})`;
const BASE = { setting_id: "http-content.base_url", value: "https://api.example.com/v1" };
const KEY = { setting_id: "http-content.api_key", value: "pk_live_0123456789abcd" };

function problemsOf(run: () => unknown): { status: number; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { status: statusOf(error), details: error.details };
    throw error;
  }
  throw new Error("expected a 422");
}

describe("integration settings", () => {
  it("seals secrets and keeps the integration's order", () => {
    const stored = mergeSettings(http, [], [{ setting_id: "http-content.headers", value: "X-Tenant: acme\nX-Region: eu" }, KEY, BASE], seal);
    expect(stored).toEqual([
      { setting_id: "http-content.base_url", value: "https://api.example.com/v1" },
      { setting_id: "http-content.api_key", value: "sealed(http-content.api_key:22)" },
      { setting_id: "http-content.headers", value: "X-Tenant: acme\nX-Region: eu" },
    ]);
  });

  it.each<[string, SettingInput[], { path: string; message: string }[]]>([
    ["a missing required setting", [BASE], [{ path: "/settings", message: "missing required setting http-content.api_key (API key)" }]],
    [
      "an unknown setting",
      [BASE, KEY, { setting_id: "http-content.password", value: "x" }],
      [{ path: "/settings/2/setting_id", message: "unknown setting http-content.password of http-content; its settings are http-content.base_url, http-content.api_key, http-content.headers" }],
    ],
    ["a repeated setting", [BASE, KEY, BASE], [{ path: "/settings/2/setting_id", message: "http-content.base_url is listed more than once" }]],
    ["an empty required value", [{ ...BASE, value: " " }, KEY], [{ path: "/settings/0/value", message: "must not be empty" }]],
    ["a bad URL", [{ ...BASE, value: "ftp://x" }, KEY], [{ path: "/settings/0/value", message: "must be an http(s) URL" }]],
    ["a masked secret on create", [BASE, { ...KEY, value: "••••abcd" }], [{ path: "/settings/1/value", message: "send the secret itself, not its masked form" }]],
    [
      "a bad header line",
      [BASE, KEY, { setting_id: "http-content.headers", value: "no colon here" }],
      [{ path: "/settings/2/value", message: '"no colon here" is not a "Name: value" header line' }],
    ],
    ["several problems at once", [{ setting_id: "nope", value: "1" }], [
      { path: "/settings/0/setting_id", message: expect.stringContaining("unknown setting nope") as unknown as string },
      { path: "/settings", message: "missing required setting http-content.base_url (Base URL)" },
      { path: "/settings", message: "missing required setting http-content.api_key (API key)" },
    ]],
  ])("refuses %s with 422", (_name, settings, details) => {
    expect(problemsOf(() => mergeSettings(http, [], settings, seal))).toEqual({ status: 422, details });
  });

  describe("on update", () => {
    const stored = mergeSettings(http, [], [BASE, KEY, { setting_id: "http-content.headers", value: "X-A: 1" }], seal);

    it("keeps a secret that is not sent, or sent back masked", () => {
      expect(mergeSettings(http, stored, [{ ...BASE, value: "https://api.example.com/v2" }], seal)[1]).toEqual(stored[1]);
      expect(mergeSettings(http, stored, [{ ...KEY, value: "••••abcd" }], seal)[1]).toEqual(stored[1]);
      expect(mergeSettings(http, stored, [{ ...KEY, value: "new-secret-value" }], seal)[1]).toEqual({ setting_id: KEY.setting_id, value: "sealed(http-content.api_key:16)" });
    });

    it("removes an optional setting with null, but not a required one", () => {
      expect(mergeSettings(http, stored, [{ setting_id: "http-content.headers", value: null }], seal).map((s) => s.setting_id)).toEqual([BASE.setting_id, KEY.setting_id]);
      expect(problemsOf(() => mergeSettings(http, stored, [{ ...KEY, value: null }], seal)).details).toEqual([
        { path: "/settings/0/value", message: "API key is required and cannot be removed" },
      ]);
    });
  });

  it("masks secrets, showing the last four characters of long ones only", () => {
    expect(maskSecret("pk_live_0123456789abcd")).toBe("••••abcd");
    expect(maskSecret("short-one")).toBe("••••");
  });

  it("parses header lines and refuses connection-level headers", () => {
    expect(parseHeaderLines("X-A: 1\r\n\nX-B:two words")).toEqual({ headers: [["X-A", "1"], ["X-B", "two words"]] });
    expect(parseHeaderLines("Host: evil.example").problem).toBe("the header Host is set by the connection itself");
  });
});
