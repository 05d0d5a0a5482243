import "server-only";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { findOrganizationByCode } from "@/lib/organizations/get-organization";

/**
 * The enabled content languages of the signed-in person's organization, for the language switcher and
 * forms; read once per request (the layout and the page both ask).
 */
export const getAdminOrganizationLanguages = cache(async (code: string | null): Promise<{ languages: string[]; defaultLanguage: string }> => {
  const organization = code ? await findOrganizationByCode(await getDb(), code) : undefined;
  const defaultLanguage = organization?.defaultLanguage ?? "en";
  return { languages: organization?.languages ?? [defaultLanguage], defaultLanguage };
});
