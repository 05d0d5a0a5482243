import { sql } from "drizzle-orm";
import { queryRows } from "@/lib/db/client";
import { tables, type Executor } from "@/lib/db";
import type { LocalizedText } from "@/lib/db/schema";
import { pickText } from "@/lib/i18n";
import { sqlArray } from "./sources";

export type CategoryLabel = { uuid: string; label: string };

/** Goal and category names of a page of results, in the response language: one statement for both kinds. */
export type Labels = {
  goals: Map<number, string>;
  /** Content categories by int id and by uuid; results name them by uuid. */
  categoriesById: Map<number, CategoryLabel>;
  categoriesByUuid: Map<string, CategoryLabel>;
};

type Row = { kind: "goal" | "category"; id: number; uuid: string | null; name: LocalizedText };

const g = tables.fitnessGoals;
const c = tables.contentCategories;

export async function loadLabels(
  db: Executor,
  organizationId: string,
  wanted: { goals: number[]; categoryIds: number[]; categoryUuids: string[] },
  language: string,
  defaultLanguage: string,
): Promise<Labels> {
  const labels: Labels = { goals: new Map(), categoriesById: new Map(), categoriesByUuid: new Map() };
  const hasCategories = wanted.categoryIds.length > 0 || wanted.categoryUuids.length > 0;
  if (wanted.goals.length === 0 && !hasCategories) return labels;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT 'goal' AS kind, ${g.id} AS id, NULL::text AS uuid, ${g.name} AS name FROM ${g}
      WHERE ${g.organizationId} = ${organizationId} AND ${g.id} = ANY(${sqlArray([...new Set(wanted.goals)], "int")})
    UNION ALL
    SELECT 'category', ${c.id}, ${c.uuid}::text, ${c.name} FROM ${c}
      WHERE ${c.organizationId} = ${organizationId}
        AND (${c.id} = ANY(${sqlArray([...new Set(wanted.categoryIds)], "int")}) OR ${c.uuid} = ANY(${sqlArray([...new Set(wanted.categoryUuids)], "uuid")}))`,
  );
  for (const row of rows) {
    const label = pickText(row.name, language, defaultLanguage);
    if (row.kind === "goal") labels.goals.set(row.id, label);
    else {
      const category = { uuid: row.uuid!, label };
      labels.categoriesById.set(row.id, category);
      labels.categoriesByUuid.set(row.uuid!, category);
    }
  }
  return labels;
}
