import type { z } from "zod";
import type { Db } from "@/lib/db";
import type { FilterQuery, FilterSpec } from "@/lib/filter";
import type { PlatformRole } from "@/lib/core/roles";
import type { ErrorCode } from "@/lib/core/errors";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type AnyObjectSchema = z.ZodType<Record<string, unknown>>;

export type ResponseSpec = {
  description: string;
  /** JSON body schema; absent for 204 or binary responses. */
  schema?: z.ZodType;
  /** Media type when the body is not JSON (images, media). */
  contentType?: string;
  headers?: Record<string, { description: string; schema: z.ZodType }>;
};

/**
 * Who may call an operation. `public` needs no credential. Otherwise a valid token is required, and:
 * `roles` limits platform callers to those roles; `mobile` admits mobile-scope tokens; `integration`
 * admits integration tokens (only ever for `/content/...` reads); `preview` admits a preview link's
 * token in the `preview` query parameter (only ever for a record read, which checks that the link
 * covers the record: docs/api.md "Preview links").
 */
export type AuthPolicy =
  | { public: true }
  | {
      public?: false;
      roles?: readonly PlatformRole[];
      /** The 403 message for a platform caller whose role `roles` leaves out (else one naming the roles). */
      refusal?: string;
      mobile?: boolean;
      integration?: boolean;
      preview?: boolean;
    };

export type OperationContext<Q, B, P, C> = {
  req: Request;
  url: URL;
  requestId: string;
  query: Q;
  body: B;
  params: P;
  caller: C;
  db: Db;
  /** The parsed `filter[...]` parameters, for operations that declare a `filter` spec. */
  filter: FilterQuery;
  /** Headers to add to the response (e.g. `Content-Language`, rate-limit headers). */
  responseHeaders: Headers;
};

export type OperationSpec<
  QS extends AnyObjectSchema | undefined,
  BS extends z.ZodType | undefined,
  PS extends AnyObjectSchema | undefined,
> = {
  method: HttpMethod;
  /** OpenAPI path relative to `/api/v3`, e.g. `/content/exercises/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: AuthPolicy;
  request?: { query?: QS; body?: BS; params?: PS; headers?: AnyObjectSchema };
  responses: Record<number, ResponseSpec>;
  /** Error outcomes this operation can produce; their responses are written from the error table. */
  errors?: ErrorCode[];
  /** The list filter allowlist: `filter[...]` is parsed with it and documented from it. */
  filter?: FilterSpec;
  /** Skips reading the body as JSON (multipart uploads read it themselves). */
  rawBody?: boolean;
  /** The documented media type(s) of a raw body (default multipart/form-data). */
  rawBodyType?: string | readonly string[];
  /** False for operations that must answer without opening the database (health). */
  usesDatabase?: boolean;
};

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export type Operation<
  QS extends AnyObjectSchema | undefined = AnyObjectSchema | undefined,
  BS extends z.ZodType | undefined = z.ZodType | undefined,
  PS extends AnyObjectSchema | undefined = AnyObjectSchema | undefined,
  C = unknown,
> = OperationSpec<QS, BS, PS> & {
  handle: (ctx: OperationContext<Infer<QS>, Infer<BS>, Infer<PS>, C>) => Promise<Response>;
};
