import path from "node:path";

/**
 * Every spec file signs in to an organization of its own, so what one spec makes (or leaves behind when
 * it fails midway) is never counted by another. scripts/e2e-organizations.ts creates them all, one per
 * `*.spec.ts` file here, before the server opens the database; each has this admin and these languages.
 */
export const E2E_ORGANIZATION = { name: "E2E Fitness", languages: ["en", "de", "fr"], defaultLanguage: "en" } as const;
export const E2E_ADMIN = { email: "admin@e2e.test", password: "e2e-admin-password" } as const;

/** The code of a spec file's organization: "e2e-" and the file's name ("e2e-training-plans"). */
export function organizationCodeOf(specFile: string): string {
  return `e2e-${path.basename(specFile).replace(/\.spec\.ts$/, "")}`;
}
