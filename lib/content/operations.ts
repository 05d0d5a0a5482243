import { z } from "zod";
import type { Caller } from "@/lib/auth/caller";
import type { AuthPolicy, OperationContext } from "@/lib/http/operation";
import { created, json, noContent } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import type { FilterQuery } from "@/lib/filter";
import type { Collection } from "./collection";
import { buildContentContext, contentLanguageHeader, type ContentContext } from "./context";

/** Reads are open to every scope and to integration tokens; writes to platform editors (api-decisions §2, §4). */
export const CONTENT_READ: AuthPolicy = { mobile: true, integration: true };
export const CONTENT_WRITE: AuthPolicy = { roles: ["admin", "editor", "translator"] };

type Schemas = {
  /** OpenAPI component names derive from it: "Exercise" → ExercisePreview, ExerciseList, ExerciseInput. */
  name: string;
  preview: z.ZodType;
  full: z.ZodType;
  input: z.ZodType;
  tag: string;
  /** Extra description of the list endpoint (its filters, in words). */
  listDescription?: string;
  /** The `training-plan` query parameter (workouts and on-demand). */
  acceptsTrainingPlan?: boolean;
};

const langQuery = z.string().optional().meta({ description: "Comma-separated language codes: texts come back as MultiLangString objects keyed by each and `default`" });

function contentHeaders(ctx: ContentContext, etag?: string): Headers {
  const headers = new Headers({ "Content-Language": contentLanguageHeader(ctx), Vary: "Accept-Language" });
  if (etag) headers.set("ETag", etag);
  return headers;
}

async function contextOf(op: OperationContext<unknown, unknown, unknown, Caller>, multiLanguage: boolean): Promise<ContentContext> {
  return buildContentContext({ db: op.db, caller: op.caller, req: op.req, url: op.url, multiLanguage });
}

