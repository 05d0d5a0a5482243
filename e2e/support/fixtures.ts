import type { Db } from "@/lib/db";
import { createOrganization } from "@/lib/organizations/create-organization";
import { createUser } from "@/lib/users/create-user";

/** The organizations and users every API test server starts with. */
export const PASSWORD = "correct-horse-battery";

export const ORGS = {
  alpha: { code: "alpha", name: "Alpha Fitness", languages: ["en", "de", "fr", "es"], defaultLanguage: "en" },
  beta: { code: "beta", name: "Beta Gym", languages: ["en", "de"], defaultLanguage: "en" },
} as const;

export const USERS = {
  alphaAdmin: { org: "alpha", email: "admin@alpha.test", role: "admin", languages: [] },
  alphaEditor: { org: "alpha", email: "editor@alpha.test", role: "editor", languages: [] },
  alphaTranslator: { org: "alpha", email: "translator@alpha.test", role: "translator", languages: ["de"] },
  alphaMember: { org: "alpha", email: "member@alpha.test", role: "member", languages: [] },
  betaAdmin: { org: "beta", email: "admin@beta.test", role: "admin", languages: [] },
  betaMember: { org: "beta", email: "member@beta.test", role: "member", languages: [] },
} as const;

export type FixtureUser = keyof typeof USERS;

export async function seedFixtures(db: Db): Promise<void> {
  const organizations = new Map<string, { id: string; languages: string[] }>();
  for (const org of Object.values(ORGS)) {
    const created = await createOrganization(db, { ...org, languages: [...org.languages] });
    organizations.set(org.code, created);
  }
  for (const user of Object.values(USERS)) {
    await createUser(db, organizations.get(user.org)!, {
      email: user.email,
      password: PASSWORD,
      role: user.role,
      languages: [...user.languages],
    });
  }
}
