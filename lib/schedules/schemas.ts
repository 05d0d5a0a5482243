import { z } from "zod";
import { PUBLISHABLE_KEYS } from "@/lib/collections/registry";
import type { FilterSpec } from "@/lib/filter/types";
import { CONTENT_STATUSES } from "@/lib/publishing/transitions";

/** The publishable collections (lib/collections/registry.ts): the ones a schedule can change. */
export const SCHEDULE_COLLECTIONS = PUBLISHABLE_KEYS;
export type ScheduleCollection = (typeof SCHEDULE_COLLECTIONS)[number];
export const SCHEDULE_STATES = ["pending", "succeeded", "failed"] as const;

const languageSchema = z
  .string()
  .min(1)
  .max(35)
  .meta({ description: "`default` or a language code of the organization", example: "de" });
const atSchema = z.iso
  .datetime({ offset: true, message: "must be a date-time with a time zone (RFC 3339)" })
  .meta({ description: "When the change happens, to the minute (seconds are dropped); not before the current minute", example: "2026-11-30T06:00:00Z" });

export const scheduledChangeSchema = z
  .object({ language: languageSchema, status: z.enum(CONTENT_STATUSES) })
  .strict()
  .meta({ id: "ScheduledChange", example: { language: "de", status: "published" } });

export const createScheduleBodySchema = z
  .union([
    z.object({ language: languageSchema, status: z.enum(CONTENT_STATUSES), at: atSchema }).strict().meta({ title: "One language" }),
    z
      .object({ changes: z.array(scheduledChangeSchema).min(1).max(50), at: atSchema })
      .strict()
      .meta({ title: "A release: several languages, all or none" }),
  ])
  .meta({
    id: "CreateScheduleRequest",
    description: "One language's change, or a release of several languages' changes that happen together or not at all.",
    example: { changes: [{ language: "default", status: "published" }, { language: "de", status: "published" }], at: "2026-11-30T06:00:00Z" },
  });
export type CreateScheduleBody = z.output<typeof createScheduleBodySchema>;

export const scheduleSchema = z
  .object({
    id: z.uuid(),
    collection: z.enum(SCHEDULE_COLLECTIONS),
    record_id: z.uuid(),
    at: z.iso.datetime(),
    changes: z.array(scheduledChangeSchema).meta({ description: "Each status key (`default` or a language code) with its new status; changed together" }),
    state: z.enum(SCHEDULE_STATES).meta({ description: "`pending` until it runs; then `succeeded`, or `failed` with its `reason`" }),
    reason: z.string().nullable().meta({ description: "Why a failed schedule could not run" }),
    created_by: z.object({ id: z.uuid(), email: z.string() }).nullable().meta({ description: "Who scheduled it (null once that user is removed)" }),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
  })
  .meta({
    id: "Schedule",
    example: {
      id: "7c1e9a52-3d4b-4f6a-9b8c-1d2e3f4a5b6c",
      collection: "workouts",
      record_id: "5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b",
      at: "2026-11-30T06:00:00.000Z",
      changes: [{ language: "de", status: "published" }],
      state: "pending",
      reason: null,
      created_by: { id: "0b0c7f5e-6a0f-4a59-9c55-0e3c2a1b7d10", email: "editor@example.com" },
      created_at: "2026-11-27T20:55:00.000Z",
      completed_at: null,
    },
  });
export type ScheduleRecord = z.output<typeof scheduleSchema>;

export const scheduleListSchema = z.object({ total: z.number().int(), data: z.array(scheduleSchema) }).meta({ id: "ScheduleList" });

export const scheduleParamsSchema = z.object({ id: z.uuid("must be a uuid"), schedule_id: z.uuid("must be a uuid") });

/** Filters of every schedule list; each is served by an index led by the organization. */
export const scheduleFilterSpec = {
  fields: {
    collection: { type: "enum", values: SCHEDULE_COLLECTIONS, operators: ["eq", "in"] },
    record_id: { type: "uuid", operators: ["eq"] },
    state: { type: "enum", values: SCHEDULE_STATES, operators: ["eq", "in"] },
    language: { type: "string", operators: ["eq", "in"] },
    at: { type: "date", operators: ["gte", "lte"] },
  },
  order: { at: { description: "When it happens (then its id)" } },
  defaultOrder: [{ field: "at", direction: "asc" }],
} as const satisfies FilterSpec;
