import { createHash, randomBytes } from "node:crypto";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { expectWithin, startTestCluster, type TestCluster } from "../support/cluster";

/**
 * `npm run cluster`'s topology (two servers and a worker on PostgreSQL, an S3 API server, Redis when
 * it answers, the round-robin proxy): the servers are interchangeable. Each keeps its own data
 * directory, so whatever one serves of the other's work came through the shared engines.
 */
let test: TestCluster;

beforeAll(async () => {
  test = await startTestCluster();
});
afterAll(async () => {
  await test?.stop();
});

async function storedKeys(prefix: string): Promise<string[]> {
  const { env, bucket } = test.cluster.s3;
  // As in the driver (lib/storage/s3-storage.ts): the SDK's Node 20 notice, once per process.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const client = new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  });
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])).sort();
  } finally {
    client.destroy();
  }
}

describe("the cluster's servers share their state", () => {
  it("an upload made through one server is served, original and thumbnail, by the other, from the object store", async () => {
    const [one, two] = test.servers as [TestCluster["proxy"], TestCluster["proxy"]];
    const editor = (await loginAs(one, "alphaEditor")).token;
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(image)]), "cluster.png");
    const created = await fetch(`${one.apiUrl}/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(created.status).toBe(201);
    const record = (await created.json()) as { id: string; url: string };
    // Signed addresses point at the proxy: the address clients use.
    const address = new URL(record.url);
    expect(address.origin).toBe(new URL(test.cluster.url).origin);

    const original = await fetch(`${two.baseUrl}${address.pathname}${address.search}`);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(image)).toBe(true);

    // A job on one of the cluster's runners renders the four crop formats into the bucket; the
    // other server serves them from there without rendering.
    const stylesMade = async () => new Set((await storedKeys("")).filter((key) => key.includes(`/${record.id}/thumbnails/`)).map((key) => key.split("/").at(-2))).size;
    for (const deadline = Date.now() + 60_000; (await stylesMade()) < 4; await new Promise((resolve) => setTimeout(resolve, 200))) {
      if (Date.now() > deadline) throw new Error(`the upload's thumbnails were not made within 60 s:\n${test.output()}`);
    }
    const made = new URL(address);
    made.searchParams.set("style", "portrait");
    const madeByJob = await fetch(`${two.baseUrl}${made.pathname}${made.search}`);
    expect({ status: madeByJob.status, cache: madeByJob.headers.get("x-thumbnail-cache") }).toEqual({ status: 200, cache: "hit" });

    // A size no job made: rendered by the server asked, then served by the other from the bucket.
    const thumbnail = new URL(address);
    thumbnail.searchParams.set("style", "square");
    thumbnail.searchParams.set("size", "xs");
    const rendered = await fetch(`${two.baseUrl}${thumbnail.pathname}${thumbnail.search}`);
    expect({ status: rendered.status, cache: rendered.headers.get("x-thumbnail-cache") }).toEqual({ status: 200, cache: "miss" });
    expect((await sharp(Buffer.from(await rendered.arrayBuffer())).metadata()).width).toBe(440);
    // The thumbnail the second server made is the first one's too, without rendering it again.
    const cached = await fetch(`${one.baseUrl}${thumbnail.pathname}${thumbnail.search}`);
    expect({ status: cached.status, cache: cached.headers.get("x-thumbnail-cache") }).toEqual({ status: 200, cache: "hit" });

    // Both live in the bucket, not in either server's directory.
    const keys = (await storedKeys("")).filter((key) => key.includes(`/${record.id}/`));
    expect(keys.some((key) => key.endsWith(`/${record.id}/original`))).toBe(true);
    expect(keys.some((key) => key.includes(`/${record.id}/thumbnails/square/`))).toBe(true);
  });

  it("a resumable upload started on one server goes on and finishes on the other, its bytes in the bucket", async () => {
    const [one, two] = test.servers as [TestCluster["proxy"], TestCluster["proxy"]];
    const editor = (await loginAs(one, "alphaEditor")).token;
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.from([0, 0, 2, 0]), Buffer.from("isommp41", "latin1")]);
    const file = Buffer.concat([ftyp, randomBytes(6 * 1024 * 1024)]);
    const tus = (base: string, method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
      fetch(`${base}${path}`, { method, headers: { "Tus-Resumable": "1.0.0", Authorization: `Bearer ${editor}`, ...headers }, body: body ? new Uint8Array(body) : undefined });
    const created = await tus(one.apiUrl, "POST", "/uploads/resumable", { "Upload-Length": String(file.length), "Upload-Metadata": `filename ${Buffer.from("class.mp4").toString("base64")}` });
    expect(created.status).toBe(201);
    const id = created.headers.get("location")!.split("/").pop()!;
    const octets = { "Content-Type": "application/offset+octet-stream" };
    const half = file.length / 2;
    expect((await tus(one.apiUrl, "PATCH", `/uploads/resumable/${id}`, { ...octets, "Upload-Offset": "0" }, file.subarray(0, half))).status).toBe(204);
    const head = await tus(two.apiUrl, "HEAD", `/uploads/resumable/${id}`, {});
    expect(head.headers.get("upload-offset")).toBe(String(half));
    const rest = await tus(two.apiUrl, "PATCH", `/uploads/resumable/${id}`, { ...octets, "Upload-Offset": String(half) }, file.subarray(half));
    expect(rest.status).toBe(204);
    const record = await call<{ url: string }>(one, "GET", `/uploads/${id}`, { token: editor });
    expect(new URL(record.body.url).searchParams.get("v")).toBe(createHash("md5").update(file).digest("hex"));
    expect((await storedKeys("")).some((key) => key.endsWith(`/${id}/original`))).toBe(true);
  });

  it("a login revoked through one server is refused by the other within a second", async () => {
    const [one, two] = test.servers as [TestCluster["proxy"], TestCluster["proxy"]];
    const pair = await loginAs(one, "alphaAdmin");
    expect((await call(two, "GET", "/users", { token: pair.token })).status).toBe(200);
    expect((await call(one, "POST", "/auth/token/revoke", { body: { refresh_token: pair.refresh_token } })).status).toBe(204);
    await expectWithin(1_000, async () => (await call(two, "GET", "/users", { token: pair.token })).status === 401);
    expect((await call(two, "GET", "/users", { token: pair.token })).body).toEqual({ code: "401", message: "the token has been revoked" });
  });

  it("an integration token deleted through one server is refused by the other within a second", async () => {
    const [one, two] = test.servers as [TestCluster["proxy"], TestCluster["proxy"]];
    const admin = (await loginAs(two, "alphaAdmin")).token;
    const issued = await call<{ id: string; token: string }>(two, "POST", "/auth/integration", { token: admin, body: { name: "cluster" } });
    expect(issued.status).toBe(201);
    expect((await call(one, "GET", "/content/muscle-groups", { token: issued.body.token })).status).toBe(200);
    expect((await call(two, "DELETE", `/auth/integration/token/${issued.body.id}`, { token: admin })).status).toBe(204);
    await expectWithin(1_000, async () => (await call(one, "GET", "/content/muscle-groups", { token: issued.body.token })).status === 401);
  });

  it("the servers count one rate limit through Redis", async ({ skip }) => {
    if (!test.cluster.redisUrl) skip("no Redis answers on 127.0.0.1:6379");
    const [one, two] = test.servers as [TestCluster["proxy"], TestCluster["proxy"]];
    const token = (await loginAs(one, "betaAdmin")).token;
    // A fresh token has a bucket of its own; each request, on either server, takes one from it.
    // (A one-minute window may end between two requests: then the sequence starts again.)
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answers = [];
      for (const server of [one, two, one, two]) answers.push((await call(server, "GET", "/users", { token })).headers);
      const remaining = answers.map((headers) => Number(headers.get("ratelimit-remaining")));
      const resets = answers.map((headers) => Number(headers.get("ratelimit-reset")));
      if (resets.some((reset, index) => index > 0 && reset > resets[index - 1]!)) continue;
      expect(remaining.slice(1).map((value, index) => remaining[index]! - value)).toEqual([1, 1, 1]);
      return;
    }
    throw new Error("the rate limit window ended during every attempt");
  });

  it("the proxy spreads requests over both servers, and sends everything to the other when one stops", async () => {
    const before = test.cluster.proxy.backends().map((backend) => backend.requests);
    for (let i = 0; i < 6; i += 1) expect((await call(test.proxy, "GET", "/health")).status).toBe(200);
    const after = test.cluster.proxy.backends().map((backend) => backend.requests);
    expect(after.map((count, index) => count - before[index]!)).toEqual([3, 3]);

    const stopped = await test.cluster.servers[1]!.process.stop();
    // Stopped by SIGTERM, it finished cleanly.
    expect(stopped).toEqual({ code: 0, signal: null });
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await call(test.proxy, "GET", "/health")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it("stopping the cluster ends every process it started", async () => {
    const processes = [...test.cluster.servers.map((server) => server.process), ...test.cluster.workers, test.cluster.s3.process!];
    expect(processes.length).toBeGreaterThanOrEqual(4);
    await test.cluster.stop();
    for (const process of processes) expect(process.isRunning()).toBe(false);
    expect(processes.filter((child) => isAlive(child.pid)).map((child) => child.name)).toEqual([]);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
