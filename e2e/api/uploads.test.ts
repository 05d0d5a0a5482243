import { createHmac, randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeBmp24 } from "@/lib/uploads/bmp";
import { apiFetch, call, loginAs } from "../support/api";
import { jobsOf, waitForJob } from "../support/jobs";
import { startTestServer, type TestServer } from "../support/server";
import { TEST_SECRETS } from "../support/test-env";

type Crop = { x: number; y: number; width: number; height: number };
type Upload = {
  id: string;
  name: string;
  mime: string;
  url: string;
  created_at: string;
  updated_at: string;
  metadata?: { size?: number; width?: number; height?: number; animated?: boolean; formats?: Record<string, Crop> };
};

let server: TestServer;
let editor: string;
let translator: string;
let betaAdmin: string;
let alphaAdmin: string;
beforeAll(async () => {
  server = await startTestServer();
  [editor, translator, betaAdmin, alphaAdmin] = await Promise.all([
    loginAs(server, "alphaEditor").then((pair) => pair.token),
    loginAs(server, "alphaTranslator").then((pair) => pair.token),
    loginAs(server, "betaAdmin").then((pair) => pair.token),
    loginAs(server, "alphaAdmin").then((pair) => pair.token),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

// --- Files ---------------------------------------------------------------------------------------

const red = { r: 230, g: 20, b: 20 };
const blue = { r: 20, g: 20, b: 230 };

/** 1200×800: the left half red, the right half blue (to see which part a crop shows). */
async function twoColourImage(format: "jpeg" | "png" | "tiff", width = 1200, height = 800): Promise<Buffer> {
  const right = await sharp({ create: { width: width / 2, height, channels: 3, background: blue } }).png().toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: red } }).composite([{ input: right, left: width / 2, top: 0 }]);
  return image.toFormat(format).toBuffer();
}

async function animation(format: "gif" | "webp"): Promise<Buffer> {
  const frames = await Promise.all([red, blue, { r: 20, g: 200, b: 20 }].map((background) => sharp({ create: { width: 300, height: 200, channels: 3, background } }).png().toBuffer()));
  const joined = sharp(frames, { join: { animated: true } });
  return format === "gif" ? joined.gif({ delay: [100, 100, 100], loop: 0 }).toBuffer() : joined.webp({ delay: [100, 100, 100], loop: 0 }).toBuffer();
}

/** An ISO base media file: `ftyp` with the brand, then `mdat` with `payload` bytes. */
function isoMedia(brand: string, payload: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, "latin1"), Buffer.from([0, 0, 2, 0]), Buffer.from("isommp41", "latin1")]);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + payload, 0);
  mdatHeader.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdatHeader, randomBytes(payload)]);
}

function mp3(frames: number): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
  // MPEG-1 Layer III, 128 kbit/s, 44.1 kHz: 417-byte frames.
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat([id3, ...Array.from({ length: frames }, () => frame)]);
}

/** A PNG whose header claims `width`×`height` pixels (almost no image data): a decompression bomb's shape. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, "latin1"), data])));
    return Buffer.concat([length, Buffer.from(type, "latin1"), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.alloc(64))), chunk("IEND", Buffer.alloc(0))]);
}

// --- Helpers -------------------------------------------------------------------------------------

async function upload(token: string, file: Buffer, filename: string, name?: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file)]), filename);
  if (name !== undefined) form.append("name", name);
  const response = await apiFetch(server, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as Upload & Record<string, unknown> };
}

async function uploadOk(file: Buffer, filename: string, name?: string): Promise<Upload> {
  const response = await upload(editor, file, filename, name);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function fetchCdn(url: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(url, { headers, method });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get("content-type")?.startsWith("application/json");
  return { status: response.status, headers: response.headers, bytes, json: isJson && bytes.length > 0 ? (JSON.parse(bytes.toString()) as unknown) : undefined };
}

function withParams(url: string, params: Record<string, string | null>): string {
  const parsed = new URL(url);
  for (const [key, value] of Object.entries(params)) {
    if (value === null) parsed.searchParams.delete(key);
    else parsed.searchParams.set(key, value);
  }
  return parsed.toString();
}

/** A policy signed as the service does (docs/api.md "Uploads"), with any path and expiry. */
function signPolicy(policyPath: string, exp: number): string {
  const payload = Buffer.from(JSON.stringify({ path: policyPath, exp })).toString("base64url");
  const signature = createHmac("sha256", TEST_SECRETS.SECRET_KEY).update(`policy:${payload}`).digest("base64url");
  return `${payload}.${signature}`;
}

const STATIC_WIDTHS = { xs: 440, s: 680, m: 1400, l: 2800 } as const;
const ANIMATED_WIDTHS = { xs: 240, s: 360, m: 480, l: 600 } as const;
const RATIOS = { portrait: [2, 3], landscape: [7, 5], widescreen: [16, 9], square: [1, 1] } as const;
type Style = keyof typeof RATIOS;
const STYLES = Object.keys(RATIOS) as Style[];
const SIZES = ["xs", "s", "m", "l"] as const;

