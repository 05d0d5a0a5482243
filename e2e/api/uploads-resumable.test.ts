import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, loginAs } from "../support/api";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Resumable uploads (tus 1.0) at /api/v3/uploads/resumable, driven by tus-js-client as the admin
 * drives them, and by hand where the protocol's error cases need exact requests (docs/api.md
 * "Resumable uploads"). Limits are lowered for the test: media 12 MB, images 1 MB.
 */

type Upload = { id: string; name: string; mime: string; url: string; metadata?: { size?: number } };

let server: TestServer;
let editor: string;
let translator: string;
let betaAdmin: string;

beforeAll(async () => {
  server = await startTestServer({ env: { MEDIA_UPLOAD_MAX_MB: "12", UPLOAD_MAX_MB: "1" } });
  [editor, translator, betaAdmin] = await Promise.all([
    loginAs(server, "alphaEditor").then((pair) => pair.token),
    loginAs(server, "alphaTranslator").then((pair) => pair.token),
    loginAs(server, "betaAdmin").then((pair) => pair.token),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

/** An MPEG-4 file as far as sniffing goes: `ftyp` (brand isom), then `mdat` with `payload` random bytes. */
function mp4Like(payload: number): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.from([0, 0, 2, 0]), Buffer.from("isommp41", "latin1")]);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + payload, 0);
  mdatHeader.write("mdat", 4, "latin1");
  return Buffer.concat([ftyp, mdatHeader, randomBytes(payload)]);
}

const md5 = (bytes: Buffer) => createHash("md5").update(bytes).digest("hex");
const endpoint = () => `${server.apiUrl}/uploads/resumable`;
const idOf = (url: string) => url.split("/").pop()!;

/** Raw tus requests, for exact headers and error bodies. */
async function tusRequest(method: string, url: string, token: string | undefined, headers: Record<string, string> = {}, body?: Buffer) {
  const response = await fetch(url, {
    method,
    headers: { "Tus-Resumable": "1.0.0", ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  const text = await response.text();
  server.contract.assert({ method, path: url, status: response.status, contentType: response.headers.get("content-type"), text });
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}

const metadata = (name: string) => `filename ${Buffer.from(name).toString("base64")}`;

async function create(size: number, name = "class.mp4", token = editor) {
  return tusRequest("POST", endpoint(), token, { "Upload-Length": String(size), "Upload-Metadata": metadata(name) });
}

/** Runs a tus-js-client upload to its end (or its error). */
function runUpload(file: Buffer, options: Partial<tus.UploadOptions>): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(file, {
      endpoint: endpoint(),
      headers: { Authorization: `Bearer ${editor}` },
      metadata: { filename: "morning-flow.mp4" },
      retryDelays: [],
      ...options,
      onSuccess: () => resolve(upload.url!),
      onError: reject,
    });
    upload.start();
  });
}

/**
 * Starts sending the whole file in one PATCH, writes the first `bytes` of it, and then the
 * connection breaks (a phone losing its network): the request never completes.
 */
function patchInterrupted(url: string, file: Buffer, bytes: number, options: { stall?: boolean } = {}): Promise<http.ClientRequest> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "PATCH",
      headers: {
        "Tus-Resumable": "1.0.0",
        Authorization: `Bearer ${editor}`,
        "Upload-Offset": "0",
        "Content-Type": "application/offset+octet-stream",
        "Content-Length": String(file.length),
      },
    });
    request.on("error", () => resolve(request));
    request.on("response", () => resolve(request));
    request.write(file.subarray(0, bytes), () => {
      // Stalled: the connection stays open and silent, as one whose network went away unnoticed.
      if (!options.stall) request.destroy();
      resolve(request);
    });
  });
}

