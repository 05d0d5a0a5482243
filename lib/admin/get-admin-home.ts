import "server-only";
import { getDb } from "@/lib/db";
import { getQueueDepths } from "@/lib/jobs/jobs";
import { findOrganizationByCode } from "@/lib/organizations/get-organization";
import { countNeverPublished } from "@/lib/publishing/count-never-published";
import { countMissingTranslations } from "@/lib/translations/queue";

/** The work waiting in the signed-in person's organization, for the admin's home. */
export type AdminHome = {
  /** Per language other than the default: records lacking some or all of their text in it. */
  missingTranslations: Record<string, number>;
  /** Per publishable collection (its path under /content): records never published in any language. */
  neverPublished: Record<string, number>;
  /** For admins: the organization's failed background jobs. */
  failedJobs?: number;
};

/** Each figure is one statement, whatever the catalogue's size (ADR 9, "Home"). */
export async function getAdminHome(user: { organizationCode: string | null; role: string | null }): Promise<AdminHome | undefined> {
  const db = await getDb();
  const organization = user.organizationCode ? await findOrganizationByCode(db, user.organizationCode) : undefined;
  if (!organization) return undefined;
  const [missingTranslations, neverPublished, depths] = await Promise.all([
    countMissingTranslations(db, organization),
    countNeverPublished(db, organization.id),
    user.role === "admin" ? getQueueDepths(db, organization.id) : undefined,
  ]);
  return { missingTranslations, neverPublished, failedJobs: depths?.reduce((sum, depth) => sum + depth.failed, 0) };
}
