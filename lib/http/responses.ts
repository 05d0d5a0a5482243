/** Response builders; every API response is JSON except 204 and file bytes. */
export function json(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(data), { status: init.status ?? 200, headers });
}

export function noContent(headers?: HeadersInit): Response {
  return new Response(null, { status: 204, headers });
}

export function created(data: unknown, location: string, headers?: HeadersInit): Response {
  const all = new Headers(headers);
  all.set("Location", location);
  return json(data, { status: 201, headers: all });
}
