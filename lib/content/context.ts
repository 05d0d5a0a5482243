import { eq } from "drizzle-orm";
import type { Caller } from "@/lib/core/caller";
import { CoherentCache } from "@/lib/cache/coherent-cache";
import { tables, type Db } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import { z } from "zod";
import { formatContentLanguage, parseContentLanguage, textsParamSchema, textViewFrom, type TextView } from "@/lib/i18n";
import { LANGUAGE_LIST_PATTERN } from "@/lib/i18n/language-code";
import { validateInput } from "@/lib/validation";

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
  /** Mobile and integration tokens see only published content (docs/api.md "Publishing"). */
  seesOnlyPublished: boolean;
};

/**
 * Organizations change rarely (languages, webhooks flag) and are read on every content request, so
 * each process keeps a copy, dropped the moment any node changes the row (docs/decisions/0018).
 * While changes are not heard (the listener is reconnecting, or a command-line process) a copy
 * lives five seconds at most.
 */
const organizations = new CoherentCache<OrganizationSettings>("organization", { ttlMs: 10 * 60_000, unheardTtlMs: 5_000, maxEntries: 1000 });

export async function getOrganizationSettings(db: Db, organizationId: string): Promise<OrganizationSettings> {
  return organizations.get(organizationId, async () => {
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
    return row;
  });
}

/** The query parameters that shape the texts of a single-record response (docs/api.md "Languages"). */
export const textQuerySchema = z.object({
  lang: z
    .string()
    .optional()
    .meta({
      description:
        "Comma-separated language codes: the fields typed \"string or MultiLangString\" come back as MultiLangString objects keyed by each and `default`; every other text stays a plain string. " +
        "A code the organization does not have is a 400.",
      // The grammar lib/i18n/lang-param.ts reads; malformed codes are a 400 naming `lang` there.
      pattern: LANGUAGE_LIST_PATTERN,
      example: "en,de",
    }),
  texts: textsParamSchema.optional(),
});

/**
 * The `texts` parameter alone, built once: a schema derived per request (`pick`) costs zod a fresh
 * compilation each time, a large share of a record read (docs/benchmarks.md, 2026-11-29).
 */
const textsQuerySchema = textQuerySchema.pick({ texts: true });

export async function buildContentContext(
  input: { db: Db; caller: Caller; req: Request; url: URL; multiLanguage: boolean },
): Promise<ContentContext> {
  const organization = await getOrganizationSettings(input.db, input.caller.organizationId);
  if (input.caller.kind === "preview") return previewContext(input.db, input.caller, organization);
  const params = input.url.searchParams;
  const texts = input.multiLanguage ? validateInput(textsQuerySchema, { texts: params.get("texts") ?? undefined }).texts : undefined;
  const view = textViewFrom({
    acceptLanguage: input.req.headers.get("accept-language"),
    lang: input.multiLanguage ? params.get("lang") : null,
    texts,
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

/**
 * A preview link reads its record as it is now, drafts included, in the link's language alone:
 * `lang`, `texts` and `Accept-Language` do not change it (docs/api.md "Preview links"). A link whose
 * language the organization has since dropped reads nothing.
 */
function previewContext(db: Db, caller: Extract<Caller, { kind: "preview" }>, organization: OrganizationSettings): ContentContext {
  const language = caller.language === "default" ? organization.defaultLanguage : caller.language;
  if (!organization.languages.includes(language)) {
    throw new ApiError("unauthorized", `the preview link's language (${language}) is no longer a language of this organization`);
  }
  return {
    db,
    caller,
    organization,
    view: { mode: "single", language, defaultLanguage: organization.defaultLanguage },
    writeLanguage: language,
    seesOnlyPublished: false,
  };
}

/** The language whose status decides visibility for single-language readers. */
export function responseLanguage(ctx: ContentContext): string {
  return ctx.view.mode === "single" ? ctx.view.language : ctx.organization.defaultLanguage;
}

export function contentLanguageHeader(ctx: ContentContext): string {
  return formatContentLanguage(ctx.view);
}
