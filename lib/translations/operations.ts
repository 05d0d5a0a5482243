import type { Caller } from "@/lib/core/caller";
import { buildContentContext } from "@/lib/content/context";
import { CONTENT_CACHE_CONTROL, CONTENT_VARY } from "@/lib/http/conditional";
import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { listTranslationQueue } from "./queue";
import { QUEUE_COLLECTIONS, translationQueueFilterSpec, translationQueueSchema } from "./schemas";

export const getTranslationQueue = defineOperation({
  method: "GET",
  path: "/content/translation-queue",
  operationId: "getTranslationQueue",
  summary: "Records that still need work in one language",
  description:
    "For `filter[where][language][eq]` (required, an enabled language): every record with texts whose translation into it is `none` or `partial`, " +
    "and every workout, training plan and on-demand item whose translation is complete but whose status in it is not `published` (`ready`). " +
    `Filters: \`collection[eq|in]\` (${QUEUE_COLLECTIONS.join(", ")}), \`state[eq|in]\` (none, partial, ready). Order: \`updated\` (default desc).`,
  tags: ["Publishing"],
  auth: { roles: ["admin", "editor", "translator"] },
  filter: translationQueueFilterSpec,
  responses: { 200: { description: "One page of the queue, most recently changed first", schema: translationQueueSchema } },
  // A language the organization does not have: 422.
  errors: ["bad_request", "forbidden", "unprocessable"],
  handle: async (op) => {
    const ctx = await buildContentContext({ db: op.db, caller: op.caller as Caller, req: op.req, url: op.url, multiLanguage: false });
    return json(await listTranslationQueue(ctx, op.filter), { headers: { "Cache-Control": CONTENT_CACHE_CONTROL, Vary: CONTENT_VARY } });
  },
});
