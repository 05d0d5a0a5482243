import { z } from "zod";
import { CONTENT_STATUSES } from "./transitions";

/** The publishing endpoints' isomorphic schemas: a status change's body and the status history. */
export const statusChangeBodySchema = z
  .record(z.string(), z.enum(CONTENT_STATUSES))
  .refine((value) => Object.keys(value).length > 0, { message: "name at least one language key" })
  .meta({
    id: "StatusChange",
    description: "New status per language key (`default` or a language code); all keys change together or none does. At least one key.",
    minProperties: 1,
    example: { default: "published", de: "published" },
  });

export const statusHistoryEntrySchema = z
  .object({
    language: z.string().meta({ description: "`default` or a language code" }),
    from: z.enum(CONTENT_STATUSES).nullable(),
    to: z.enum(CONTENT_STATUSES),
    changed_by: z.object({ id: z.uuid(), email: z.string() }).nullable(),
    changed_at: z.iso.datetime(),
  })
  .meta({ id: "StatusHistoryEntry" });
export const statusHistorySchema = z.object({ total: z.number().int(), data: z.array(statusHistoryEntrySchema) }).meta({ id: "StatusHistory" });
