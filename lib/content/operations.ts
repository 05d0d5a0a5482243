import { z } from "zod";
import type { Caller } from "@/lib/core/caller";
import type { ErrorCode } from "@/lib/core/errors";
import type { AuthPolicy, OperationContext } from "@/lib/http/operation";
import { CONTENT_CACHE_CONTROL, CONTENT_VARY, conditionalJson, ifMatchHeaderSchema, representationDigest } from "@/lib/http/conditional";
import { bodyResponse, noContent } from "@/lib/http/responses";
import { defineOperation } from "@/lib/http/route";
import type { FilterQuery, FilterSpec } from "@/lib/filter";
import type { Collection } from "./collection";
import type { ListPage } from "./list-records";
import { buildContentContext, contentLanguageHeader, textQuerySchema, type ContentContext } from "./context";
import { representationEtag } from "./etag";
import { mergePatchSchemaOf } from "./merge-patch-schema";

/** Reads are open to every scope and to integration tokens; writes to platform editors (docs/api.md "Roles and scopes"). */
export const CONTENT_READ: AuthPolicy = { mobile: true, integration: true };
export const CONTENT_WRITE: AuthPolicy = { roles: ["admin", "editor", "translator"] };
/**
 * Creating and deleting a record: translators edit the texts of existing records only (docs/api.md
 * "Publishing"), so the policy refuses them with that reason (403).
 */
export const CONTENT_CREATE_OR_DELETE: AuthPolicy = { roles: ["admin", "editor"], refusal: "translators can edit the texts of existing records only" };
/** A record read that also admits a preview link (docs/api.md "Preview links"). */
const CONTENT_READ_OR_PREVIEW: AuthPolicy = { ...CONTENT_READ, preview: true };
const PREVIEW_READ_DESCRIPTION =
  "With `preview=<token>` (a preview link's address) the link is the credential, whatever else the request carries: it reads the record it was made for, and the records that one references (a workout's exercises; a training plan's workouts, on-demand items and its workouts' exercises), as they are now, drafts included, in the link's language (`lang`, `texts` and `Accept-Language` are not used). Any other record is a 404; an expired or revoked link a 401.";

type Schemas = {
  /** OpenAPI component names derive from it: "Exercise" → ExercisePreview, ExerciseList, ExerciseInput. */
  name: string;
  preview: z.ZodType;
  /** The full record in the specification's shape. */
  full: z.ZodType;
  /** The full record with `texts=all`: every text a MultiLangString (collections with texts). */
  fullAllTexts?: z.ZodType;
  input: z.ZodType;
  tag: string;
  /** Extra description of the list endpoint (its filters, in words). */
  listDescription?: string;
  /** The `training-plan` query parameter (workouts and on-demand). */
  acceptsTrainingPlan?: boolean;
  /** The record read admits a preview link's token (docs/api.md "Preview links"). */
  readsWithPreviewLinks?: boolean;
};

/**
 * What a single-record response is: the full record in the specification's shape, or with `texts=all`
 * every text as a MultiLangString (docs/api.md "Languages").
 */
export function recordResponseSchema(schemas: Pick<Schemas, "name" | "full" | "fullAllTexts">): z.ZodType {
  if (!schemas.fullAllTexts) return schemas.full;
  return z.union([schemas.full, schemas.fullAllTexts]).meta({
    description: `A ${schemas.name} in the specification's shape, or a ${schemas.name}AllTexts when the request has \`texts=all\``,
  });
}

function contentHeaders(ctx: ContentContext): Headers {
  return new Headers({ "Content-Language": contentLanguageHeader(ctx), Vary: CONTENT_VARY });
}

/** A content read: private to the caller, revalidated before reuse (docs/api.md "Conditional reads"). */
export function readHeaders(ctx: ContentContext): Headers {
  const headers = contentHeaders(ctx);
  headers.set("Cache-Control", CONTENT_CACHE_CONTROL);
  return headers;
}

/** A record's body as JSON text and the strong ETag of that representation. */
export function recordRepresentation(ctx: ContentContext, body: unknown, versionTag: string): { text: string; etag: string } {
  const text = JSON.stringify(body);
  return { text, etag: representationEtag(versionTag, representationDigest(text, contentLanguageHeader(ctx))) };
}

/** A written record's answer (200 or 201) with the ETag of its representation. */
export function writtenRecord(ctx: ContentContext, body: unknown, versionTag: string, location?: string): Response {
  const { text, etag } = recordRepresentation(ctx, body, versionTag);
  const headers = contentHeaders(ctx);
  headers.set("ETag", etag);
  headers.set("Content-Type", "application/json; charset=utf-8");
  if (location) headers.set("Location", location);
  return bodyResponse(text, { status: location ? 201 : 200, headers });
}

/** The headers of a write's answer. */
export const WRITE_RESPONSE_HEADERS = {
  ETag: { description: 'The new version\'s tag, `"<id>.<version>.<digest>"`: send it as `If-Match` with the next write', schema: z.string() },
  "Content-Language": { description: "The language(s) of the texts", schema: z.string() },
};

export const NOT_MODIFIED = "Not modified: the `If-None-Match` tag is still current; no body";

