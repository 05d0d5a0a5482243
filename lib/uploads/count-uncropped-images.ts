import { and, count, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { tables, type Db } from "@/lib/db";
import { STYLE_RATIOS, STYLES } from "./crops";

/**
 * An image with a format whose crop nobody chose: the crop is missing or still the centred default the
 * upload was given (`defaultCrop` in lib/uploads/crops.ts, computed here the same way from the image's
 * size). The count reads the organization's uploads through `uploads_org_created_idx`; a partial index of this
 * condition does not fit PostgreSQL's index row (its predicate is too large), so there is none.
 */
export function lacksChosenCrop(table: { mime: AnyPgColumn; metadata: AnyPgColumn; width: AnyPgColumn; height: AnyPgColumn }): SQL {
  const { width, height } = table;
  const isDefault = STYLES.map((style) => {
    const { width: rw, height: rh } = STYLE_RATIOS[style];
    const crop = sql`(${table.metadata} -> 'formats' -> ${sql.raw(`'${style}'`)})`;
    const isWider = sql`${width} * ${sql.raw(String(rh))} >= ${height} * ${sql.raw(String(rw))}`;
    const cropWidth = sql`(CASE WHEN ${isWider} THEN least(greatest(round(${height} * ${sql.raw(String(rw))} / ${sql.raw(String(rh))}::numeric), 1), ${width}) ELSE ${width} END)`;
    const cropHeight = sql`(CASE WHEN ${isWider} THEN ${height} ELSE least(greatest(round(${width} * ${sql.raw(String(rh))} / ${sql.raw(String(rw))}::numeric), 1), ${height}) END)`;
    return sql`(${crop} IS NULL OR ((${crop} ->> 'width')::numeric = ${cropWidth} AND (${crop} ->> 'height')::numeric = ${cropHeight}
      AND (${crop} ->> 'x')::numeric = floor((${width} - ${cropWidth}) / 2.0) AND (${crop} ->> 'y')::numeric = floor((${height} - ${cropHeight}) / 2.0)))`;
  });
  return sql`(${table.mime} LIKE 'image/%' AND (${sql.join(isDefault, sql` OR `)}))`;
}

/**
 * The organization's images with a format whose crop nobody chose (still the centred default the
 * upload was given, so its thumbnails in that style may cut off what matters): one statement over the
 * organization's uploads.
 */
export async function countUncroppedImages(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(tables.uploads)
    .where(and(eq(tables.uploads.organizationId, organizationId), lacksChosenCrop(tables.uploads)));
  return Number(row?.total ?? 0);
}
