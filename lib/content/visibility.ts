import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { ContentContext } from "./context";

/** Published in one of the languages, or — where a language has no entry — in `default`. */
export function publishedCondition(status: AnyPgColumn, languages: readonly string[], defaultLanguage: string): SQL {
  const checks = languages.map((language) =>
    language === defaultLanguage
      ? sql`${status}->>'default' = 'published'`
      : sql`coalesce(${status}->>${language}, ${status}->>'default') = 'published'`,
  );
  return sql`(${sql.join(checks, sql` OR `)})`;
}

/** Languages whose status decides what a mobile or integration caller may see (docs/api.md "Publishing"). */
export function visibleLanguages(ctx: ContentContext): readonly string[] {
  return ctx.view.mode === "single" ? [ctx.view.language] : ctx.view.languages;
}
