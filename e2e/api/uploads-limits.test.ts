import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";

let server: TestServer;
let editor: string;
beforeAll(async () => {
  server = await startTestServer({ env: { UPLOAD_MAX_MB: "1" } });
  editor = (await loginAs(server, "alphaEditor")).token;
});
afterAll(async () => {
  await server?.stop();
});

const MB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const tooLarge = { code: "413", message: "/file: exceeds the upload limit of 1 MB", details: [{ path: "/file", message: "exceeds the upload limit of 1 MB" }] };

function multipart(file: Buffer, boundary: string): { head: Buffer; tail: Buffer } {
  return {
    head: Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

function storedFiles(): string[] {
  const root = path.join(server.dataDir, "storage");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe("the upload limit (UPLOAD_MAX_MB=1)", () => {
  it("refuses a body whose declared length is over the limit before reading it", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(MB + 100)]))]), "big.png");
    const response = await fetch(`${server.apiUrl}/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    expect(storedFiles()).toEqual([]);
  });

  it("stops reading a streamed body without a length as soon as the file passes the limit", async () => {
    const boundary = "----limit-test";
    const { head, tail } = multipart(Buffer.alloc(0), boundary);
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    const total = 8 * MB;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(Buffer.concat([head, PNG_SIGNATURE])));
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(new Uint8Array(tail));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const response = await fetch(`${server.apiUrl}/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${editor}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    // The server answered long before the client could send everything.
    expect(sent).toBeLessThan(total);
    expect(storedFiles()).toEqual([]);
  });

  it("accepts a file just under the limit", async () => {
    const form = new FormData();
    const file = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(MB - 12)]);
    form.append("file", new Blob([new Uint8Array(file)]), "exact.mp4");
    const response = await fetch(`${server.apiUrl}/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ mime: "video/mp4", metadata: { size: MB } });
  });
});
