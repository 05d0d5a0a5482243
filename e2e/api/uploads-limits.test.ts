import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFetch, loginAs } from "../support/api";
import { RawConnection } from "../support/raw-http";
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

describe("the upload limit (UPLOAD_MAX_MB=1)", () => {
  it("refuses a body whose declared length is over the limit before reading it", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(Buffer.concat([PNG_SIGNATURE, Buffer.alloc(MB + 100)]))]), "big.png");
    const response = await apiFetch(server, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    expect(await server.storedKeys()).toEqual([]);
  });

  it("stops reading a streamed body without a length as soon as the file passes the limit", async () => {
    const boundary = "----limit-test";
    const { head, tail } = multipart(Buffer.alloc(0), boundary);
    const chunk = Buffer.alloc(64 * 1024, 7);
    let sent = 0;
    // Far more than the limit, the 1 MB of a refused body the server still reads, and what the
    // sockets' buffers on both sides hold.
    const total = 16 * MB;
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
    const response = await apiFetch(server, `/uploads`, {
      method: "POST",
      headers: { Authorization: `Bearer ${editor}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual(tooLarge);
    // The server answered long before the client could send everything.
    expect(sent).toBeLessThan(total);
    expect(await server.storedKeys()).toEqual([]);
  });

  it("accepts a file just under the limit", async () => {
    const form = new FormData();
    const file = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(MB - 12)]);
    form.append("file", new Blob([new Uint8Array(file)]), "exact.mp4");
    const response = await apiFetch(server, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ mime: "video/mp4", metadata: { size: MB } });
  });

  describe("on a kept-alive connection", () => {
    const boundary = "----keep-alive-test";
    /** A chunked multipart upload of a PNG-looking file of `size` bytes, head and tail included. */
    function sendUpload(connection: RawConnection, size: number): void {
      const { head, tail } = multipart(Buffer.alloc(0), boundary);
      connection.write(
        `POST /api/v3/uploads HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${editor}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nTransfer-Encoding: chunked\r\n\r\n`,
      );
      const body = Buffer.concat([head, PNG_SIGNATURE, Buffer.alloc(size, 7), tail]);
      connection.write(`${body.length.toString(16)}\r\n`);
      connection.write(body);
      connection.write("\r\n0\r\n\r\n");
    }
    const port = () => Number(new URL(server.baseUrl).port);

    it("a file far over the limit: 413 with Connection: close, and the connection is closed", async () => {
      const filesBefore = await server.storedKeys();
      const connection = await RawConnection.open(port());
      sendUpload(connection, 4 * MB);
      const first = await connection.nextResponse();
      expect(first).toMatchObject({ status: 413, headers: { connection: "close" } });
      expect(JSON.parse((first as { body: string }).body)).toEqual(tooLarge);
      connection.write("GET /api/v3/health HTTP/1.1\r\nHost: test\r\n\r\n");
      expect(await connection.nextResponse()).toBe("closed");
      expect(await server.storedKeys()).toEqual(filesBefore);
    });

    it("a file a little over the limit: 413, and the same connection answers the next request", async () => {
      const filesBefore = await server.storedKeys();
      const connection = await RawConnection.open(port());
      sendUpload(connection, 1.5 * MB);
      const first = await connection.nextResponse();
      expect(first).toMatchObject({ status: 413, headers: { connection: "keep-alive" } });
      expect(JSON.parse((first as { body: string }).body)).toEqual(tooLarge);
      connection.write("GET /api/v3/health HTTP/1.1\r\nHost: test\r\n\r\n");
      const second = await connection.nextResponse();
      connection.end();
      expect(second).toMatchObject({ status: 200 });
      expect(await server.storedKeys()).toEqual(filesBefore);
    });
  });
});
