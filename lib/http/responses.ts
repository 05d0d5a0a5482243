/** Response builders; every API response is JSON except 204 and file bytes. */

const BODY_TEXTS_KEY = Symbol.for("fcs.responseBodyTexts");
// On `globalThis`: Next.js may load this module in more than one bundle of the same process.
type BodyTextsHolder = { [BODY_TEXTS_KEY]?: WeakMap<Response, string | Uint8Array> };

function bodyTexts(): WeakMap<Response, string | Uint8Array> {
  const holder = globalThis as BodyTextsHolder;
  holder[BODY_TEXTS_KEY] ??= new WeakMap();
  return holder[BODY_TEXTS_KEY];
}

/**
 * A response whose whole body is `body`, which the lean path (lib/http/api-server.ts) writes to the
 * socket as it is instead of reading it back through the response's stream (docs/decisions/0025).
 */
export function bodyResponse(body: string | Uint8Array, init: { status?: number; headers?: Headers }): Response {
  const response = new Response(body as BodyInit, init);
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