describe("resumable uploads", () => {
  it("an upload interrupted at 50 % resumes where it stopped and completes as an upload record", async () => {
    const file = mp4Like(8 * 1024 * 1024);
    const created = await create(file.length, "morning-flow.mp4");
    expect(created.status).toBe(201);
    const first = { url: created.headers.get("location")! };
    const uploadId = idOf(first.url);
    expect(first.url).toBe(`${server.apiUrl}/uploads/resumable/${uploadId}`);
    await patchInterrupted(first.url, file, file.length / 2);

    // Until the last byte has arrived there is no upload record.
    expect((await call(server, "GET", `/uploads/${uploadId}`, { token: editor })).status).toBe(404);
    const head = await tusRequest("HEAD", first.url, editor);
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-length")).toBe(String(file.length));
    const kept = Number(head.headers.get("upload-offset"));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(file.length / 2);

    // The client asks where to go on (HEAD) and sends only the rest.
    let resumedFrom = -1;
    const second = await runUpload(file, {
      uploadUrl: first.url,
      onAfterResponse: (req, res) => {
        if (req.getMethod() === "HEAD") resumedFrom = Number(res.getHeader("Upload-Offset"));
      },
    });
    expect(second).toBe(first.url);
    expect(resumedFrom).toBe(kept);

    const record = await call<Upload>(server, "GET", `/uploads/${uploadId}`, { token: editor });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ id: uploadId, name: "morning-flow.mp4", mime: "video/mp4", metadata: { size: file.length } });
    expect(new URL(record.body.url).searchParams.get("v")).toBe(md5(file));
    const original = await fetch(record.body.url);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(file)).toBe(true);
    // The finished upload cannot be cancelled through tus: it is an upload now.
    expect((await tusRequest("DELETE", first.url, editor)).status).toBe(400);
  });

  it("a request stalled mid-upload lets go of the upload when the client comes back", async () => {
    const file = mp4Like(2 * 1024 * 1024);
    const created = await create(file.length);
    const url = created.headers.get("location")!;
    const stalled = await patchInterrupted(url, file, file.length / 2, { stall: true });
    try {
      // The HEAD asks the stalled request to let go; it stops and keeps what it received.
      const head = await tusRequest("HEAD", url, editor);
      expect(head.status).toBe(200);
      expect(Number(head.headers.get("upload-offset"))).toBeGreaterThan(0);
      expect(await runUpload(file, { uploadUrl: url })).toBe(url);
    } finally {
      stalled.destroy();
    }
    const record = await call<Upload>(server, "GET", `/uploads/${idOf(url)}`, { token: editor });
    expect(new URL(record.body.url).searchParams.get("v")).toBe(md5(file));
  });

  it("an upload sent in one go is recorded with its hash, named from its metadata with the sniffed extension", async () => {
    const file = mp4Like(300_000);
    const created = await tusRequest("POST", endpoint(), editor, {
      "Upload-Length": String(file.length),
      "Upload-Metadata": metadata("Yoga class.mov"),
      "Content-Type": "application/offset+octet-stream",
    }, file);
    expect(created.status).toBe(201);
    expect(created.headers.get("upload-offset")).toBe(String(file.length));
    const uploadId = idOf(created.headers.get("location")!);
    const record = await call<Upload>(server, "GET", `/uploads/${uploadId}`, { token: translator });
    expect(record.body).toMatchObject({ name: "Yoga class.mp4", mime: "video/mp4" });
    expect(new URL(record.body.url).searchParams.get("v")).toBe(md5(file));
  });

  it("refuses a file whose first bytes are not an allowed type at once (422), and removes it", async () => {
    const text = Buffer.from("this is not a video, just some text that goes on for a while\n".repeat(20));
    const created = await create(text.length, "notes.mp4");
    expect(created.status).toBe(201);
    const url = created.headers.get("location")!;
    const sent = await tusRequest("PATCH", url, editor, { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, text);
    expect(sent.status).toBe(422);
    expect(sent.headers.get("content-type")).toMatch(/^application\/json/);
    expect(sent.body).toEqual({
      code: "422",
      message: "/file: is not an allowed type (jpg, jpeg, bmp, png, tif, tiff, gif, webp, mp4, mp3, m4a); the type is read from the file's content, not its name",
      details: [{ path: "/file", message: "is not an allowed type (jpg, jpeg, bmp, png, tif, tiff, gif, webp, mp4, mp3, m4a); the type is read from the file's content, not its name" }],
    });
    expect((await tusRequest("HEAD", url, editor)).status).toBe(404);
    expect((await server.storedKeys()).filter((key) => key.includes(idOf(url)))).toEqual([]);
  });

  it("answers protocol errors with the JSON error body: no Tus-Resumable 412, bytes of another media type 415", async () => {
    const noVersion = await fetch(endpoint(), { method: "POST", headers: { Authorization: `Bearer ${editor}`, "Upload-Length": "10", "Upload-Metadata": metadata("a.mp4") } });
    const text = await noVersion.text();
    server.contract.assert({ method: "POST", path: endpoint(), status: noVersion.status, contentType: noVersion.headers.get("content-type"), text });
    expect(noVersion.status).toBe(412);
    expect(noVersion.headers.get("content-type")).toMatch(/^application\/json/);
    expect(JSON.parse(text)).toEqual({ code: "412", message: "Tus-Resumable Required" });

    const created = await create(10, "a.mp4");
    const url = created.headers.get("location")!;
    const wrongType = await tusRequest("PATCH", url, editor, { "Upload-Offset": "0", "Content-Type": "application/octet-stream" }, Buffer.alloc(10));
    expect(wrongType.status).toBe(415);
    expect(wrongType.body).toEqual({ code: "415", message: "the bytes of a resumable upload are sent as application/offset+octet-stream" });
    expect((await tusRequest("HEAD", url, editor)).headers.get("upload-offset")).toBe("0");
  });

  it("applies the limits: media up to MEDIA_UPLOAD_MAX_MB when created, images up to UPLOAD_MAX_MB once sniffed", async () => {
    const tooBig = await create(12 * 1024 * 1024 + 1);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toEqual({ code: "413", message: "/file: exceeds the upload limit of 12 MB", details: [{ path: "/file", message: "exceeds the upload limit of 12 MB" }] });

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    const created = await create(2 * 1024 * 1024, "huge.png");
    expect(created.status).toBe(201);
    const sent = await tusRequest("PATCH", created.headers.get("location")!, editor, { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, png);
    expect(sent.status).toBe(413);
    expect(sent.body).toEqual({ code: "413", message: "/file: exceeds the upload limit of 1 MB", details: [{ path: "/file", message: "exceeds the upload limit of 1 MB" }] });
  });

  it.each([
    ["no Upload-Length", { "Upload-Metadata": metadata("a.mp4") }, 400, { code: "400", message: "Upload-Length or Upload-Defer-Length header required" }],
    ["an empty file", { "Upload-Length": "0", "Upload-Metadata": metadata("a.mp4") }, 422, { code: "422", message: "/file: is empty", details: [{ path: "/file", message: "is empty" }] }],
    [
      "a name with a slash",
      { "Upload-Length": "10", "Upload-Metadata": metadata("a/b.mp4") },
      422,
      { code: "422", message: "Upload-Metadata: filename must not contain slashes or control characters", details: [{ path: "Upload-Metadata", message: "filename must not contain slashes or control characters" }] },
    ],
  ])("refuses a creation with %s", async (_case, headers, status, body) => {
    const response = await tusRequest("POST", endpoint(), editor, headers);
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
  });

  it("needs an editor's or admin's credential, and keeps each organization's uploads to itself", async () => {
    expect((await create(100, "a.mp4", "")).status).toBe(401);
    const translatorCreate = await create(100, "a.mp4", translator);
    expect(translatorCreate.status).toBe(403);
    expect(translatorCreate.body).toEqual({ code: "403", message: "this operation requires the admin or editor role" });

    const created = await create(100);
    const url = created.headers.get("location")!;
    expect((await tusRequest("HEAD", url, betaAdmin)).status).toBe(404);
    const foreignPatch = await tusRequest("PATCH", url, betaAdmin, { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, mp4Like(68));
    expect(foreignPatch.status).toBe(404);
    expect((await tusRequest("HEAD", url, editor)).headers.get("upload-offset")).toBe("0");
  });

  it("answers 409 to bytes sent at the wrong offset, and cancels an unfinished upload with DELETE", async () => {
    const file = mp4Like(1000);
    const created = await create(file.length);
    const url = created.headers.get("location")!;
    const first = await tusRequest("PATCH", url, editor, { "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, file.subarray(0, 500));
    expect(first.status).toBe(204);
    expect(first.headers.get("upload-offset")).toBe("500");
    const wrong = await tusRequest("PATCH", url, editor, { "Upload-Offset": "400", "Content-Type": "application/offset+octet-stream" }, file.subarray(400));
    expect(wrong.status).toBe(409);
    expect(wrong.body).toEqual({ code: "409", message: "Upload-Offset conflict" });

    expect((await tusRequest("DELETE", url, editor)).status).toBe(204);
    expect((await tusRequest("HEAD", url, editor)).status).toBe(404);
    expect((await server.storedKeys()).filter((key) => key.includes(idOf(url)))).toEqual([]);
  });
});
