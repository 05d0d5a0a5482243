import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { tables, type Executor } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";

/** The caller's organization as the API shows it: who it is, its languages, and its settings. */
export const organizationSchema = z
  .object({
    code: z.string().meta({ description: "The organization code used at login" }),
    name: z.string(),
    default_language: z.string(),
    languages: z.array(z.string()).meta({ description: "The enabled language codes, the default among them" }),
    strict_publishing: z.boolean().meta({
      description:
        "Off (the default): publishing a language needs the record's required texts in it (a workout's or plan's title and description, " +
        "an on-demand item's title); texts inside phases and weeks fall back to the default language. On: it needs every text of the record.",
    }),
    webhooks_enabled: z.boolean().meta({ description: "Whether the webhooks beta is enabled (set by an operator)" }),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Organization" });

/** What an admin may change. Read-only members of the record are ignored, so a record read can be sent back. */
export const organizationPatchSchema = z
  .object({ strict_publishing: z.boolean("must be true or false").optional() })
  .meta({ id: "OrganizationPatch", description: "The settings to change; members left out keep their value" });

export type Organization = z.output<typeof organizationSchema>;
export type OrganizationPatch = z.output<typeof organizationPatchSchema>;

const o = tables.organizations;

function toOrganizationRecord(row: typeof o.$inferSelect): Organization {
  return {
    code: row.code,
    name: row.name,
    default_language: row.defaultLanguage,
    languages: row.languages,
    strict_publishing: row.strictPublishing,
    webhooks_enabled: row.webhooksEnabled,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getOrganizationRecord(db: Executor, organizationId: string): Promise<Organization> {
  const [row] = await db.select().from(o).where(eq(o.id, organizationId)).limit(1);
  if (!row) throw new ApiError("not_found", "organization not found");
  return toOrganizationRecord(row);
}

export async function updateOrganizationSettings(db: Executor, organizationId: string, patch: OrganizationPatch): Promise<Organization> {
  if (patch.strict_publishing === undefined) return getOrganizationRecord(db, organizationId);
  const [row] = await db
    .update(o)
    .set({ strictPublishing: patch.strict_publishing, updatedAt: sql`now()` })
    .where(eq(o.id, organizationId))
    .returning();
  if (!row) throw new ApiError("not_found", "organization not found");
  return toOrganizationRecord(row);
}

/** Whether publishing needs every text (read inside the status change's transaction, never from a cache). */
export async function isStrictPublishing(db: Executor, organizationId: string): Promise<boolean> {
  const [row] = await db.select({ strictPublishing: o.strictPublishing }).from(o).where(eq(o.id, organizationId)).limit(1);
  return row?.strictPublishing ?? false;
}