/** The stored objects of one upload, relative to its folder. */
const storedFilesOf = async (uploadId: string) =>
  (await server.storedKeys()).filter((key) => key.split("/")[1] === uploadId).map((key) => key.split("/").slice(2).join("/"));

// --- Tests ---------------------------------------------------------------------------------------

describe("POST /uploads", () => {
  it("stores an image with its type, size, dimensions, default crops and a signed url", async () => {
    const file = await twoColourImage("jpeg");
    const response = await upload(editor, file, "hero.jpg");
    expect(response.status).toBe(201);
    const record = response.body;
    expect(response.headers.get("location")).toBe(`/api/v3/uploads/${record.id}`);
    expect(response.headers.get("etag")).toMatch(/^"[0-9a-z]+"$/);
    expect(Object.keys(record).sort()).toEqual(["created_at", "id", "metadata", "mime", "name", "updated_at", "url"]);
    expect(record).toMatchObject({ name: "hero.jpg", mime: "image/jpeg" });
    expect(record.metadata).toEqual({
      size: file.length,
      width: 1200,
      height: 800,
      animated: false,
      formats: {
        portrait: { x: 333, y: 0, width: 533, height: 800 },
        landscape: { x: 40, y: 0, width: 1120, height: 800 },
        widescreen: { x: 0, y: 62, width: 1200, height: 675 },
        square: { x: 200, y: 0, width: 800, height: 800 },
      },
    });
    const url = new URL(record.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${server.baseUrl}/cdn/uploads/${record.id}/hero.jpg`);
    const { createHash } = await import("node:crypto");
    expect(url.searchParams.get("v")).toBe(createHash("md5").update(file).digest("hex"));
    const policy = JSON.parse(Buffer.from(url.searchParams.get("Policy")!.split(".")[0]!, "base64url").toString()) as { path: string; exp: number };
    expect(policy.path).toBe(`/uploads/${record.id}/hero.jpg`);
    expect(policy.exp * 1000).toBeGreaterThanOrEqual(Date.now() + 7 * 24 * 3600 * 1000 - 60_000);

    const original = await fetchCdn(record.url);
    expect(original.status).toBe(200);
    expect(original.bytes.equals(file)).toBe(true);
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(original.headers.get("x-request-id")).toBeTruthy();

    const fetched = await call<Upload>(server, "GET", `/uploads/${record.id}`, { token: translator });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(record);
  });

  it("sniffs the type from the bytes: a PNG named .jpg is stored as PNG", async () => {
    const png = await twoColourImage("png", 64, 48);
    const record = await uploadOk(png, "photo.jpg");
    expect(record).toMatchObject({ name: "photo.png", mime: "image/png" });
    expect(new URL(record.url).pathname).toBe(`/cdn/uploads/${record.id}/photo.png`);
    const original = await fetchCdn(record.url);
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(original.bytes.equals(png)).toBe(true);
  });

  it("takes the name from the `name` part, fixing its extension to the type", async () => {
    const record = await uploadOk(await twoColourImage("png", 64, 48), "IMG_0001.PNG", "Front squat (side).jpeg");
    expect(record.name).toBe("Front squat (side).png");
    const original = await fetchCdn(record.url);
    expect(original.status).toBe(200);
  });

  it.each([
    ["a BMP", () => encodeBmp24(40, 30, Buffer.alloc(40 * 30 * 3, 128)), "scan.bmp", { mime: "image/bmp", name: "scan.bmp", metadata: { width: 40, height: 30, animated: false } }],
    ["a TIFF", () => twoColourImage("tiff", 100, 60), "scan.tif", { mime: "image/tiff", name: "scan.tif", metadata: { width: 100, height: 60, animated: false } }],
    ["an animated GIF", () => animation("gif"), "loop.gif", { mime: "image/gif", name: "loop.gif", metadata: { width: 300, height: 200, animated: true } }],
    ["an animated WebP", () => animation("webp"), "loop.webp", { mime: "image/webp", name: "loop.webp", metadata: { width: 300, height: 200, animated: true } }],
    ["an mp4 video", async () => isoMedia("isom", 2000), "clip.mp4", { mime: "video/mp4", name: "clip.mp4", metadata: { size: 2032 } }],
    ["an m4a audio file", async () => isoMedia("M4A ", 1000), "track.m4a", { mime: "audio/mp4", name: "track.m4a", metadata: { size: 1032 } }],
    ["an mp3 audio file", async () => mp3(3), "song.mp3", { mime: "audio/mpeg", name: "song.mp3", metadata: { size: 1261 } }],
  ])("accepts %s", async (_, make, filename, expected) => {
    const record = await uploadOk(await make(), filename);
    expect(record).toMatchObject(expected);
    if (expected.mime.startsWith("image/")) expect(Object.keys(record.metadata!.formats!).sort()).toEqual(["landscape", "portrait", "square", "widescreen"]);
    else expect(Object.keys(record.metadata!)).toEqual(["size"]);
  });

  it("measures and crops a JPEG as it is displayed (EXIF orientation)", async () => {
    const rotated = await sharp(await twoColourImage("jpeg")).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const record = await uploadOk(rotated, "rotated.jpg");
    expect(record.metadata).toMatchObject({ width: 800, height: 1200, formats: { portrait: { x: 0, y: 0, width: 800, height: 1200 } } });
    const thumbnail = await fetchCdn(withParams(record.url, { style: "portrait" }));
    const metadata = await sharp(thumbnail.bytes).metadata();
    expect({ width: metadata.width, height: metadata.height, orientation: metadata.orientation }).toEqual({ width: 800, height: 1200, orientation: undefined });
    // The stored original keeps its bytes (and orientation tag) untouched.
    expect((await fetchCdn(record.url)).bytes.equals(rotated)).toBe(true);
  });

  const notAllowed =
    "is not an allowed type (jpg, jpeg, bmp, png, tif, tiff, gif, webp, mp4, mp3, m4a); the type is read from the file's content, not its name";
  it.each([
    ["a text file named .png", Buffer.from("This is plain text pretending to be an image.\n".repeat(20)), "notes.png", 422, { code: "422", message: `/file: ${notAllowed}`, details: [{ path: "/file", message: notAllowed }] }],
    ["a short text file", Buffer.from("hi"), "tiny.jpg", 422, { code: "422", message: `/file: ${notAllowed}`, details: [{ path: "/file", message: notAllowed }] }],
    ["a QuickTime movie named .mp4", isoMedia("qt  ", 100), "clip.mp4", 422, { code: "422", message: `/file: ${notAllowed}`, details: [{ path: "/file", message: notAllowed }] }],
    ["an empty file", Buffer.alloc(0), "empty.png", 422, { code: "422", message: "/file: is empty", details: [{ path: "/file", message: "is empty" }] }],
    [
      "a PNG signature on broken data",
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(200)]),
      "broken.png",
      422,
      { code: "422", message: "/file: the file looks like PNG but cannot be read as an image", details: [{ path: "/file", message: "the file looks like PNG but cannot be read as an image" }] },
    ],
    [
      "an image of 400 million pixels",
      pngHeaderOnly(20_000, 20_000),
      "bomb.png",
      422,
      {
        code: "422",
        message: "/file: the image has 400,000,000 pixels (20,000 × 20,000); at most 50,000,000 are allowed",
        details: [{ path: "/file", message: "the image has 400,000,000 pixels (20,000 × 20,000); at most 50,000,000 are allowed" }],
      },
    ],
  ])("refuses %s", async (_, file, filename, status, expected) => {
    const response = await upload(editor, file, filename);
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expected);
  });

  it("refuses a body without a file, a bad name and a body that is not multipart", async () => {
    const form = new FormData();
    form.append("name", "x.png");
    const noFile = await apiFetch(server, `/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ code: "400", message: "/file: is required", details: [{ path: "/file", message: "is required" }] });

    const badName = await upload(editor, await twoColourImage("png", 16, 16), "a.png", "a/b.png");
    expect(badName.status).toBe(422);
    expect(badName.body).toEqual({ code: "422", message: "/name: must not contain slashes or control characters", details: [{ path: "/name", message: "must not contain slashes or control characters" }] });

    const json = await call(server, "POST", "/uploads", { token: editor, body: { file: "abc" } });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({ code: "415", message: "the body must be multipart/form-data with the file in the part 'file'" });
  });

  it("leaves no file behind for a refused upload", async () => {
    // Earlier uploads' jobs write files (thumbnails; a video's poster, an upload of its own, and its
    // streams): let them finish first, so that only this request could change what is stored.
    const writing = async () =>
      (await Promise.all(["uploads.thumbnails", "media.process"].map((task) => jobsOf(server, alphaAdmin, task)))).flat().filter((job) => ["created", "retry", "active"].includes(job.state)).length;
    await expect.poll(writing, { timeout: 60_000, interval: 200 }).toBe(0);
    const originals = async () => (await server.storedKeys()).filter((key) => !key.includes("/thumbnails/"));
    const before = await originals();
    const response = await upload(editor, Buffer.from("plain text ".repeat(1000)), "x.png");
    expect(response.status).toBe(422);
    // The answer may go out while the write being abandoned still removes its temporary file.
    await expect.poll(originals, { timeout: 10_000, interval: 100 }).toEqual(before);
  });

  it.each([
    ["a translator", () => translator, 403, { code: "403", message: "insufficient privileges" }],
    ["no token", () => "", 401, { code: "401", message: "authentication required: send 'Authorization: Bearer <token>'" }],
  ])("refuses %s", async (_, token, status, expected) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await twoColourImage("png", 16, 16))]), "a.png");
    const headers: Record<string, string> = token() ? { Authorization: `Bearer ${token()}` } : {};
    const response = await apiFetch(server, `/uploads`, { method: "POST", headers, body: form });
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ code: expected.code });
  });

  it("refuses mobile tokens", async () => {
    const mobile = (await loginAs(server, "alphaMember", "mobile")).token;
    const response = await upload(mobile, await twoColourImage("png", 16, 16), "a.png");
    expect(response.status).toBe(403);
    const list = await call(server, "GET", "/uploads", { token: mobile });
    expect(list.status).toBe(403);
  });
});

