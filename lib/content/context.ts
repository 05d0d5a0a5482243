import { eq } from "drizzle-orm";
import type { Caller } from "@/lib/auth/caller";
import { tables, type Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { formatContentLanguage, parseContentLanguage, textViewFrom, type TextView } from "@/lib/i18n";

export type OrganizationSettings = {
  id: string;
  code: string;
  defaultLanguage: string;
  languages: string[];
  webhooksEnabled: boolean;
};

/** Everything a content operation needs to know about who asks, for which tenant, in which language. */
export type ContentContext = {
  db: Db;
  caller: Caller;
  organization: OrganizationSettings;
  /** How texts are rendered in responses (one language, or several as MultiLangString objects). */
  view: TextView;
  /** The language plain-string texts are written in (Content-Language, else the default). */
  writeLanguage: string;
  /** Mobile and integration tokens see only published content (api-decisions §2). */
  seesOnlyPublished: boolean;
};

// Organizations change rarely (languages, webhooks flag); a short cache saves a query per request.
const CACHE_MS = 5_000;
const cache = new Map<string, { at: number; value: OrganizationSettings }>();

export async function getOrganizationSettings(db: Db, organizationId: string): Promise<OrganizationSettings> {
  const hit = cache.get(organizationId);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const [row] = await db
    .select({
      id: tables.organizations.id,
      code: tables.organizations.code,
      defaultLanguage: tables.organizations.defaultLanguage,
      languages: tables.organizations.languages,
      webhooksEnabled: tables.organizations.webhooksEnabled,
    })
    .from(tables.organizations)
    .where(eq(tables.organizations.id, organizationId))
    .limit(1);
  if (!row) throw new ApiError("not_found", "organization not found");
  if (cache.size > 1000) cache.clear();
  cache.set(organizationId, { at: Date.now(), value: row });
  return row;
}

export async function buildContentContext(
  input: { db: Db; caller: Caller; req: Request; url: URL; multiLanguage: boolean },
): Promise<ContentContext> {
  const organization = await getOrganizationSettings(input.db, input.caller.organizationId);
  const view = textViewFrom({
    acceptLanguage: input.req.headers.get("accept-language"),
    lang: input.multiLanguage ? input.url.searchParams.get("lang") : null,
    organization,
  });
  const contentLanguage = parseContentLanguage(input.req.headers.get("content-language"), organization.languages);
  const seesOnlyPublished = input.caller.kind === "integration" || input.caller.scope === "mobile";
  return {
    db: input.db,
    caller: input.caller,
    organization,
    view,
    writeLanguage: contentLanguage ?? organization.defaultLanguage,
    seesOnlyPublished,
  };
}

/** The language whose status decides visibility for single-language readers. */
export function responseLanguage(ctx: ContentContext): string {
  return ctx.view.mode === "single" ? ctx.view.language : ctx.organization.defaultLanguage;
}

export function contentLanguageHeader(ctx: ContentContext): string {
  return formatContentLanguage(ctx.view);
}
