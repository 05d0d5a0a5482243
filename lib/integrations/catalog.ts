/**
 * The integrations this service offers (docs/api.md "Integrations"): provider definitions
 * with their settings. A connection (the per-tenant instance) refers to these settings by `id`.
 * Definitions live in code: they change with the code that uses them, not per tenant.
 */
export const SETTING_TYPES = ["string", "secret", "header"] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export type IntegrationSetting = {
  id: string;
  key: string;
  label: string;
  type: SettingType;
  required: boolean;
  description: string;
  /** Checks a value beyond its type; returns a message for people, or undefined when it is fine. */
  check?: (value: string) => string | undefined;
};

export type Integration = { key: string; name: string; description: string; settings: IntegrationSetting[] };

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const FORBIDDEN_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection", "upgrade", "te", "trailer", "keep-alive", "proxy-connection"]);

/** A `header` value: one `Name: value` per line. */
export function parseHeaderLines(value: string): { headers: [string, string][]; problem?: string } {
  const headers: [string, string][] = [];
  for (const line of value.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon).trim() : "";
    const headerValue = colon > 0 ? line.slice(colon + 1).trim() : "";
    if (!HEADER_NAME.test(name)) return { headers, problem: `"${line.slice(0, 40)}" is not a "Name: value" header line` };
    if (FORBIDDEN_HEADERS.has(name.toLowerCase())) return { headers, problem: `the header ${name} is set by the connection itself` };
    if (/[\0-\x08\x0a-\x1f\x7f]/.test(headerValue)) return { headers, problem: `the header ${name} has control characters in its value` };
    headers.push([name, headerValue]);
  }
  return { headers };
}

function checkHttpUrl(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http(s) URL";
    if (url.username || url.password) return "must not contain credentials; use the API key setting";
    return undefined;
  } catch {
    return "must be an absolute http(s) URL";
  }
}

export const INTEGRATIONS: readonly Integration[] = [
  {
    key: "http-content",
    name: "Generic HTTP content provider",
    description: "Imports content from any provider that serves it over HTTP(S) with an API key.",
    settings: [
      {
        id: "http-content.base_url",
        key: "base_url",
        label: "Base URL",
        type: "string",
        required: true,
        description: "The provider's API address, e.g. https://api.provider.example/v1",
        check: checkHttpUrl,
      },
      {
        id: "http-content.api_key",
        key: "api_key",
        label: "API key",
        type: "secret",
        required: true,
        description: "Sent as `Authorization: Bearer <key>`; stored encrypted and never shown again in full",
      },
      {
        id: "http-content.headers",
        key: "headers",
        label: "Custom connection headers",
        type: "header",
        required: false,
        description: "Extra request headers, one `Name: value` per line (not for credentials: use the API key)",
        check: (value) => parseHeaderLines(value).problem,
      },
    ],
  },
];

export function findIntegration(key: string): Integration | undefined {
  return INTEGRATIONS.find((integration) => integration.key === key);
}
