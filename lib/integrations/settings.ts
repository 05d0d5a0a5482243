import { ApiError, type ErrorDetail } from "@/lib/core/errors";
import type { Integration } from "./catalog";

export type SettingInput = { setting_id: string; value: string | null };
/** A setting as stored: secret values hold ciphertext (see lib/crypto/secret-box.ts). */
export type StoredSetting = { setting_id: string; value: string };

export const MASK = "••••";

/** What a secret looks like in responses: the mask and, for long enough secrets, their last four characters. */
export function maskSecret(plain: string): string {
  return plain.length >= 12 ? `${MASK}${plain.slice(-4)}` : MASK;
}

/**
 * Applies `incoming` to a connection's `stored` settings (empty on create) and checks the result
 * against the integration: unknown or repeated setting ids, invalid values and missing required
 * settings are all reported at once (422). A secret that is not listed, or is sent back in its masked
 * form, keeps its stored ciphertext; a new secret value is sealed by `seal`.
 */
export function mergeSettings(
  integration: Integration,
  stored: readonly StoredSetting[],
  incoming: readonly SettingInput[],
  seal: (settingId: string, plain: string) => string,
): StoredSetting[] {
  const problems: ErrorDetail[] = [];
  const values = new Map(stored.filter((setting) => integration.settings.some((def) => def.id === setting.setting_id)).map((setting) => [setting.setting_id, setting.value]));
  const seen = new Set<string>();

  incoming.forEach((setting, index) => {
    const at = `/settings/${index}`;
    const def = integration.settings.find((candidate) => candidate.id === setting.setting_id);
    if (!def) {
      problems.push({ path: `${at}/setting_id`, message: `unknown setting ${setting.setting_id} of ${integration.key}; its settings are ${integration.settings.map((s) => s.id).join(", ")}` });
      return;
    }
    if (seen.has(def.id)) {
      problems.push({ path: `${at}/setting_id`, message: `${def.id} is listed more than once` });
      return;
    }
    seen.add(def.id);
    const value = setting.value === null ? null : def.type === "secret" ? setting.value : setting.value.trim();
    if (value === null || value.trim() === "") {
      if (def.required) problems.push({ path: `${at}/value`, message: value === null ? `${def.label} is required and cannot be removed` : "must not be empty" });
      else values.delete(def.id);
      return;
    }
    if (def.type === "secret" && value.startsWith(MASK)) {
      if (!values.has(def.id)) problems.push({ path: `${at}/value`, message: "send the secret itself, not its masked form" });
      return;
    }
    const problem = def.check?.(value);
    if (problem) {
      problems.push({ path: `${at}/value`, message: problem });
      return;
    }
    values.set(def.id, def.type === "secret" ? seal(def.id, value) : value);
  });

  for (const def of integration.settings) {
    if (def.required && !values.has(def.id) && !seen.has(def.id)) {
      problems.push({ path: "/settings", message: `missing required setting ${def.id} (${def.label})` });
    }
  }
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
    throw new ApiError("unprocessable", `${problems[0]!.path}: ${problems[0]!.message}${more}`, problems);
  }
  return integration.settings.filter((def) => values.has(def.id)).map((def) => ({ setting_id: def.id, value: values.get(def.id)! }));
}
