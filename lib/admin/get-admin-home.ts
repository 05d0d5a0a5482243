import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { getDb, tables } from "@/lib/db";
import { getQueueDepths } from "@/lib/jobs/jobs";
import { findOrganizationByCode } from "@/lib/organizations/get-organization";
import { countNeverPublished } from "@/lib/publishing/count-never-published";
import { countUpcomingSchedules } from "@/lib/schedules/count-upcoming-schedules";
import { countMissingTranslations } from "@/lib/translations/queue";
import { countUncroppedImages } from "@/lib/uploads/count-uncropped-images";
import { listRecentEdits, type RecentEdit } from "@/lib/versions/list-recent-edits";
import { countFailedDeliveries } from "@/lib/webhooks/count-failed-deliveries";

/** The work waiting in the signed-in person's organization, for the admin's home. */
export type AdminHome = {
  /** The records the person wrote last, newest first. */
  recentEdits: RecentEdit[];
  /** Per language other than the default: records lacking some or all of their text in it. */
  missingTranslations: Record<string, number>;
  /** Per publishable collection (its path under /content): records never published in any language. */
  neverPublished: Record<string, number>;
  /** Images without a chosen crop for one of the four formats (not for translators, who cannot crop). */
  uncroppedImages?: number;
  /** Scheduled status changes still to run, and when the first runs. */
  upcomingSchedules: { total: number; next: Date | null };
  /** For admins: the organization's failed background jobs and webhook deliveries. */
  failedJobs?: number;
  failedDeliveries?: number;
};

type HomeUser = { organizationCode: string | null; role: string | null; email: string | null };

/** Each figure is one statement, whatever the catalogue's size (ADR 9, "Home"). */
export async function getAdminHome(user: HomeUser): Promise<AdminHome | undefined> {
  const db = await getDb();
  const organization = user.organizationCode ? await findOrganizationByCode(db, user.organizationCode) : undefined;
  if (!organization) return undefined;
  const isAdmin = user.role === "admin";
  const [author] = user.email
    ? await db
        .select({ id: tables.users.id })
        .from(tables.users)
        .where(and(eq(tables.users.organizationId, organization.id), sql`lower(${tables.users.email}) = ${user.email.toLowerCase()}`))
        .limit(1)
    : [];
  const [recentEdits, missingTranslations, neverPublished, uncroppedImages, upcomingSchedules, depths, failedDeliveries] = await Promise.all([
    author ? listRecentEdits(db, organization.id, author.id) : [],
    countMissingTranslations(db, organization),
    countNeverPublished(db, organization.id),
    user.role === "translator" ? undefined : countUncroppedImages(db, organization.id),
    countUpcomingSchedules(db, organization.id),
    isAdmin ? getQueueDepths(db, organization.id) : undefined,
    isAdmin ? countFailedDeliveries(db, organization.id) : undefined,
  ]);
  return {
    recentEdits,
    missingTranslations,
    neverPublished,
    uncroppedImages,
    upcomingSchedules,
    failedJobs: depths?.reduce((sum, depth) => sum + depth.failed, 0),
    failedDeliveries,
  };
}
