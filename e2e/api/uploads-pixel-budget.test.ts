import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiFetch, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Images small on disk and huge in pixels (docs/api.md, "Uploads"): the pixel budget is checked from
 * the headers before anything is decoded, and what is within it is decoded without taking the
 * server's memory or its event loop.
 */
let server: TestServer;
let editor: string;
beforeAll(async () => {
  server = await startTestServer();
  editor = (await loginAs(server, "alphaEditor")).token;
});
afterAll(async () => {
  await server?.stop();
});

const MB = 1024 * 1024;

/** A 1-bit BMP, black and white stripes (32 MB for 16000 × 16000). */
function bitmap1(width: number, height: number): Buffer {
  const stride = Math.floor((width + 31) / 32) * 4;
  const file = Buffer.alloc(62 + stride * height, 0b11001100);
  file.fill(0, 0, 62);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(62, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(1, 28);
  file.writeUInt32LE(2, 46);
  file.set([255, 255, 255, 0], 58);
  return file;
}

async function upload(file: Buffer, filename: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), filename);
  const response = await apiFetch(server, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { url: string } };
}

/** The server process's resident memory now, and its peak so far, in bytes (Linux). */
function memoryOfServer(): { resident: number; peak: number } {
  const status = readFileSync(`/proc/${server.process.pid}/status`, "utf8");
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)![1]) * 1024;
  return { resident: kilobytes("VmRSS"), peak: kilobytes("VmHWM") };
}

describe("the pixel budget", () => {
  it("refuses a 32 MB 1-bit BMP of 16000 × 16000 from its headers, with the budget in the message", async () => {
    const before = memoryOfServer();
    const file = bitmap1(16_000, 16_000);
    expect(file.length).toBe(62 + 2000 * 16_000);
    const response = await upload(file, "bomb.bmp");
    const message = "the image has 256,000,000 pixels (16,000 × 16,000); at most 50,000,000 are allowed";
    expect(response).toEqual({ status: 422, body: { code: "422", message: `/file: ${message}`, details: [{ path: "/file", message }] } });
    // Nothing was decoded: the process grew by the file it received, not by a gigabyte of pixels.
    expect(memoryOfServer().peak - before.resident).toBeLessThan(256 * MB);
  });

  it("decodes an image within the budget while other requests are answered, in bounded memory", async () => {
    // 7000 × 7000 = 49 million pixels, 6 MB on disk: as RGBA it would be 187 MB.
    const record = await upload(bitmap1(7_000, 7_000), "large.bmp");
    expect(record.status).toBe(201);
    expect(record.body).toMatchObject({ mime: "image/bmp", metadata: { width: 7000, height: 7000 } });
    const before = memoryOfServer();

    // The square crop is the whole image; its thumbnail decodes all 49 million pixels.
    const url = new URL(record.body.url);
    url.searchParams.set("style", "square");
    url.searchParams.set("size", "l");
    let isRendered = false;
    const thumbnail = fetch(url).then(async (response) => {
      const bytes = Buffer.from(await response.arrayBuffer());
      isRendered = true;
      return { status: response.status, type: response.headers.get("content-type"), bytes };
    });
    let answeredMeanwhile = 0;
    while (!isRendered) {
      const health = await apiFetch(server, `/health`);
      expect(health.status).toBe(200);
      if (!isRendered) answeredMeanwhile += 1;
    }
    const rendered = await thumbnail;
    expect(rendered.status).toBe(200);
    expect(rendered.type).toBe("image/png");
    expect(await sharp(rendered.bytes).metadata()).toMatchObject({ format: "png", width: 2800, height: 2800 });
    expect(answeredMeanwhile).toBeGreaterThan(0);
    console.log("MEMORY", JSON.stringify({ before, after: memoryOfServer(), answeredMeanwhile }));
    expect(memoryOfServer().peak - before.resident).toBeLessThan(512 * MB);
  });
});
