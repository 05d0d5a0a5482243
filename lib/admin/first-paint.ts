import "server-only";
import { dehydrate, QueryClient, type DehydratedState, type QueryKey } from "@tanstack/react-query";
import { cookies } from "next/headers";
import type { ApiResponse } from "./api-client";
import { CONTENT_LANGUAGE_COOKIE, resolveContentLanguage } from "./content-language-preference";
import type { AdminSessionUser } from "@/lib/admin-session/get-admin-session";
import { getAdminOrganizationLanguages } from "./get-admin-organization";
import { getAdminTranslatorLanguages } from "./get-admin-translator-languages";
import { readApi } from "./read-api";

/**
 * One query of a page's first paint: its key as the client builds it, the API read, and the query's
 * data as its query function makes it of the answer (by default a 200's body; `undefined` leaves the
 * query to the browser). `language` is the Accept-Language of a query that asks in a language of its
 * own (apiRequest's `language`); others send the content language, as the browser does.
 */
export type FirstPaintRead = { key: QueryKey; path: string; language?: string; select?: (response: ApiResponse<unknown>) => unknown };

const bodyOf200 = (response: ApiResponse<unknown>) => (response.status === 200 ? response.data : undefined);

/** A read whose query holds a 200's body, or what `select` makes of it (as the screen's query function does). */
export function bodyRead<B>(read: { key: QueryKey; path: string; language?: string; select?: (body: B) => unknown }): FirstPaintRead {
  const select = read.select;
  return { key: read.key, path: read.path, language: read.language, select: select ? (response) => (response.status === 200 ? select(response.data as B) : undefined) : undefined };
}

/**
 * Reads a page's queries on the server and dehydrates them for `HydrationBoundary`
 * (docs/decisions/0009, "Data on first paint"): each under the key the client's hook uses, with the
 * data its query function would have made of the same API answer, so the browser renders the data
 * at once and does not ask again. A read the API refuses is left out; the browser asks and shows why.
 */
export async function readFirstPaint(reads: readonly FirstPaintRead[]): Promise<DehydratedState> {
  const client = new QueryClient();
  await addFirstPaint(client, reads);
  return dehydrate(client);
}

/** Reads `reads` (at once) into `client`; returns the answers, for reads that depend on them. */
export async function addFirstPaint(client: QueryClient, reads: readonly FirstPaintRead[]): Promise<ApiResponse<unknown>[]> {
  const answers = await Promise.all(reads.map((read) => readApi(read.path, read.language)));
  reads.forEach((read, index) => {
    const data = (read.select ?? bodyOf200)(answers[index]!);
    if (data !== undefined) client.setQueryData(read.key, data);
  });
  return answers;
}

/** The organization's languages and the language lists are shown in, as the browser's hooks will resolve it. */
export async function getAdminContentLanguage(organizationCode: string | null): Promise<{ languages: string[]; defaultLanguage: string; language: string }> {
  const [{ languages, defaultLanguage }, cookieStore] = await Promise.all([getAdminOrganizationLanguages(organizationCode), cookies()]);
  return { languages, defaultLanguage, language: resolveContentLanguage(cookieStore.get(CONTENT_LANGUAGE_COOKIE)?.value, languages, defaultLanguage) };
}

/** Who is looking, as the browser's admin context knows them (app/admin/(app)/layout.tsx): for reads that depend on it. */
export async function getAdminViewer(user: AdminSessionUser): Promise<{ languages: string[]; defaultLanguage: string; role: string; translatorLanguages: string[] }> {
  const [{ languages, defaultLanguage }, translatorLanguages] = await Promise.all([
    getAdminOrganizationLanguages(user.organizationCode),
    getAdminTranslatorLanguages(user.organizationCode, user.email),
  ]);
  return { languages, defaultLanguage, role: user.role ?? "", translatorLanguages };
}

/** A page's `searchParams` as the URLSearchParams the client's `useSearchParams()` gives. */
export function toSearchParams(params: Record<string, string | string[] | undefined>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) search.append(name, one);
  }
  return search;
}
