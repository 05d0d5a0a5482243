import { z } from "zod";

export const ARCHIVE_JOB_STATES = ["queued", "running", "completed", "failed"] as const;
export const ARCHIVE_MEDIA_TYPE = "application/gzip";
/** How long an export's download address is valid. */
export const EXPORT_URL_TTL_SECONDS = 15 * 60;

export const archiveJobIdParamsSchema = z.object({ id: z.uuid("must be a uuid") });

const countsSchema = z.record(z.string(), z.number().int()).nullable().meta({ description: "Records per table (docs/archive-format.md), once done" });

export const organizationExportSchema = z
  .object({
    id: z.uuid(),
    state: z.enum(ARCHIVE_JOB_STATES).meta({ description: "`queued`, `running`, then `completed` (the archive can be downloaded) or `failed` (see `error`)" }),
    size: z.number().int().nullable().meta({ description: "The archive's bytes, once written" }),
    counts: countsSchema,
    files: z.number().int().nullable(),
    error: z.string().nullable(),
    download_url: z.url().nullable().meta({ description: "When completed: a signed address of the archive, valid until `download_expires_at`; read the export again for a fresh one" }),
    download_expires_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({
    id: "OrganizationExport",
    example: {
      id: "6e2d9b63-4f1a-4d7b-8e8c-2f3a4b5c6d7e",
      state: "completed",
      size: 3806688,
      counts: { exercises: 50, workouts: 15 },
      files: 118,
      error: null,
      download_url: "https://cdn.example.com/exports/6e2d9b63-4f1a-4d7b-8e8c-2f3a4b5c6d7e/archive.tar.gz?Policy=eyJwYXRoIjoiL2V4cG9ydHMifQ.c2lnbmF0dXJl",
      download_expires_at: "2026-11-28T01:15:00.000Z",
      created_at: "2026-11-28T01:00:00.000Z",
      finished_at: "2026-11-28T01:00:20.000Z",
    },
  });
export type OrganizationExport = z.infer<typeof organizationExportSchema>;

export const organizationImportSchema = z
  .object({
    id: z.uuid(),
    state: z.enum(ARCHIVE_JOB_STATES).meta({ description: "`queued`, `running`, then `completed` or `failed` (see `error`: nothing was imported)" }),
    bytes_total: z.number().int(),
    ids: z.enum(["kept", "remapped"]).nullable().meta({ description: "Once completed: `kept` (the organization was empty) or `remapped`" }),
    counts: countsSchema,
    matched: z
      .record(z.string(), z.number().int())
      .nullable()
      .meta({
        description:
          "Once completed, per table: the archive's records the organization already had (the same slug; uploads and media assets: the same bytes), " +
          "left out for the organization's own, which the imported records reference instead; with them the rows that belong to them (captions, status history, versions, schedules)",
      }),
    files: z.number().int().nullable().meta({ description: "Once completed: the files imported (a matched upload's or media asset's are not)" }),
    error: z.string().nullable().meta({ description: "Why the archive was refused (checksum, format version …) or the import failed" }),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({
    id: "OrganizationImport",
    example: {
      id: "7f3e0c74-5a2b-4e8c-9f9d-3a4b5c6d7e8f",
      state: "completed",
      bytes_total: 3806688,
      ids: "remapped",
      counts: { exercises: 50, workouts: 15 },
      matched: { exercises: 2, workouts: 0 },
      files: 118,
      error: null,
      created_at: "2026-11-28T01:05:00.000Z",
      finished_at: "2026-11-28T01:05:30.000Z",
    },
  });
export type OrganizationImport = z.infer<typeof organizationImportSchema>;

export const archiveFileSchema = z.string().meta({ description: "An organization archive (docs/archive-format.md), as `application/gzip`", format: "binary" });
