import { and, count, eq } from "drizzle-orm";
import { lacksChosenCrop } from "@/lib/db/schema/content";
import { tables, type Db } from "@/lib/db";

/**
 * The organization's images with a format whose crop nobody chose (still the centred default the
 * upload was given, so its thumbnails in that style may cut off what matters): one statement over a
 * partial index of exactly those images.
 */
export async function countUncroppedImages(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tables.uploads)
    .where(and(eq(tables.uploads.organizationId, organizationId), lacksChosenCrop(tables.uploads)));
  return Number(row?.total ?? 0);
}
