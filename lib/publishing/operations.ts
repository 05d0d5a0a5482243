import { z } from "zod";
import type { Caller } from "@/lib/core/caller";
import type { Collection } from "@/lib/content/collection";
import { buildContentContext, textQuerySchema } from "@/lib/content/context";
import { CONTENT_WRITE, WRITE_RESPONSE_HEADERS, writtenRecord } from "@/lib/content/operations";
import type { FilterSpec } from "@/lib/filter";
import { CONTENT_CACHE_CONTROL, CONTENT_VARY, ifMatchHeaderSchema } from "@/lib/http/conditional";
import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { statusChangeBodySchema, statusHistorySchema } from "./schemas";
import { changeStatus, listStatusHistory, type ContentStatus } from "./status";

const historyFilterSpec = { fields: {}, order: {}, defaultOrder: [] } as const satisfies FilterSpec;

/** `PATCH …/{id}/status` and `GET …/{id}/status-history` of a publishable collection. */
export function statusOperations(collection: Collection, names: { name: string; tag: string; full: z.ZodType }) {
  const base = `/content/${collection.key}/{id}`;
  const params = z.object({ id: z.uuid("must be a uuid") });

  const patchStatus = defineOperation({
    method: "PATCH",
    path: `${base}/status`,
    operationId: `change${names.name}Status`,
    summary: `Change the per-language status of a ${collection.label}`,
    description:
      "Body: `{\"<default or language>\": \"draft|published|unpublished\"}`, several keys at once, applied together. Allowed: draft → published, published → unpublished, unpublished → published, unpublished → draft; anything else is a 422 naming the key and both states. Publishing a language needs every required text in it (422 lists the missing fields). Translators may change only their own languages (403).",
    tags: [names.tag],
    auth: CONTENT_WRITE,
    request: { params, query: textQuerySchema, body: statusChangeBodySchema, headers: z.object({ "if-match": ifMatchHeaderSchema }) },
    responses: { 200: { description: `The ${collection.label} with its new status`, schema: names.full, headers: WRITE_RESPONSE_HEADERS } },
    errors: ["forbidden", "not_found", "precondition_failed"],
    handle: async (op) => {
      const ctx = await buildContentContext({ db: op.db, caller: op.caller as Caller, req: op.req, url: op.url, multiLanguage: true });
      const { body, etag } = await changeStatus(ctx, collection, op.params.id, op.body as Record<string, ContentStatus>, op.req.headers.get("if-match"));
      return writtenRecord(ctx, body, etag);
    },
  });

  const getHistory = defineOperation({
    method: "GET",
    path: `${base}/status-history`,
    operationId: `get${names.name}StatusHistory`,
    summary: `How a ${collection.label} reached its status: who changed which language, when, from what to what`,
    tags: [names.tag],
    auth: { roles: ["admin", "editor", "translator"] },
    request: { params },
    filter: historyFilterSpec,
    responses: { 200: { description: "Status changes, newest first", schema: statusHistorySchema } },
    errors: ["forbidden", "not_found"],
    handle: async (op) => {
      const ctx = await buildContentContext({ db: op.db, caller: op.caller as Caller, req: op.req, url: op.url, multiLanguage: false });
      return json(await listStatusHistory(ctx, collection, op.params.id, op.filter), { headers: { "Cache-Control": CONTENT_CACHE_CONTROL, Vary: CONTENT_VARY } });
    },
  });

  return { patchStatus, getHistory, all: [patchStatus, getHistory] };
}
