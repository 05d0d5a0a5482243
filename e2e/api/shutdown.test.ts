import { afterEach, describe, expect, it } from "vitest";
import { loginAs } from "../support/api";
import { RawConnection } from "../support/raw-http";
import { startTestServer, type TestServer } from "../support/server";

/**
 * SIGTERM (docs/deployment.md, "Jobs"): the server stops taking connections, finishes the requests in
 * flight, stops its job runner and exits 0.
 */
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function exitCode(server: TestServer): Promise<number | null> {
  const child = server.process;
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function waitForOutput(server: TestServer, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`the server did not print "${text}":\n${server.output()}`);
    await sleep(50);
  }
}

describe("stopping a server with SIGTERM", () => {
  it("refuses new connections, finishes an upload in flight, and exits 0", async () => {
    const server = await startTestServer({ env: { LOG_LEVEL: "info" } });
    servers.push(server);
    const editor = (await loginAs(server, "alphaEditor")).token;
    const port = Number(new URL(server.baseUrl).port);
    const boundary = "----shutdown-test";
    const file = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(256 * 1024, 3)]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const connection = await RawConnection.open(port);
    connection.write(
      `POST /api/v3/uploads HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer ${editor}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    // Half the body now, the rest once the server has been told to stop.
    connection.write(body.subarray(0, body.length / 2));
    await sleep(300);

    server.process.kill("SIGTERM");
    await waitForOutput(server, "SIGTERM received");
    await expect(fetch(`${server.apiUrl}/health`)).rejects.toThrow();

    connection.write(body.subarray(body.length / 2));
    const response = await connection.nextResponse();
    expect(response).toMatchObject({ status: 201 });
    expect(JSON.parse((response as { body: string }).body)).toMatchObject({ mime: "video/mp4", metadata: { size: file.length } });
    expect(await exitCode(server)).toBe(0);
    expect(server.output()).toContain('"message":"job runner stopped"');
  });
});