describe("GET /uploads", () => {
  it("lists the organization's uploads, newest first, with paging and filters", async () => {
    const mine = await uploadOk(await twoColourImage("png", 32, 32), "list-a.png");
    const second = await uploadOk(await twoColourImage("png", 32, 32), "list-b.png");
    const theirs = await upload(betaAdmin, await twoColourImage("png", 32, 32), "beta-only.png");
    expect(theirs.status).toBe(201);

    const all = await call<{ total: number; data: Upload[] }>(server, "GET", "/uploads?filter[limit]=250", { token: translator });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(all.body.data.length);
    expect(all.body.data.map((item) => item.name)).not.toContain("beta-only.png");
    expect(all.body.data.slice(0, 2).map((item) => item.id)).toEqual([second.id, mine.id]);
    expect(all.body.data[0]).toEqual(second);

    const page = await call<{ total: number; data: Upload[] }>(server, "GET", "/uploads?filter[limit]=1&filter[offset]=1", { token: editor });
    expect(page.body).toEqual({ total: all.body.total, data: [mine] });

    const ascending = await call<{ data: Upload[] }>(server, "GET", "/uploads?filter[order][created]=asc&filter[limit]=250", { token: editor });
    expect(ascending.body.data.map((item) => item.id)).toEqual(all.body.data.map((item) => item.id).reverse());

    const named = await call<{ total: number; data: Upload[] }>(server, "GET", "/uploads?filter[where][name][contains]=list-", { token: editor });
    expect(named.body.data.map((item) => item.name).sort()).toEqual(["list-a.png", "list-b.png"]);
    const videos = await call<{ data: Upload[] }>(server, "GET", "/uploads?filter[where][mime][in]=video/mp4,audio/mpeg", { token: editor });
    expect(new Set(videos.body.data.map((item) => item.mime))).toEqual(new Set(["video/mp4", "audio/mpeg"]));

    const beta = await call<{ total: number; data: Upload[] }>(server, "GET", "/uploads?filter[limit]=250", { token: betaAdmin });
    expect(beta.body.data[0]).toEqual(theirs.body);
    expect(beta.body.total).toBe(beta.body.data.length);
    const alphaIds = new Set(all.body.data.map((item) => item.id));
    expect(beta.body.data.filter((item) => alphaIds.has(item.id))).toEqual([]);
  });

  it("answers a bad filter with 400", async () => {
    const response = await call(server, "GET", "/uploads?filter[where][size][gte]=3", { token: editor });
    expect(response.status).toBe(400);
    expect((response.body as { details: { path: string }[] }).details[0]!.path).toBe("filter[where][size][gte]");
  });
});

