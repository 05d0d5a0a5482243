import { buildContentContext } from "@/lib/content/context";
import { CONTENT_READ, readHeaders } from "@/lib/content/operations";
import { CONTENT_CACHE_CONTROL, CONTENT_VARY } from "@/lib/http/conditional";
import { defineOperation } from "@/lib/http/route";
import { z } from "zod";
import { listChanges } from "./list-changes";
import { changeListSchema, changesQuerySchema } from "./schemas";

/** `GET /content/changes` (docs/api.md "Change feed"). */
export const getChanges = defineOperation({
  method: "GET",
  path: "/content/changes",
  operationId: "listChanges",
  summary: "What changed since a cursor",
  description:
    "Delta sync: every content record and lookup created, changed or deleted after `since`, each at most once at its latest change, " +
    "as `upsert` (read it again) or `delete` (drop it). Mobile and integration tokens see exactly what they may read in the " +
    "response language (`lang`, else `Accept-Language`): a record that stops being visible to them is a `delete`. Without `since` " +
    "the feed starts from the beginning. A cursor older than the retention window (30 days by default) gets 410: sync again " +
    "from the start. A page may hold fewer than `limit` changes while `has_more` is true.",
  tags: ["Sync"],
  auth: CONTENT_READ,
  request: { query: changesQuerySchema },
  responses: {
    200: {
      description: "A page of changes, oldest first",
      schema: changeListSchema,
      headers: {
        "Cache-Control": { description: `\`${CONTENT_CACHE_CONTROL}\``, schema: z.string() },
        Vary: { description: `\`${CONTENT_VARY}\``, schema: z.string() },
        "Content-Language": { description: "The language(s) whose publishing decided visibility", schema: z.string() },
      },
    },
  },
  // `lang` naming a language the organization does not have is a 400 (docs/api.md "Languages").
  errors: ["bad_request", "gone"],
  handle: async (op) => {
    // Visibility follows `lang` and Accept-Language only: the feed has no texts, so `texts` has no say.
    const url = new URL(op.url);
    url.searchParams.delete("texts");
    const ctx = await buildContentContext({ db: op.db, caller: op.caller, req: op.req, url, multiLanguage: true });
    const body = await listChanges(ctx, { since: op.query.since, limit: op.query.limit });
    const headers = readHeaders(ctx);
    headers.set("Content-Type", "application/json; charset=utf-8");
    return new Response(JSON.stringify(body), { status: 200, headers });
  },
});
