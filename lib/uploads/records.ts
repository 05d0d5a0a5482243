import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { tables, type Executor } from "@/lib/db";
import { completeFormats } from "./crops";
import { signedUploadUrl } from "./signing";

const cropSchema = z
  .object({
    x: z.number().int().meta({ description: "Left edge in pixels" }),
    y: z.number().int().meta({ description: "Top edge in pixels" }),
    width: z.number().int(),
    height: z.number().int(),
  })
  .loose()
  .meta({ id: "Crop", description: "A rectangle of the image; thumbnails of its style show exactly this part" });

export const formatsSchema = z
  .object({
    widescreen: cropSchema,
    landscape: cropSchema,
    square: cropSchema,
    portrait: cropSchema,
  })
  .meta({
    id: "UploadFormats",
    description: "One crop per thumbnail style (widescreen 16:9, landscape 7:5, square 1:1, portrait 2:3); on upload each is the largest centred crop of its ratio",
  });

export const uploadRecordSchema = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ description: "File name; its extension always agrees with the type sniffed from the bytes" }),
    mime: z.string().meta({ description: "Media type, sniffed from the bytes" }),
    url: z.string().meta({
      description:
        "Signed address of the original: `{cdn_url}/uploads/{id}/{name}?v={md5}&Policy={policy}`, valid until the policy expires " +
        "(IMAGE_URL_TTL, at least 7 days by default). For a thumbnail append `style` (portrait, landscape, widescreen, square) and " +
        "optionally `size` (xs, s, m, l: 440, 680, 1400, 2800 px wide; animated gif/webp 240, 360, 480, 600 px). Video and audio " +
        "support HTTP range requests. 403 when the policy is missing, altered or expired or `v` is not the file's md5.",
      example: "https://cdn.example.com/uploads/1b4e28ba-2fa1-11d2-883f-0016d3cca427/hero.jpg?v=9e107d9d372bb6826bd81d3542a419d6&Policy=eyJwYXRoIjoi...",
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    metadata: z
      .object({
        size: z.number().int().optional().meta({ description: "Bytes" }),
        width: z.number().int().optional().meta({ description: "Images: pixels (after EXIF orientation; one frame of an animation)" }),
        height: z.number().int().optional().meta({ description: "Images: pixels (one frame of an animation)" }),
        animated: z.boolean().optional().meta({ description: "Images: a gif or webp with more than one frame" }),
        formats: formatsSchema.optional(),
      })
      .loose()
      .optional(),
  })
  .meta({ id: "Upload", description: "A file reference (specification §2.2)" });

export type UploadRecord = z.output<typeof uploadRecordSchema>;
export type UploadRow = typeof tables.uploads.$inferSelect;

/**
 * The §2.2 record of a row. `metadata` holds the stored members plus what the service measured:
 * `size`, and for images `width`, `height`, `animated` and all four `formats` (defaults for any crop
 * not stored, e.g. on records created without the upload endpoint).
 */
export function toUploadRecord(row: UploadRow): UploadRecord {
  const image = row.mime.startsWith("image/") && row.width && row.height ? { width: row.width, height: row.height } : undefined;
  const metadata: Record<string, unknown> = {
    ...row.metadata,
    ...(row.size > 0 ? { size: row.size } : {}),
    ...(image ? { ...image, animated: row.isAnimated, formats: completeFormats(row.metadata.formats, image) } : {}),
  };
  return {
    id: row.id,
    name: row.name,
    mime: row.mime,
    url: signedUploadUrl({ ...row, metadata }),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
  };
}

/** The organization's uploads among `ids`, in one query (never one per record). */
export async function loadUploads(db: Executor, organizationId: string, ids: Iterable<string | null | undefined>): Promise<Map<string, UploadRecord>> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tables.uploads)
    .where(and(eq(tables.uploads.organizationId, organizationId), inArray(tables.uploads.id, wanted)));
  return new Map(rows.map((row) => [row.id, toUploadRecord(row)]));
}