describe("another organization's upload", () => {
  it("is not found for reads, changes, deletes or thumbnails through the API", async () => {
    const record = await uploadOk(await twoColourImage("png", 32, 32), "private.png");
    const notFound = { code: "404", message: "upload not found" };
    for (const [method, body] of [["GET", undefined], ["PATCH", { name: "stolen.png" }], ["DELETE", undefined]] as const) {
      const response = await call(server, method, `/uploads/${record.id}`, { token: betaAdmin, body });
      expect(response.status, method).toBe(404);
      expect(response.body).toEqual(notFound);
    }
    expect((await call(server, "GET", `/uploads/${record.id}`, { token: editor })).status).toBe(200);
  });
});

describe("PATCH /uploads/{id}", () => {
  let image: Upload;
  beforeAll(async () => {
    image = await uploadOk(await twoColourImage("png"), "crops.png");
  });

  it("renames (keeping the type's extension) and gives the upload a new address", async () => {
    const response = await call<Upload>(server, "PATCH", `/uploads/${image.id}`, { token: editor, body: { name: "Renamed hero.gif" } });
    expect(response.status).toBe(200);
    expect(response.body.name).toBe("Renamed hero.png");
    expect(new URL(response.body.url).pathname).toBe(`/cdn/uploads/${image.id}/Renamed%20hero.png`);
    expect((await fetchCdn(response.body.url)).status).toBe(200);
    image = response.body;
  });

  it("changes crops, and the thumbnails follow at once under a new address", async () => {
    const before = await fetchCdn(withParams(image.url, { style: "square", size: "xs" }));
    expect(before.status).toBe(200);
    // The default square crop straddles both halves; the new one shows only the red half.
    const response = await call<Upload>(server, "PATCH", `/uploads/${image.id}`, {
      token: editor,
      body: { metadata: { formats: { square: { x: 0, y: 0, width: 600, height: 600 }, widescreen: { x: 600, y: 100, width: 600, height: 338 } } } },
    });
    expect(response.status).toBe(200);
    expect(response.body.metadata!.formats).toEqual({ ...image.metadata!.formats, square: { x: 0, y: 0, width: 600, height: 600 }, widescreen: { x: 600, y: 100, width: 600, height: 338 } });
    expect(response.body.url).not.toBe(image.url);
    expect(new URL(response.body.url).searchParams.get("v")).toBe(new URL(image.url).searchParams.get("v"));

    const square = await fetchCdn(withParams(response.body.url, { style: "square" }));
    expect(square.headers.get("x-thumbnail-cache")).toBe("miss");
    const squareStats = await sharp(square.bytes).stats();
    expect(await sharp(square.bytes).metadata()).toMatchObject({ width: 600, height: 600 });
    expect(squareStats.channels[0]!.mean).toBeGreaterThan(200);
    expect(squareStats.channels[2]!.mean).toBeLessThan(40);
    const widescreen = await fetchCdn(withParams(response.body.url, { style: "widescreen", size: "xs" }));
    expect(await sharp(widescreen.bytes).metadata()).toMatchObject({ width: 440, height: 248 });
    expect((await sharp(widescreen.bytes).stats()).channels[2]!.mean).toBeGreaterThan(200);
    // Even the old address now shows the new crop (its ETag names the crop).
    const oldAddress = await fetchCdn(withParams(image.url, { style: "square", size: "xs" }), { "If-None-Match": before.headers.get("etag")! });
    expect(oldAddress.status).toBe(200);
    expect((await sharp(oldAddress.bytes).stats()).channels[2]!.mean).toBeLessThan(40);
    image = response.body;
  });

  it("restores a default crop with null", async () => {
    const response = await call<Upload>(server, "PATCH", `/uploads/${image.id}`, { token: editor, body: { metadata: { formats: { square: null } } } });
    expect(response.status).toBe(200);
    expect(response.body.metadata!.formats!.square).toEqual({ x: 200, y: 0, width: 800, height: 800 });
    expect(response.body.metadata!.formats!.widescreen).toEqual({ x: 600, y: 100, width: 600, height: 338 });
    image = response.body;
  });

  it.each([
    [
      { square: { x: 500, y: 0, width: 800, height: 800 } },
      {
        code: "422",
        message: "/metadata/formats/square: must lie inside the image (1200×800)",
        details: [{ path: "/metadata/formats/square", message: "must lie inside the image (1200×800)" }],
      },
    ],
    [
      { portrait: { x: 0, y: 0, width: 400, height: 500 } },
      {
        code: "422",
        message: "/metadata/formats/portrait: must have the portrait ratio 2:3 (±1 px), not 400×500",
        details: [{ path: "/metadata/formats/portrait", message: "must have the portrait ratio 2:3 (±1 px), not 400×500" }],
      },
    ],
    [
      { landscape: { x: 0, y: 0, width: 700, height: 502 }, widescreen: { x: 700, y: 0, width: 800, height: 450 } },
      {
        code: "422",
        message: "/metadata/formats/landscape: must have the landscape ratio 7:5 (±1 px), not 700×502 (and 1 more)",
        details: [
          { path: "/metadata/formats/landscape", message: "must have the landscape ratio 7:5 (±1 px), not 700×502" },
          { path: "/metadata/formats/widescreen", message: "must lie inside the image (1200×800)" },
        ],
      },
    ],
    [
      { square: { x: -1, y: 0, width: 10, height: 10 } },
      { code: "422", message: "/metadata/formats/square/x: must be at least 0", details: [{ path: "/metadata/formats/square/x", message: "must be at least 0" }] },
    ],
    [
      { square: { x: 0, y: 0, width: 10.5, height: 10 } },
      { code: "422", message: "/metadata/formats/square/width: must be a whole number", details: [{ path: "/metadata/formats/square/width", message: "must be a whole number" }] },
    ],
    [
      { square: { x: 0, y: 0, width: 10 } },
      { code: "400", message: "/metadata/formats/square/height: is required", details: [{ path: "/metadata/formats/square/height", message: "is required" }] },
    ],
  ])("refuses the crops %j", async (formats, expected) => {
    const response = await call(server, "PATCH", `/uploads/${image.id}`, { token: editor, body: { metadata: { formats } } });
    expect(response.status).toBe(Number(expected.code));
    expect(response.body).toEqual(expected);
    const unchanged = await call<Upload>(server, "GET", `/uploads/${image.id}`, { token: editor });
    expect(unchanged.body.metadata!.formats).toEqual(image.metadata!.formats);
  });

  it("refuses crops on media, changes by translators and stale If-Match", async () => {
    const video = await uploadOk(isoMedia("mp42", 100), "v.mp4");
    const crops = await call(server, "PATCH", `/uploads/${video.id}`, { token: editor, body: { metadata: { formats: { square: { x: 0, y: 0, width: 1, height: 1 } } } } });
    expect(crops.status).toBe(422);
    expect(crops.body).toEqual({ code: "422", message: "/metadata/formats: only images have formats", details: [{ path: "/metadata/formats", message: "only images have formats" }] });

    const byTranslator = await call(server, "PATCH", `/uploads/${image.id}`, { token: translator, body: { name: "x.png" } });
    expect(byTranslator.status).toBe(403);

    const current = await call(server, "GET", `/uploads/${image.id}`, { token: editor });
    const etag = current.headers.get("etag")!;
    const first = await call(server, "PATCH", `/uploads/${image.id}`, { token: editor, body: { name: "first.png" }, headers: { "If-Match": etag } });
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).not.toBe(etag);
    const stale = await call(server, "PATCH", `/uploads/${image.id}`, { token: editor, body: { name: "second.png" }, headers: { "If-Match": etag } });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({ code: "412", message: "the upload has changed since it was read (If-Match)" });
  });
});

