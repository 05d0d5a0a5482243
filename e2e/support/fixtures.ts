import { tables, type Db } from "@/lib/db";
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

/**
 * Upload records (metadata only, no bytes) that content tests reference; the uploads feature's own
 * tests create real files.
 */
export const UPLOADS = {
  alphaImage: { id: "a0000000-0000-4000-8000-000000000001", org: "alpha", name: "cover.png", mime: "image/png", width: 1400, height: 1000 },
  alphaVideo: { id: "a0000000-0000-4000-8000-000000000002", org: "alpha", name: "demo.mp4", mime: "video/mp4" },
  alphaGif: { id: "a0000000-0000-4000-8000-000000000003", org: "alpha", name: "loop.gif", mime: "image/gif", width: 480, height: 480 },
  alphaAudio: { id: "a0000000-0000-4000-8000-000000000004", org: "alpha", name: "session.mp3", mime: "audio/mpeg" },
  betaImage: { id: "b0000000-0000-4000-8000-000000000001", org: "beta", name: "beta.png", mime: "image/png", width: 800, height: 800 },
} as const;

export async function seedFixtures(db: Db): Promise<void> {
  const organizations = new Map<string, { id: string; languages: string[] }>();
  for (const org of Object.values(ORGS)) {
    const created = await createOrganization(db, { ...org, languages: [...org.languages] });
    organizations.set(org.code, created);
  }
  for (const upload of Object.values(UPLOADS)) {
    const { org, ...fields } = upload;
    await db.insert(tables.uploads).values({ ...fields, organizationId: organizations.get(org)!.id, md5: "0".repeat(32) });
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
