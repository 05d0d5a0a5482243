import { z } from "zod";
import { PREVIEWABLE_KEYS } from "@/lib/collections/registry";
import type { FilterSpec } from "@/lib/filter/types";

/**
 * The collections a preview link can be made for (docs/api.md "Preview links"): the records editors
 * send to someone before publishing, and exercises, which workouts are made of; `previewable` in the
 * registry (lib/collections/registry.ts), publishable ones first.
 */
export const PREVIEW_COLLECTIONS = PREVIEWABLE_KEYS;
export type PreviewCollection = (typeof PREVIEW_COLLECTIONS)[number];
export const PREVIEW_LINK_STATES = ["active", "expired", "revoked"] as const;

/** The longest a link may live: seven days. */
export const MAX_PREVIEW_SECONDS = 7 * 24 * 60 * 60;
export const DEFAULT_PREVIEW_SECONDS = 24 * 60 * 60;

export const createPreviewLinkBodySchema = z
  .object({
    language: z
      .string()
      .min(1)
      .max(35)
      .meta({ description: "The language the link reads the record in: `default` (the organization's default language) or one of its language codes", example: "de" }),
    expires_in: z
      .number()
      .int("must be a whole number of seconds")
      .min(1, "must be at least 1")
      .max(MAX_PREVIEW_SECONDS, `must be at most ${MAX_PREVIEW_SECONDS} (7 days)`)
      .optional()
      .meta({ description: `Seconds until the link stops working: 1 to ${MAX_PREVIEW_SECONDS} (7 days); default ${DEFAULT_PREVIEW_SECONDS} (a day)`, example: 86400 }),
  })
  .meta({ id: "CreatePreviewLinkRequest", example: { language: "de", expires_in: 86400 } });
export type CreatePreviewLinkBody = z.output<typeof createPreviewLinkBodySchema>;

const LINK_EXAMPLE = {
  id: "3d2a1b0c-9e8f-4a7b-8c6d-5e4f3a2b1c0d",
  collection: "workouts",
  record_id: "5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b",
  language: "de",
  state: "active",
  expires_at: "2026-11-29T06:00:00.000Z",
  revoked_at: null,
  created_by: { id: "0b0c7f5e-6a0f-4a59-9c55-0e3c2a1b7d10", email: "editor@example.com" },
  created_at: "2026-11-28T06:00:00.000Z",
};

export const previewLinkSchema = z
  .object({
    id: z.uuid(),
    collection: z.enum(PREVIEW_COLLECTIONS),
    record_id: z.uuid(),
    language: z.string().meta({ description: "`default` or a language code, as given when the link was made" }),
    state: z.enum(PREVIEW_LINK_STATES).meta({ description: "`active` until it expires or is revoked" }),
    expires_at: z.iso.datetime(),
    revoked_at: z.iso.datetime().nullable(),
    created_by: z.object({ id: z.uuid(), email: z.string() }).nullable().meta({ description: "Who made it (null once that user is removed)" }),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "PreviewLink", description: "A preview link without its token: the token is shown once, when the link is made", example: LINK_EXAMPLE });
export type PreviewLinkRecord = z.output<typeof previewLinkSchema>;

export const createdPreviewLinkSchema = previewLinkSchema
  .extend({
    token: z.string().meta({ description: "The link's secret (shown only here): send it as the `preview` query parameter" }),
    url: z.url().meta({ description: "The record's API address with the token: it reads the record in the link's language, drafts included, without any other credential" }),
  })
  .meta({
    id: "CreatedPreviewLink",
    example: {
      ...LINK_EXAMPLE,
      token: "pv_q3Zb7yP0cX1u9mTt2fJk4hVw8sLr6nDe5aGiOoYbQxE",
      url: "https://fitness.example/api/v3/content/workouts/5f1d2c3b-4a59-4e6f-8a7b-9c0d1e2f3a4b?preview=pv_q3Zb7yP0cX1u9mTt2fJk4hVw8sLr6nDe5aGiOoYbQxE",
    },
  });
export type CreatedPreviewLink = z.output<typeof createdPreviewLinkSchema>;

export const previewLinkListSchema = z.object({ total: z.number().int(), data: z.array(previewLinkSchema) }).meta({ id: "PreviewLinkList" });

export const previewLinkParamsSchema = z.object({ id: z.uuid("must be a uuid"), link_id: z.uuid("must be a uuid") });

/** Paging, newest first: served by the (organization, collection, record, created) index. */
export const previewLinkFilterSpec = {
  fields: {},
  order: { created: { description: "When the link was made (then its id)" } },
  defaultOrder: [{ field: "created", direction: "desc" }],
} as const satisfies FilterSpec;