describe("DELETE /uploads/{id}", () => {
  it("deletes the record, its file and its thumbnails; its address stops working", async () => {
    const record = await uploadOk(await twoColourImage("png", 64, 64), "doomed.png");
    // The upload's job renders the four crop formats (full size); the route adds the one asked for.
    await waitForJob(server, alphaAdmin, "uploads.thumbnails", (payload) => payload.upload_id === record.id);
    expect((await fetchCdn(withParams(record.url, { style: "square", size: "xs" }))).status).toBe(200);
    const files = await storedFilesOf(record.id);
    expect(files).toHaveLength(6);
    expect(files[0]).toBe("original");
    expect(files.slice(1).map((file) => file.replace(/\/[^/]+$/, ""))).toEqual(["thumbnails/landscape", "thumbnails/portrait", "thumbnails/square", "thumbnails/square", "thumbnails/widescreen"]);
    expect(files.filter((file) => /^thumbnails\/square\/[0-9a-f]{32}-xs-/.test(file))).toHaveLength(1);

    expect((await call(server, "DELETE", `/uploads/${record.id}`, { token: translator })).status).toBe(403);
    const response = await call(server, "DELETE", `/uploads/${record.id}`, { token: editor });
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect(await storedFilesOf(record.id)).toEqual([]);
    expect((await call(server, "GET", `/uploads/${record.id}`, { token: editor })).body).toEqual({ code: "404", message: "upload not found" });
    const gone = await fetchCdn(record.url);
    expect(gone.status).toBe(404);
    expect(gone.json).toEqual({ code: "404", message: "upload not found" });
    expect((await call(server, "DELETE", `/uploads/${record.id}`, { token: editor })).status).toBe(404);
  });
});