/** The six endpoints of a content collection: list, create, get, replace, merge-patch, delete. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any collection, whatever its row and input types
export function collectionOperations(collection: Collection<any, any>, schemas: Schemas) {
  const base = `/content/${collection.key}`;
  const idSchema = collection.idKind === "int" ? z.coerce.number().int("must be an integer id").positive("must be a positive id") : z.uuid("must be a uuid");
  const params = z.object({ id: idSchema });
  const getQuery = z.object({
    lang: langQuery,
    ...(schemas.acceptsTrainingPlan
      ? { "training-plan": z.uuid("must be a uuid").optional().meta({ description: "The training plan this item is opened from; it must belong to it" }) }
      : {}),
  });
  const listSchema = z.object({ total: z.number().int(), data: z.array(schemas.preview) }).meta({ id: `${schemas.name}List` });
  const patchSchema = z.record(z.string(), z.unknown()).meta({
    id: `${schemas.name}Patch`,
    description: `A JSON merge patch (RFC 7396) of the ${schemas.name} input. Text fields keep their per-language meaning: a string sets the Content-Language language, an object sets the languages it names (an empty string removes one).`,
  });
  const ifMatchHeaders = z.object({ "if-match": z.string().optional().meta({ description: "The ETag read with the record; a stale one gets 412" }) });
  const readCollection = collection as unknown as Collection;

  const list = defineOperation({
    method: "GET",
    path: base,
    operationId: `list${schemas.name}s`,
    summary: `List ${collection.label} previews`,
    description: schemas.listDescription,
    tags: [schemas.tag],
    auth: CONTENT_READ,
    filter: collection.filter.spec,
    responses: { 200: { description: `A page of ${collection.label} previews (texts as plain strings in the response language)`, schema: listSchema } },
    handle: async (op) => {
      const ctx = await contextOf(op, false);
      return json(await readCollection.list(ctx, op.filter as FilterQuery), { headers: contentHeaders(ctx) });
    },
  });

  const get = defineOperation({
    method: "GET",
    path: `${base}/{id}`,
    operationId: `get${schemas.name}`,
    summary: `Get one ${collection.label}`,
    tags: [schemas.tag],
    auth: CONTENT_READ,
    request: { params, query: getQuery },
    responses: { 200: { description: `The ${collection.label}`, schema: schemas.full, headers: { ETag: { description: "The record's version", schema: z.string() } } } },
    errors: ["not_found"],
    handle: async (op) => {
      const ctx = await contextOf(op, true);
      const query = op.query as { "training-plan"?: string };
      const { body, etag } = await readCollection.get(ctx, (op.params as { id: string | number }).id, { trainingPlanId: query["training-plan"] });
      return json(body, { headers: contentHeaders(ctx, etag) });
    },
  });

  const create = defineOperation({
    method: "POST",
    path: base,
    operationId: `create${schemas.name}`,
    summary: `Create a ${collection.label}`,
    description: "Texts may be plain strings (in the Content-Language language, else the organization's default) or MultiLangString objects.",
    tags: [schemas.tag],
    auth: CONTENT_WRITE,
    request: { body: schemas.input },
    responses: { 201: { description: `The new ${collection.label}`, schema: schemas.full } },
    errors: ["forbidden", "conflict"],
    handle: async (op) => {
      const ctx = await contextOf(op, true);
      const result = await readCollection.create(ctx, op.body as Record<string, unknown>);
      return created(result.body, `/api/v3${base}/${result.id}`, contentHeaders(ctx, result.etag));
    },
  });

  const replace = defineOperation({
    method: "PUT",
    path: `${base}/{id}`,
    operationId: `replace${schemas.name}`,
    summary: `Replace a ${collection.label}`,
    tags: [schemas.tag],
    auth: CONTENT_WRITE,
    request: { params, body: schemas.input, headers: ifMatchHeaders },
    responses: { 200: { description: `The ${collection.label} as stored`, schema: schemas.full } },
    errors: ["forbidden", "not_found", "conflict", "precondition_failed"],
    handle: async (op) => {
      const ctx = await contextOf(op, true);
      const { body, etag } = await readCollection.replace(ctx, (op.params as { id: string | number }).id, op.body as Record<string, unknown>, op.req.headers.get("if-match"));
      return json(body, { headers: contentHeaders(ctx, etag) });
    },
  });

  const patch = defineOperation({
    method: "PATCH",
    path: `${base}/{id}`,
    operationId: `patch${schemas.name}`,
    summary: `Change part of a ${collection.label}`,
    tags: [schemas.tag],
    auth: CONTENT_WRITE,
    request: { params, body: patchSchema, headers: ifMatchHeaders },
    responses: { 200: { description: `The ${collection.label} as stored`, schema: schemas.full } },
    errors: ["forbidden", "not_found", "conflict", "precondition_failed"],
    handle: async (op) => {
      const ctx = await contextOf(op, true);
      const { body, etag } = await readCollection.patch(ctx, (op.params as { id: string | number }).id, op.body as Record<string, unknown>, op.req.headers.get("if-match"));
      return json(body, { headers: contentHeaders(ctx, etag) });
    },
  });

  const remove = defineOperation({
    method: "DELETE",
    path: `${base}/{id}`,
    operationId: `delete${schemas.name}`,
    summary: `Delete a ${collection.label}`,
    description: "A record that others still reference cannot be deleted (409 naming them).",
    tags: [schemas.tag],
    auth: CONTENT_WRITE,
    request: { params, headers: ifMatchHeaders },
    responses: { 204: { description: "Deleted" } },
    errors: ["forbidden", "not_found", "conflict", "precondition_failed"],
    handle: async (op) => {
      const ctx = await contextOf(op, false);
      await readCollection.remove(ctx, (op.params as { id: string | number }).id, op.req.headers.get("if-match"));
      return noContent();
    },
  });

  return { list, create, get, replace, patch, remove, all: [list, create, get, replace, patch, remove] };
}