/** The headers of a content read (200 and 304). */
export function readResponseHeaders(kind: "strong" | "weak") {
  return {
    ETag: {
      description:
        kind === "strong"
          ? 'This representation of the record version: `"<id>.<version>.<digest>"`; send it as `If-Match` to write, or `If-None-Match` to revalidate'
          : 'A weak tag of the page (its records\' ids and versions, the total, what it shows); send it as `If-None-Match` to revalidate',
      schema: z.string(),
    },
    "Cache-Control": { description: `\`${CONTENT_CACHE_CONTROL}\`: the answer is the caller's own; revalidate before reusing it`, schema: z.string() },
    Vary: { description: `\`${CONTENT_VARY}\``, schema: z.string() },
    "Content-Language": { description: "The language(s) of the texts", schema: z.string() },
  };
}

export const conditionalHeaders = z.object({
  "if-none-match": z.string().optional().meta({ description: "An ETag read before: 304 without a body while it is still current" }),
});

export async function contextOf(op: OperationContext<unknown, unknown, unknown, Caller>, multiLanguage: boolean): Promise<ContentContext> {
  return buildContentContext({ db: op.db, caller: op.caller, req: op.req, url: op.url, multiLanguage });
}

/** A content list's answer: the page as JSON, with a weak ETag of its records' versions and what it shows (304 when still current). */
export function listAnswer(req: Request, ctx: ContentContext, page: ListPage): Response {
  const text = JSON.stringify({ total: page.total, data: page.data });
  const etag = `W/"${representationDigest(`${page.versions.join(",")}\n${page.total}\n${text}`, contentLanguageHeader(ctx))}"`;
  return conditionalJson(req, text, etag, readHeaders(ctx));
}

/** A record read's answer, with the strong ETag of its representation (304 when still current). */
export function recordAnswer(req: Request, ctx: ContentContext, body: unknown, versionTag: string): Response {
  const { text, etag } = recordRepresentation(ctx, body, versionTag);
  return conditionalJson(req, text, etag, readHeaders(ctx));
}

type IdOf<K extends "uuid" | "int"> = K extends "int" ? number : string;

/**
 * The declarations of a content collection's six record endpoints — list, create, get, replace,
 * merge-patch, delete: method, path, auth, request schemas, responses, errors. A domain's operations.ts
 * adds each one's handler, which calls the domain's function (`createWorkout`).
 */
