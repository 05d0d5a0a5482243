import { randomBytes } from "node:crypto";
import { findOrganizationByCode } from "./get-organization";
import { createOrganization } from "./create-organization";
import { createUser } from "@/lib/users/create-user";
import type { Db } from "@/lib/db";

export type InitialOrganization = {
  code: string;
  name: string;
  languages: string[];
  defaultLanguage: string;
  adminEmail: string;
  adminPassword: string;
};

/**
 * Creates the organization with its first admin unless an organization with that code exists.
 * Returns whether it was created; both writes happen in one transaction so a failure leaves nothing.
 */
export async function ensureOrganization(db: Db, initial: InitialOrganization): Promise<boolean> {
  if (await findOrganizationByCode(db, initial.code)) return false;
  await db.transaction(async (tx) => {
    const organization = await createOrganization(tx, {
      code: initial.code,
      name: initial.name,
      languages: initial.languages,
      defaultLanguage: initial.defaultLanguage,
    });
    await createUser(tx, organization, { email: initial.adminEmail, password: initial.adminPassword, role: "admin" });
  });
  return true;
}

export const DEMO_ORGANIZATION = {
  code: "demo",
  name: "Demo Fitness",
  languages: ["en", "de", "fr", "es"],
  defaultLanguage: "en",
  adminEmail: "admin@demo.local",
} as const;

/** A password a person can type: 4 groups of 5 unambiguous characters. */
export function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzACDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(20);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]);
  return [0, 5, 10, 15].map((start) => chars.slice(start, start + 5).join("")).join("-");
}
