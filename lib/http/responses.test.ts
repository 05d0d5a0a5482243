import { describe, expect, it } from "vitest";
import { bodyOf, bodyResponse } from "./responses";

/**
 * `bodyResponse` makes the web stream of its body only when something reads it; whatever reads it
 * must see what `new Response(body, init)` gives.
 */
const cases: Record<string, { body: string | Uint8Array; status: number; headers: [string, string][] }> = {
  json: { body: JSON.stringify({ name: "Übung ✓", n: 1 }), status: 200, headers: [["Content-Type", "application/json; charset=utf-8"], ["ETag", '"a.1.x"']] },
  "text without a content type": { body: "{}", status: 404, headers: [["X-Request-Id", "r2"]] },
  bytes: { body: new Uint8Array([1, 2, 3, 250]), status: 200, headers: [["Content-Encoding", "gzip"]] },
  "empty string": { body: "", status: 201, headers: [["Location", "/x"]] },
};

const made = (name: string, ours: boolean) => {
  const { body, status, headers } = cases[name]!;
  const init = { status, headers: new Headers(headers) };
  return ours ? bodyResponse(body, init) : new Response(body as BodyInit, init);
};

describe("bodyResponse", () => {
  for (const name of Object.keys(cases)) {
    it(`reads as new Response(body, init) does: ${name}`, async () => {
      const [ours, theirs] = [made(name, true), made(name, false)];
      expect(ours).toBeInstanceOf(Response);
      expect([ours.status, ours.ok, [...ours.headers]]).toEqual([theirs.status, theirs.ok, [...theirs.headers]]);
      expect(ours.bodyUsed).toBe(false);
      expect(Buffer.from(await ours.arrayBuffer())).toEqual(Buffer.from(await theirs.arrayBuffer()));
      expect(ours.bodyUsed).toBe(true);
      await expect(ours.text()).rejects.toThrow(TypeError);
      expect(() => ours.clone()).toThrow(TypeError);
      expect(bodyOf(ours)).toBe(cases[name]!.body);
    });
  }

  it("streams its body to whatever reads the stream, once", async () => {
    const response = made("json", true);
    const chunks: Uint8Array[] = [];
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(Buffer.concat(chunks).toString()).toBe(cases.json!.body);
    expect(response.body).toBe(response.body);
    expect(response.bodyUsed).toBe(true);
  });

  it("clones into a response with the same status, headers and body, read independently", async () => {
    const response = made("json", true);
    response.headers.set("X-Request-Id", "r1");
    const copy = response.clone();
    expect(await copy.json()).toEqual({ name: "Übung ✓", n: 1 });
    expect([copy.status, copy.headers.get("x-request-id"), copy.headers.get("etag")]).toEqual([200, "r1", '"a.1.x"']);
    expect(await response.text()).toBe(cases.json!.body);
  });

  it("sees headers set after it was made, as the wrapper sets X-Request-Id", async () => {
    const response = made("json", true);
    response.headers.set("X-Request-Id", "r9");
    expect(await new Response(response.body, response).text()).toBe(cases.json!.body);
    expect(response.headers.get("x-request-id")).toBe("r9");
  });

  it("refuses a body for a status that has none, as Response does", () => {
    expect(() => bodyResponse("x", { status: 204 })).toThrow(TypeError);
  });
});
