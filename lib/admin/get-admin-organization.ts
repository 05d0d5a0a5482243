import "server-only";
import { getDb } from "@/lib/db";
import { findOrganizationByCode } from "@/lib/organizations/get-organization";

/** The enabled content languages of the signed-in person's organization, for the language switcher and forms. */
export async function getAdminOrganizationLanguages(code: string | null): Promise<{ languages: string[]; defaultLanguage: string }> {
  const organization = code ? await findOrganizationByCode(await getDb(), code) : undefined;
  const defaultLanguage = organization?.defaultLanguage ?? "en";
  return { languages: organization?.languages ?? [defaultLanguage], defaultLanguage };
}