describe("thumbnails", () => {
  let jpeg: Upload;
  beforeAll(async () => {
    jpeg = await uploadOk(await twoColourImage("jpeg"), "matrix.jpg");
  });

  it.each(STYLES.flatMap((style) => [undefined, ...SIZES].map((size) => [style, size] as const)))(
    "%s at size %s has the table's width and the style's ratio",
    async (style, size) => {
      const response = await fetchCdn(withParams(jpeg.url, { style, ...(size ? { size } : {}) }));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const metadata = await sharp(response.bytes).metadata();
      expect(metadata.format).toBe("jpeg");
      const crop = jpeg.metadata!.formats![style]!;
      const [ratioWidth, ratioHeight] = RATIOS[style];
      const width = size ? STATIC_WIDTHS[size] : crop.width;
      const height = size ? Math.round((width * ratioHeight) / ratioWidth) : crop.height;
      expect({ width: metadata.width, height: metadata.height }).toEqual({ width, height });
      expect(Math.abs(metadata.height - (metadata.width * ratioHeight) / ratioWidth)).toBeLessThanOrEqual(1);
    },
  );

  it.each(["gif", "webp"] as const)("of an animated %s keep every frame and use the animated widths", async (format) => {
    const record = await uploadOk(await animation(format), `moving.${format}`);
    for (const style of STYLES) {
      for (const size of [undefined, ...SIZES]) {
        const response = await fetchCdn(withParams(record.url, { style, ...(size ? { size } : {}) }));
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe(`image/${format}`);
        const metadata = await sharp(response.bytes, { animated: true }).metadata();
        const crop = record.metadata!.formats![style]!;
        const [ratioWidth, ratioHeight] = RATIOS[style];
        const width = size ? ANIMATED_WIDTHS[size] : crop.width;
        const height = size ? Math.round((width * ratioHeight) / ratioWidth) : crop.height;
        expect({ format: metadata.format, pages: metadata.pages, width: metadata.width, frameHeight: metadata.pageHeight }, `${style} ${size}`).toEqual({
          format,
          pages: 3,
          width,
          frameHeight: height,
        });
        expect(metadata.delay).toEqual([100, 100, 100]);
      }
    }
  });

  it.each([
    ["a PNG", () => twoColourImage("png", 300, 200), "t.png", "image/png", "png"],
    ["a TIFF", () => twoColourImage("tiff", 300, 200), "t.tiff", "image/tiff", "tiff"],
    ["a BMP (as PNG)", async () => encodeBmp24(300, 200, Buffer.alloc(300 * 200 * 3, 90)), "t.bmp", "image/png", "png"],
  ])("of %s come in its format", async (_, make, filename, mime, format) => {
    const record = await uploadOk(await make(), filename);
    const response = await fetchCdn(withParams(record.url, { style: "landscape", size: "s" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(mime);
    expect(await sharp(response.bytes).metadata()).toMatchObject({ format, width: 680, height: 486 });
  });

  it("are rendered once and then served from the cache, with ETag and 304", async () => {
    const cached = await uploadOk(await twoColourImage("jpeg", 600, 400), "cached.jpg");
    const url = withParams(cached.url, { style: "portrait", size: "s" });
    const other = withParams(cached.url, { style: "portrait", size: "m" });
    // Simultaneous first requests share one rendering and get the same bytes.
    const [first, parallel] = await Promise.all([fetchCdn(other), fetchCdn(other)]);
    expect(first.status).toBe(200);
    expect(first.bytes.equals(parallel.bytes)).toBe(true);

    const fresh = await fetchCdn(withParams(url, { size: "xs", style: "square" }));
    expect(fresh.headers.get("x-thumbnail-cache")).toBe("miss");
    const again = await fetchCdn(withParams(url, { size: "xs", style: "square" }));
    expect(again.headers.get("x-thumbnail-cache")).toBe("hit");
    expect(again.bytes.equals(fresh.bytes)).toBe(true);
    expect(again.headers.get("etag")).toBe(fresh.headers.get("etag"));

    const etag = again.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const notModified = await fetchCdn(withParams(url, { size: "xs", style: "square" }), { "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.bytes.length).toBe(0);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect(notModified.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(notModified.headers.get("x-thumbnail-cache")).toBeNull();

    const original = await fetchCdn(cached.url);
    expect(original.headers.get("etag")).toBe(`"${new URL(cached.url).searchParams.get("v")}"`);
    expect((await fetchCdn(cached.url, { "If-None-Match": `W/"x", ${original.headers.get("etag")}` })).status).toBe(304);
  });
});

describe("the image address", () => {
  let record: Upload;
  let other: Upload;
  beforeAll(async () => {
    record = await uploadOk(await twoColourImage("png", 100, 100), "signed.png");
    other = await uploadOk(await twoColourImage("png", 100, 100), "other.png");
  });

  const forbidden = (message: string) => ({ code: "403", message });

  it.each([
    ["without Policy", () => withParams(record.url, { Policy: null }), forbidden("the address is not signed: the Policy parameter is missing")],
    [
      "with a tampered signature",
      () => {
        const policy = new URL(record.url).searchParams.get("Policy")!;
        const flipped = policy.slice(0, -2) + (policy.at(-2) === "A" ? "B" : "A") + policy.at(-1);
        return withParams(record.url, { Policy: flipped });
      },
      forbidden("the address's Policy is not valid"),
    ],
    [
      "with a tampered payload",
      () => {
        const [, signature] = new URL(record.url).searchParams.get("Policy")!.split(".");
        const payload = Buffer.from(JSON.stringify({ path: `/uploads/${record.id}/signed.png`, exp: 4102444800 })).toString("base64url");
        return withParams(record.url, { Policy: `${payload}.${signature}` });
      },
      forbidden("the address's Policy is not valid"),
    ],
    ["with another file's Policy", () => withParams(record.url, { Policy: new URL(other.url).searchParams.get("Policy") }), forbidden("the address's Policy was issued for another file")],
    [
      "with an expired Policy",
      () => withParams(record.url, { Policy: signPolicy(`/uploads/${record.id}/signed.png`, Math.floor(Date.now() / 1000) - 60) }),
      forbidden("the address has expired; fetch the upload again for a fresh one"),
    ],
    ["with a wrong v", () => withParams(record.url, { v: "0".repeat(32) }), forbidden("the address's v does not match the file's current version")],
    ["without v", () => withParams(record.url, { v: null }), forbidden("the address's v does not match the file's current version")],
    ["with a wrong v for a thumbnail", () => withParams(record.url, { v: "0".repeat(32), style: "square" }), forbidden("the address's v does not match the file's current version")],
  ])("is refused %s", async (_, url, expected) => {
    const response = await fetchCdn(url());
    expect(response.status).toBe(403);
    expect(response.json).toEqual(expected);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("is accepted with a policy signed for it (the signature is the credential)", async () => {
    const url = withParams(record.url, { Policy: signPolicy(`/uploads/${record.id}/signed.png`, Math.floor(Date.now() / 1000) + 60) });
    expect((await fetchCdn(url)).status).toBe(200);
  });

  it("answers 404 for an unknown upload with a valid policy", async () => {
    const id = "3f1c2a9e-8a43-4c6e-9b8e-2d6f1d7a0c11";
    const url = `${server.baseUrl}/cdn/uploads/${id}/x.png?v=${"0".repeat(32)}&Policy=${signPolicy(`/uploads/${id}/x.png`, Math.floor(Date.now() / 1000) + 60)}`;
    const response = await fetchCdn(url);
    expect(response.status).toBe(404);
    expect(response.json).toEqual({ code: "404", message: "upload not found" });
  });

  it.each([
    [{ style: "banner" }, { code: "400", message: "style: must be one of portrait, landscape, widescreen, square", details: [{ path: "style", message: "must be one of portrait, landscape, widescreen, square" }] }],
    [{ style: "square", size: "xl" }, { code: "400", message: "size: must be one of xs, s, m, l", details: [{ path: "size", message: "must be one of xs, s, m, l" }] }],
    [{ size: "s" }, { code: "400", message: "style: is required with size", details: [{ path: "style", message: "is required with size" }] }],
  ])("answers 400 for %j", async (params, expected) => {
    const response = await fetchCdn(withParams(record.url, params));
    expect(response.status).toBe(400);
    expect(response.json).toEqual(expected);
  });

  it("answers HEAD with the headers only", async () => {
    const response = await fetchCdn(record.url, {}, "HEAD");
    expect(response.status).toBe(200);
    expect(response.bytes.length).toBe(0);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("etag")).toBe(`"${new URL(record.url).searchParams.get("v")}"`);
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("video and audio", () => {
  let video: Upload;
  let videoBytes: Buffer;
  beforeAll(async () => {
    videoBytes = isoMedia("isom", 300_000);
    video = await uploadOk(videoBytes, "class.mp4");
  });

  it("are served whole with Accept-Ranges", async () => {
    const response = await fetchCdn(video.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.bytes.equals(videoBytes)).toBe(true);
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=1000-", 1000, 300_031],
    ["bytes=-500", 299_532, 300_031],
    ["bytes=300000-999999", 300_000, 300_031],
  ])("answer %s with 206 and that part", async (range, start, end) => {
    const response = await fetchCdn(video.url, { Range: range });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${videoBytes.length}`);
    expect(response.bytes.equals(videoBytes.subarray(start, end + 1))).toBe(true);
  });

  it.each(["bytes=300032-", "bytes=500-100", "bytes=-0", "bytes=x-y"])("answer the unsatisfiable range %s with 416", async (range) => {
    const response = await fetchCdn(video.url, { Range: range });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${videoBytes.length}`);
    expect(response.json).toEqual({ code: "416", message: `the range is not satisfiable: the file has ${videoBytes.length} bytes` });
  });

  it("ignore a range for another version (If-Range) and several ranges", async () => {
    expect((await fetchCdn(video.url, { Range: "bytes=0-9", "If-Range": '"other"' })).status).toBe(200);
    expect((await fetchCdn(video.url, { Range: "bytes=0-9", "If-Range": `"${new URL(video.url).searchParams.get("v")}"` })).status).toBe(206);
    expect((await fetchCdn(video.url, { Range: "bytes=0-9,20-29" })).status).toBe(200);
  });

  it("serve audio ranges too, and have no thumbnails", async () => {
    const audio = await uploadOk(mp3(10), "beat.mp3");
    const response = await fetchCdn(audio.url, { Range: "bytes=0-2" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.bytes.toString("latin1")).toBe("ID3");
    const thumbnail = await fetchCdn(withParams(audio.url, { style: "square" }));
    expect(thumbnail.status).toBe(400);
    expect(thumbnail.json).toEqual({ code: "400", message: "style: thumbnails exist for images only", details: [{ path: "style", message: "thumbnails exist for images only" }] });
  });
});

describe("the OpenAPI document", () => {
  it("describes the upload operations and the multipart body", async () => {
    type Document = {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>>;
      components: { schemas: Record<string, { properties: Record<string, { type?: string; format?: string }>; required?: string[] }> };
    };
    const response = await call<Document>(server, "GET", "/openapi.json");
    expect(Object.keys(response.body.paths["/uploads"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(response.body.paths["/uploads/{id}"]!).sort()).toEqual(["delete", "get", "patch"]);
    const body = response.body.paths["/uploads"]!.post!.requestBody!.content;
    expect(Object.keys(body)).toEqual(["multipart/form-data"]);
    const schema = response.body.components.schemas[body["multipart/form-data"]!.schema.$ref.split("/").pop()!]!;
    // Bytes without a `type`: generated clients accept a Blob or File (docs/api.md "OpenAPI document").
    expect(schema.properties.file).toMatchObject({ format: "binary", contentMediaType: "application/octet-stream" });
    expect(schema.properties.file).not.toHaveProperty("type");
    expect(schema.required).toEqual(["file"]);
  });
});
