import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFetch, call, loginAs } from "../support/api";
import { S3RVER_KEYS, startS3Server, type TestS3Server } from "../support/s3-server";
import { startTestServer, type TestServer } from "../support/server";

/**
 * The object store fails: the server answers 503 with a message for people, keeps no record of a
 * file it could not store, and names no credential. Against a real S3 API server that this file
 * starts, stops and restarts.
 */
let s3: TestS3Server;
let server: TestServer;
let editor: string;
beforeAll(async () => {
  s3 = await startS3Server({ bucket: "faults" });
  server = await startTestServer({ storage: "local", env: s3.env });
  editor = (await loginAs(server, "alphaEditor")).token;
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

const refusedWrite = { code: "503", message: "the file store refused to store the file; try again later" };
const unavailable = { code: "503", message: "the file store is unavailable; try again later" };

const png = (seed: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed, g: 80, b: 160 } } }).png().toBuffer();

async function upload(file: Buffer, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), filename);
  const response = await apiFetch(server, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { id: string; url: string } };
}

async function recordedNames(): Promise<string[]> {
  const response = await call<{ total: number; data: Array<{ name: string }> }>(server, "GET", "/uploads?limit=100", { token: editor });
  expect(response.status).toBe(200);
  return response.body.data.map((record) => record.name).sort();
}

async function readiness() {
  const response = await apiFetch(server, `/health/ready`);
  return { status: response.status, body: await response.json() };
}

/** Runs `during` while the store does not answer at all, then brings it back. */
async function whileStoreIsDown(during: () => Promise<void>): Promise<void> {
  await s3.halt();
  try {
    await during();
  } finally {
    await s3.resume();
  }
}

describe("an object store that does not answer", () => {
  it("gets an upload 503, leaves no record and no object, and the same upload succeeds once it is back", async () => {
    const namesBefore = await recordedNames();
    const keysBefore = await s3.listKeys();
    const file = await png(10);
    await whileStoreIsDown(async () => {
      const refused = await upload(file, "down.png");
      expect(refused).toEqual({ status: 503, body: refusedWrite });
      expect(await recordedNames()).toEqual(namesBefore);
      expect(await readiness()).toEqual({ status: 503, body: { status: "unavailable", checks: { database: "ok", storage: "unavailable", jobs: "ok" } } });
    });
    expect(await s3.listKeys()).toEqual(keysBefore);
    expect(await readiness()).toEqual({ status: 200, body: { status: "ready", checks: { database: "ok", storage: "ok", jobs: "ok" } } });

    const stored = await upload(file, "down.png");
    expect(stored.status).toBe(201);
    expect(await recordedNames()).toEqual([...namesBefore, "down.png"].sort());
    const served = await fetch(stored.body.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
  });

  it("answers reads of originals and thumbnails with 503, not an error page or a broken body", async () => {
    const record = (await upload(await png(20), "read.png")).body;
    const thumbnail = new URL(record.url);
    thumbnail.searchParams.set("style", "square");
    thumbnail.searchParams.set("size", "xs");
    await whileStoreIsDown(async () => {
      for (const address of [record.url, thumbnail.toString()]) {
        const response = await fetch(address);
        expect(response.status).toBe(503);
        expect(response.headers.get("cache-control")).toBe("no-store");
        expect(await response.json()).toEqual(unavailable);
      }
    });
    expect((await fetch(thumbnail)).status).toBe(200);
  });

  it("never puts the store's credentials in a response or a log line", async () => {
    const output = server.output();
    expect(output).toContain('"message":"the object store failed"');
    expect(output).not.toContain(S3RVER_KEYS.secretAccessKey);
    expect(output).not.toContain(S3RVER_KEYS.accessKeyId);
  });
});

describe("a file stored but then refused", () => {
  it("is removed again: an image that cannot be read gets 422, and neither a record nor an object remains", async () => {
    const namesBefore = await recordedNames();
    // Thumbnails of the earlier uploads may still arrive from their jobs; no other object may.
    const keysOtherThanThumbnails = async () => (await s3.listKeys()).filter((key) => !key.includes("/thumbnails/"));
    const keysBefore = await keysOtherThanThumbnails();
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 1)]);
    const response = await upload(broken, "broken.png");
    expect(response.status).toBe(422);
    expect(await recordedNames()).toEqual(namesBefore);
    expect(await keysOtherThanThumbnails()).toEqual(keysBefore);
  });
});

describe("an object store that refuses writes", () => {
  it("gets an upload 503 naming no bucket or key, and leaves no record", async () => {
    const client = new S3Client({ region: "us-east-1", endpoint: s3.endpoint, forcePathStyle: true, credentials: S3RVER_KEYS });
    try {
      // The bucket disappears under the server: the store answers every write with NoSuchBucket.
      const keys = await s3.listKeys();
      if (keys.length > 0) await client.send(new DeleteObjectsCommand({ Bucket: s3.bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }));
      await client.send(new DeleteBucketCommand({ Bucket: s3.bucket }));
      const namesBefore = await recordedNames();
      const refused = await upload(await png(30), "refused.png");
      expect(refused).toEqual({ status: 503, body: refusedWrite });
      expect(await recordedNames()).toEqual(namesBefore);
      expect((await readiness()).status).toBe(503);
      expect(server.output()).toContain('"reason":"NoSuchBucket (404)"');
    } finally {
      await client.send(new CreateBucketCommand({ Bucket: s3.bucket })).catch(() => undefined);
      client.destroy();
    }
    expect((await readiness()).status).toBe(200);
  });
});
