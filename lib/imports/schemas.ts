import { z } from "zod";
import { IMPORT_COLLECTION_KEYS, MAX_MAPPED_COLUMNS } from "./csv-columns";

export const IMPORT_STATES = ["queued", "running", "completed", "failed"] as const;
export const LINE_OUTCOMES = ["created", "updated", "invalid"] as const;
export const CSV_MEDIA_TYPE = "text/csv";
export const JSONL_MEDIA_TYPE = "application/x-ndjson";

const booleanParam = (fallback: "true" | "false", description: string) =>
  z
    .enum(["true", "false"])
    .default(fallback)
    .transform((value) => value === "true")
    .meta({ description, example: fallback });

export const startImportQuerySchema = z.object({
  collection: z.enum(IMPORT_COLLECTION_KEYS).meta({ description: "What every line of the file is: a path under /content", example: "exercises" }),
  dry_run: booleanParam("false", "`true`: every line is checked and its outcome reported, nothing is written"),
  atomic: booleanParam("true", "`true` (default): all lines are written or, when any is invalid, none; `false`: every valid line is written"),
  columns: z
    .string()
    .max(8000)
    .regex(/^[a-z_:A-Z0-9-]*(,[a-z_:A-Z0-9-]*)*$/, "must be column names separated by commas")
    .transform((value) => value.split(","))
    .refine((names) => names.length <= MAX_MAPPED_COLUMNS, `must name at most ${MAX_MAPPED_COLUMNS} columns`)
    .optional()
    .meta({
      description:
        "CSV only: the column mapping, one name per column of the file, in order, separated by commas; it replaces the file's header row, and an empty name leaves that column out",
      example: "name,,level,name:de",
    }),
});

export const importIdParamsSchema = z.object({ id: z.uuid("must be a uuid") });

export const contentImportSchema = z
  .object({
    id: z.uuid(),
    collection: z.string(),
    format: z.enum(["jsonl", "csv"]),
    dry_run: z.boolean(),
    atomic: z.boolean(),
    columns: z.array(z.string()).nullable().meta({ description: "The column mapping the import was started with (CSV), or null: the file's header is read as it is" }),
    state: z.enum(IMPORT_STATES).meta({ description: "`queued`, `running`, then `completed` (every line has its outcome) or `failed` (see `error`)" }),
    progress: z.number().min(0).max(1).meta({ description: "The share of the file read so far" }),
    bytes_total: z.number().int(),
    lines_read: z.number().int().meta({ description: "Records read so far (a CSV header is not one)" }),
    created: z.number().int(),
    updated: z.number().int(),
    invalid: z.number().int(),
    written: z.boolean().meta({ description: "Whether records were written: false for a dry run and for an atomic import with an invalid line" }),
    error: z.string().nullable().meta({ description: "Why the file was refused as a whole (with its line), or why the import failed" }),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
  })
  .meta({
    id: "ContentImport",
    example: {
      id: "5d1c8a52-3f0e-4c6a-9d7b-1e2f3a4b5c6d",
      collection: "exercises",
      format: "csv",
      dry_run: true,
      atomic: true,
      columns: null,
      state: "completed",
      progress: 1,
      bytes_total: 52100,
      lines_read: 1000,
      created: 990,
      updated: 5,
      invalid: 5,
      written: false,
      error: null,
      created_at: "2026-11-27T21:00:00.000Z",
      finished_at: "2026-11-27T21:00:09.000Z",
    },
  });

export const importLineSchema = z
  .object({
    line: z.number().int().meta({ description: "The line the record starts on (1 is a CSV file's header)" }),
    outcome: z.enum(LINE_OUTCOMES),
    record_id: z.string().nullable().meta({ description: "The record written or, for `updated`, matched by slug; null for a dry run's `created`" }),
    slug: z.string().nullable(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).nullable().meta({ description: "For `invalid`: the 422 details, paths into the line's record" }),
  })
  .meta({ id: "ContentImportLine" });

export const importLineListSchema = z.object({ total: z.number().int(), data: z.array(importLineSchema) }).meta({ id: "ContentImportLineList" });

export const importFileSchema = z.string().meta({
  description: "JSON Lines (`application/x-ndjson`: one create body per line) or CSV (`text/csv`, a header row of the collection's columns)",
  example: "slug,name,name:de,level,gender,muscle_groups,steps\nair-squat,Air squat,Kniebeuge,beginner,male,legs;glutes,Stand tall|Sit back\n",
});

export type ContentImportRecord = z.infer<typeof contentImportSchema>;