export function recordEndpoints<K extends "uuid" | "int", IS extends z.ZodType<Record<string, unknown>>>(
  collection: { key: string; label: string; idKind: K; filter: { spec: FilterSpec } },
  schemas: Schemas & { input: IS },
) {
  const base = `/content/${collection.key}`;
  const idSchema = collection.idKind === "int" ? z.coerce.number().int("must be an integer id").positive("must be a positive id") : z.uuid("must be a uuid");
  const params = z.object({ id: idSchema }) as unknown as z.ZodObject<{ id: z.ZodType<IdOf<K>> }>;
  const textQuery = schemas.fullAllTexts ? textQuerySchema : textQuerySchema.pick({ lang: true });
  const record = recordResponseSchema(schemas);
  const getQuery = textQuery.extend({
    ...(schemas.acceptsTrainingPlan
      ? { "training-plan": z.uuid("must be a uuid").optional().meta({ description: "The training plan this item is opened from; it must belong to it" }) }
      : {}),
  }) as unknown as z.ZodObject<{ "training-plan": z.ZodOptional<z.ZodString> }>;
  const listSchema = z.object({ total: z.number().int(), data: z.array(schemas.preview) }).meta({ id: `${schemas.name}List` });
  const patchSchema = mergePatchSchemaOf(schemas.input, {
    id: `${schemas.name}Patch`,
    description:
      `A JSON merge patch (RFC 7396) of the ${schemas.name} input: the members to change, nothing else; \`null\` removes a member the input may leave out. ` +
      "Text fields keep their per-language meaning: a string sets the Content-Language language, an object sets the languages it names (an empty string removes one).",
  }) as z.ZodType<Record<string, unknown>>;
  const ifMatchHeaders = z.object({ "if-match": ifMatchHeaderSchema });

  return {
    recordSchema: record,
    list: {
      method: "GET" as const,
      path: base,
      operationId: `list${schemas.name}s`,
      summary: `List ${collection.label} previews`,
      description: schemas.listDescription,
      tags: [schemas.tag],
      auth: CONTENT_READ,
      filter: collection.filter.spec,
      request: { headers: conditionalHeaders },
      responses: {
        200: { description: `A page of ${collection.label} previews (texts as plain strings in the response language)`, schema: listSchema, headers: readResponseHeaders("weak") },
        304: { description: NOT_MODIFIED, headers: readResponseHeaders("weak") },
      },
    },
    get: {
      method: "GET" as const,
      path: `${base}/{id}`,
      operationId: `get${schemas.name}`,
      summary: `Get one ${collection.label}`,
      ...(schemas.readsWithPreviewLinks ? { description: PREVIEW_READ_DESCRIPTION } : {}),
      tags: [schemas.tag],
      auth: schemas.readsWithPreviewLinks ? CONTENT_READ_OR_PREVIEW : CONTENT_READ,
      request: { params, query: getQuery, headers: conditionalHeaders },
      responses: {
        200: { description: `The ${collection.label}`, schema: record, headers: readResponseHeaders("strong") },
        304: { description: NOT_MODIFIED, headers: readResponseHeaders("strong") },
      },
      // `lang` naming a language the organization does not have is a 400 (docs/api.md "Languages").
      errors: ["not_found", "bad_request"] as ErrorCode[],
    },
    create: {
      method: "POST" as const,
      path: base,
      operationId: `create${schemas.name}`,
      summary: `Create a ${collection.label}`,
      description: "Texts may be plain strings (in the Content-Language language, else the organization's default) or MultiLangString objects.",
      tags: [schemas.tag],
      auth: CONTENT_CREATE_OR_DELETE,
      request: { query: textQuery, body: schemas.input },
      responses: { 201: { description: `The new ${collection.label}`, schema: record, headers: { ...WRITE_RESPONSE_HEADERS, Location: { description: "The record's address", schema: z.string() } } } },
      errors: ["forbidden", "conflict"] as ErrorCode[],
    },
    replace: {
      method: "PUT" as const,
      path: `${base}/{id}`,
      operationId: `replace${schemas.name}`,
      summary: `Replace a ${collection.label}`,
      tags: [schemas.tag],
      auth: CONTENT_WRITE,
      request: { params, query: textQuery, body: schemas.input, headers: ifMatchHeaders },
      responses: { 200: { description: `The ${collection.label} as stored`, schema: record, headers: WRITE_RESPONSE_HEADERS } },
      errors: ["forbidden", "not_found", "conflict", "precondition_failed"] as ErrorCode[],
    },
    patch: {
      method: "PATCH" as const,
      path: `${base}/{id}`,
      operationId: `patch${schemas.name}`,
      summary: `Change part of a ${collection.label}`,
      tags: [schemas.tag],
      auth: CONTENT_WRITE,
      request: { params, query: textQuery, body: patchSchema, headers: ifMatchHeaders },
      responses: { 200: { description: `The ${collection.label} as stored`, schema: record, headers: WRITE_RESPONSE_HEADERS } },
      errors: ["forbidden", "not_found", "conflict", "precondition_failed"] as ErrorCode[],
    },
    remove: {
      method: "DELETE" as const,
      path: `${base}/{id}`,
      operationId: `delete${schemas.name}`,
      summary: `Delete a ${collection.label}`,
      description: "A record that others still reference cannot be deleted (409 naming them).",
      tags: [schemas.tag],
      auth: CONTENT_CREATE_OR_DELETE,
      request: { params, headers: ifMatchHeaders },
      responses: { 204: { description: "Deleted" } },
      errors: ["forbidden", "not_found", "conflict", "precondition_failed"] as ErrorCode[],
    },
  };
}

/**
 * The six endpoints of a collection whose domain functions are its `Collection` members (the lookups'
 * factory, and the collections not yet written as domain functions of their own).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any collection, whatever its row and input types
export function collectionOperations(collection: Collection<any, any>, schemas: Schemas) {
  const endpoints = recordEndpoints(collection, schemas as Schemas & { input: z.ZodType<Record<string, unknown>> });
  const readCollection = collection as unknown as Collection;

  const list = defineOperation({
    ...endpoints.list,
    handle: async (op) => {
      const ctx = await contextOf(op, false);
      return listAnswer(op.req, ctx, await readCollection.list(ctx, op.filter as FilterQuery));
    },
  });

  const get = defineOperation({
    ...endpoints.get,
    handle: async (op) => {
      const ctx = await contextOf(op, true);
      const { body, etag } = await readCollection.get(ctx, op.params.id, { trainingPlanId: op.query["training-plan"] });
      return recordAnswer(op.req, ctx, body, etag);
    },
  });

  const create = defineOperation({
    ...endpoints.create,
    handle: async (op) => {
      const ctx = await contextOf(op, true);
      const result = await readCollection.create(ctx, op.body);
      return writtenRecord(ctx, result.body, result.etag, `/api/v3/content/${collection.key}/${result.id}`);
    },
  });

  const replace = defineOperation({
    ...endpoints.replace,
    handle: async (op) => {
      const ctx = await contextOf(op, true);
      const { body, etag } = await readCollection.replace(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
      return writtenRecord(ctx, body, etag);
    },
  });

  const patch = defineOperation({
    ...endpoints.patch,
    handle: async (op) => {
      const ctx = await contextOf(op, true);
      const { body, etag } = await readCollection.patch(ctx, op.params.id, op.body, op.req.headers.get("if-match"));
      return writtenRecord(ctx, body, etag);
    },
  });

  const remove = defineOperation({
    ...endpoints.remove,
    handle: async (op) => {
      const ctx = await contextOf(op, false);
      await readCollection.remove(ctx, op.params.id, op.req.headers.get("if-match"));
      return noContent();
    },
  });

  return { list, create, get, replace, patch, remove, recordSchema: endpoints.recordSchema, all: [list, create, get, replace, patch, remove] };
}
