import { z } from "zod";
import type { Caller } from "@/lib/core/caller";
import { buildContentContext, contentLanguageHeader } from "@/lib/content/context";
import { CONTENT_READ } from "@/lib/content/operations";
import { json } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import { searchQueryParametersSchema, searchRequestSchema, searchResponseSchema } from "./schemas";
import { searchContent } from "./search-content";

export const postSearch = defineOperation({
  method: "POST",
  path: "/content/search",
  operationId: "searchContent",
  summary: "Search workouts, training plans, videos and audio workouts",
  description:
    "Full-text search in the response language (Accept-Language) over titles, descriptions and the names of goals, categories, " +
    "equipment and instructors; a word that matches nothing as written may have typos bounded by its length (none up to 4 characters, " +
    "1 for 5 to 8, 2 from 9), and the last word also matches the beginning of longer words. Title matches rank above description " +
    "matches. `results` merge the pages of " +
    "every requested collection in `sort_by` order; each returned cursor continues its collection (`offset` advanced, `total` " +
    "filled in). Mobile and integration tokens find only what is published in the response language. The other described form " +
    "— `type` with `filter[limit]`/`filter[offset]`, in the body or the query string — is accepted instead of `cursors`. " +
    "Invalid values are 422 naming the field (`/sort_by`, `/filter_by/level/gte`, `/cursors/0/limit`); a missing `q` is 400.",
  tags: ["Search"],
  auth: CONTENT_READ,
  request: {
    body: searchRequestSchema,
    query: searchQueryParametersSchema,
    headers: z.object({ "accept-language": z.string().optional().meta({ description: "The response language; titles and labels fall back to the organization's default" }) }),
  },
  responses: { 200: { description: "Matches, suggestions and the cursors that continue each collection", schema: searchResponseSchema } },
  handle: async (op) => {
    const ctx = await buildContentContext({ db: op.db, caller: op.caller as Caller, req: op.req, url: op.url, multiLanguage: false });
    const body = await searchContent(ctx, op.body, op.url.searchParams);
    return json(body, { headers: { "Content-Language": contentLanguageHeader(ctx), Vary: "Accept-Language" } });
  },
});
