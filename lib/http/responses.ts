/** Response builders; every API response is JSON except 204 and file bytes. */

const BODY_TEXTS_KEY = Symbol.for("fcs.responseBodyTexts");
// On `globalThis`: Next.js may load this module in more than one bundle of the same process.
type BodyTextsHolder = { [BODY_TEXTS_KEY]?: WeakMap<Response, string | Uint8Array> };

function bodyTexts(): WeakMap<Response, string | Uint8Array> {
  const holder = globalThis as BodyTextsHolder;
  holder[BODY_TEXTS_KEY] ??= new WeakMap();
  return holder[BODY_TEXTS_KEY];
}

/** What `Response` answers for a string body without a `Content-Type` of its own. */
const TEXT_CONTENT_TYPE = "text/plain;charset=UTF-8";
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * A `Response` that keeps its whole body as the string or bytes it was made with, and makes the web
 * stream of that body only when something reads it (Next.js's route handling, `text()`, `json()`,
 * `clone()` …). Node 20 builds a stream for every body given to `Response`, about ten microseconds
 * and garbage per response, which the lean path never reads: it writes the body itself
 * (`bodyOf`; docs/benchmarks.md, 2026-11-29). Status, headers and what the body reads as are those
 * of `new Response(body, init)`.
 */
class WholeBodyResponse extends Response {
  readonly whole: string | Uint8Array;
  /** The response that reads the body, made on first use. */
  private reader: Response | undefined;

  constructor(body: string | Uint8Array, init: { status?: number; headers?: Headers }) {
    super(null, init);
    this.whole = body;
    if (typeof body === "string" && !this.headers.has("content-type")) this.headers.set("Content-Type", TEXT_CONTENT_TYPE);
  }

  readerOfBody(): Response {
    this.reader ??= new Response(this.whole as BodyInit, { status: this.status, statusText: this.statusText, headers: this.headers });
    return this.reader;
  }

  override clone(): Response {
    if (this.bodyUsed) return this.readerOfBody().clone();
    return new WholeBodyResponse(this.whole, { status: this.status, headers: new Headers(this.headers) });
  }
}
// Accessors over what `Response` declares as properties (TypeScript forbids overriding those in the class body).
Object.defineProperties(WholeBodyResponse.prototype, {
  body: {
    get(this: WholeBodyResponse) {
      return this.readerOfBody().body;
    },
  },
  bodyUsed: {
    get(this: WholeBodyResponse) {
      return (this as unknown as { reader?: Response }).reader?.bodyUsed ?? false;
    },
  },
});
for (const method of ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const) {
  if (typeof (Response.prototype as unknown as Record<string, unknown>)[method] !== "function") continue;
  Object.defineProperty(WholeBodyResponse.prototype, method, {
    value(this: WholeBodyResponse) {
      return (this.readerOfBody() as unknown as Record<string, () => Promise<unknown>>)[method]!();
    },
  });
}

/**
 * A response whose whole body is `body`, which the lean path (lib/http/api-server.ts) writes to the
 * socket as it is instead of reading it back through the response's stream (docs/decisions/0025).
 */
export function bodyResponse(body: string | Uint8Array, init: { status?: number; headers?: Headers }): Response {
  // A status that has no body refuses one, as `Response` does.
  const response = NULL_BODY_STATUSES.has(init.status ?? 200) ? new Response(body as BodyInit, init) : new WholeBodyResponse(body, init);
  bodyTexts().set(response, body);
  return response;
}

/** The body a response was made with by `bodyResponse`, or undefined (a stream, a file, no body). */
export function bodyOf(response: Response): string | Uint8Array | undefined {
  return bodyTexts().get(response);
}

export function json(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return bodyResponse(JSON.stringify(data), { status: init.status ?? 200, headers });
}

export function noContent(headers?: HeadersInit): Response {
  return new Response(null, { status: 204, headers });
}

export function created(data: unknown, location: string, headers?: HeadersInit): Response {
  const all = new Headers(headers);
  all.set("Location", location);
  return json(data, { status: 201, headers: all });
}
