import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseMediaPlaylist } from "@/lib/media/hls-playlists";
import { corruptMediaData, describeMedia, generateAudio, generateVideo } from "@/lib/media/testing/generate-media";
import { useTemporaryDirectory as temporaryDirectory } from "@/lib/media/testing/temporary-directory";
import { call, loginAs } from "../support/api";
import { UPLOADS } from "../support/fixtures";
import type { TestServer } from "../support/server";
import { TEST_SECRETS } from "../support/test-env";
import { startReceiver, startWebhookServer, type Receiver } from "../support/webhook-receiver";

/**
 * On-demand media processing through the real API (docs/api.md "Media processing"): uploads of
 * video and audio made by ffmpeg (a test pattern and a tone, a few seconds, small sizes) are
 * processed by the server's job runner; the stream is fetched through `playback_url` and probed with
 * ffprobe, as a player would fetch it.
 */

type Processing = { state: string; progress: number; error?: string };
type Upload = {
  id: string;
  name: string;
  mime: string;
  url: string;
  updated_at: string;
  metadata?: Record<string, unknown>;
  processing?: Processing;
  playback_url?: string | null;
  poster?: (Upload & { metadata: { formats: Record<string, unknown>; width: number; height: number } }) | null;
  poster_second?: number | null;
  preview_url?: string | null;
  waveform_url?: string | null;
  captions?: { language: string; url: string }[];
};

let context: Awaited<ReturnType<typeof startWebhookServer>>;
let server: TestServer;
let admin: string;
let editor: string;
let mobile: string;
let receiver: Receiver;
const { file } = temporaryDirectory("media-api");

beforeAll(async () => {
  context = await startWebhookServer(["alpha"]);
  server = context.server;
  [admin, editor, mobile] = await Promise.all([loginAs(server, "alphaAdmin"), loginAs(server, "alphaEditor"), loginAs(server, "alphaMember", "mobile")]).then((pairs) => pairs.map((pair) => pair.token));
  receiver = await startReceiver();
  const hook = await call(server, "POST", "/webhooks", { token: admin, body: { url: receiver.url, events: ["Upload.*"] } });
  expect(hook.status).toBe(201);
  await Promise.all([
    generateVideo(file("class.mp4"), { width: 640, height: 360, seconds: 4, blackSeconds: 1 }),
    generateAudio(file("workout.m4a"), { loudSeconds: 2, silentSeconds: 1, format: "m4a" }),
    generateVideo(file("broken.mp4"), { width: 320, height: 180, seconds: 2 }).then(corruptMediaData),
  ]);
}, 180_000);
afterAll(async () => {
  await receiver?.close();
  await context?.stop();
});

async function upload(path: string, name: string): Promise<Upload> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await readFile(path))]), name);
  const response = await fetch(`${server.apiUrl}/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form });
  const body = (await response.json()) as Upload;
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Reads the upload until its processing has ended (ready or failed). */
async function processed(id: string): Promise<Upload> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { body } = await call<Upload>(server, "GET", `/uploads/${id}`, { token: editor });
    if (body.processing?.state === "ready" || body.processing?.state === "failed") return body;
    if (Date.now() > deadline) throw new Error(`processing did not end: ${JSON.stringify(body.processing)}\n${server.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const resolve = (base: string, uri: string) => new URL(uri, base).toString();

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return response.text();
}

/** `#EXT-X-STREAM-INF` and `#EXT-X-MEDIA` entries of a master playlist. */
function parseMaster(text: string) {
  const lines = text.trim().split("\n");
  const variants = lines.flatMap((line, index) => (line.startsWith("#EXT-X-STREAM-INF:") ? [{ attributes: line, uri: lines[index + 1]! }] : []));
  const media = lines.filter((line) => line.startsWith("#EXT-X-MEDIA:")).map((line) => ({ line, uri: /URI="([^"]+)"/.exec(line)?.[1] ?? "" }));
  return { variants, media };
}

/** A media policy signed as the service signs one, with any path and expiry. */
function signPolicy(policyPath: string, exp: number): string {
  const payload = Buffer.from(JSON.stringify({ path: policyPath, exp })).toString("base64url");
  return `${payload}.${createHmac("sha256", TEST_SECRETS.SECRET_KEY).update(`policy:${payload}`).digest("base64url")}`;
}

describe("video processing", () => {
  let video: Upload;

  beforeAll(async () => {
    const created = await upload(file("class.mp4"), "class.mp4");
    expect(created.processing?.state).toMatch(/^(queued|processing)$/);
    expect(created.playback_url).toBeNull();
    video = await processed(created.id);
  }, 150_000);

  it("reaches ready with the measured facts, a poster, a preview and a waveform", () => {
    expect(video.processing).toEqual({ state: "ready", progress: 1 });
    expect(video.metadata).toMatchObject({ width: 640, height: 360, codecs: ["h264", "aac"], has_audio: true, languages: [] });
    expect(Math.abs((video.metadata!.duration as number) - 4)).toBeLessThan(0.1);
    expect(video.playback_url).toMatch(new RegExp(`^${server.baseUrl}/cdn/media/${video.id}/[^/]+/master\\.m3u8$`));
    expect(video.preview_url).toMatch(/\/preview\.webp$/);
    expect(video.waveform_url).toMatch(/\/waveform\.json$/);
    expect(video.captions).toEqual([]);
  });

  it("serves the animated preview (a few looping seconds as webp) and the waveform", async () => {
    const preview = await fetch(video.preview_url!);
    expect(preview.headers.get("content-type")).toBe("image/webp");
    const info = await sharp(Buffer.from(await preview.arrayBuffer()), { animated: true }).metadata();
    expect({ width: info.width, pages: info.pages, loop: info.loop }).toEqual({ width: 320, pages: 30, loop: 0 });
    const waveform = (await (await fetch(video.waveform_url!)).json()) as { points: number; peaks: number[] };
    expect(waveform.peaks).toHaveLength(1000);
  });

  it("serves the master playlist, every variant and every segment through playback_url, as ffprobe reads them", async () => {
    const master = await fetch(video.playback_url!);
    expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const { variants, media } = parseMaster(await master.text());
    expect(variants.map((variant) => /RESOLUTION=(\d+x\d+)/.exec(variant.attributes)?.[1])).toEqual(["426x240", "640x360"]);
    for (const variant of variants) expect(variant.attributes).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    const audio = media.find((entry) => entry.line.includes("TYPE=AUDIO"))!;

    const renditions = [...variants.map((variant) => ({ uri: variant.uri, codec: "h264", size: /RESOLUTION=(\d+)x(\d+)/.exec(variant.attributes)!.slice(1).map(Number) })), { uri: audio.uri, codec: "aac", size: undefined }];
    for (const rendition of renditions) {
      const playlistUrl = resolve(video.playback_url!, rendition.uri);
      const playlist = parseMediaPlaylist(await fetchText(playlistUrl));
      expect(playlist.isComplete).toBe(true);
      for (const uri of [playlist.initialization!, ...playlist.segments.map((segment) => segment.uri)]) {
        const segment = await fetch(resolve(playlistUrl, uri));
        expect(segment.status).toBe(200);
        expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(0);
      }
      const probed = await describeMedia(playlistUrl);
      const stream = probed.streams.find((candidate) => candidate.codec_name === rendition.codec)!;
      expect(stream).toBeDefined();
      if (rendition.size) expect([stream.width, stream.height]).toEqual(rendition.size);
      expect(Math.abs(probed.duration - 4)).toBeLessThanOrEqual(0.5);
    }
  });

  it("serves segments with byte ranges and long-lived caching, playlists revalidated", async () => {
    const { variants } = parseMaster(await fetchText(video.playback_url!));
    const playlistUrl = resolve(video.playback_url!, variants[0]!.uri);
    const playlist = parseMediaPlaylist(await fetchText(playlistUrl));
    const segmentUrl = resolve(playlistUrl, playlist.segments[0]!.uri);
    const whole = await fetch(segmentUrl);
    expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const size = (await whole.arrayBuffer()).byteLength;
    const part = await fetch(segmentUrl, { headers: { Range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${size}`);
    expect((await part.arrayBuffer()).byteLength).toBe(10);
    const master = await fetch(video.playback_url!);
    expect(master.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect((await fetch(video.playback_url!, { headers: { "If-None-Match": master.headers.get("etag")! } })).status).toBe(304);
  });

  it("refuses a forged, expired or other upload's policy with 403", async () => {
    const url = new URL(video.playback_url!);
    const [, , , id, policy] = url.pathname.split("/");
    const withPolicy = (value: string) => `${url.origin}/cdn/media/${id}/${value}/master.m3u8`;
    const [payload, signature] = policy!.split(".");
    const cases: [string, string, string][] = [
      ["forged", `${payload}.${signature!.slice(0, -2)}xx`, "the address's policy is not valid"],
      ["expired", signPolicy(`/media/${id}/`, Math.floor(Date.now() / 1000) - 60), "the address has expired; fetch the upload again for a fresh one"],
      ["another upload's", signPolicy(`/media/${UPLOADS.alphaVideo.id}/`, Math.floor(Date.now() / 1000) + 3600), "the address's policy was issued for another upload"],
    ];
    for (const [, value, message] of cases) {
      const response = await fetch(withPolicy(value));
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: "403", message });
    }
    // The same policy covers a segment's address, and an altered one is refused there too.
    const segment = `${url.origin}/cdn/media/${id}/${payload}.x${signature!.slice(1)}/whatever/seg_00000.m4s`;
    expect((await fetch(segment)).status).toBe(403);
  });

  it("stores the poster as an image upload with the four crops, not black, and lets the editor pick its second", async () => {
    const poster = video.poster!;
    expect(poster).toMatchObject({ mime: "image/jpeg", name: "class poster.jpg", metadata: { width: 640, height: 360 } });
    expect(Object.keys(poster.metadata.formats).sort()).toEqual(["landscape", "portrait", "square", "widescreen"]);
    // The first second is black; the automatic choice is not.
    expect(video.poster_second).toBeGreaterThan(1);
    const listed = await call<Upload>(server, "GET", `/uploads/${poster.id}`, { token: editor });
    expect(listed.status).toBe(200);
    expect((await fetch(`${poster.url}&style=square&size=xs`)).status).toBe(200);

    const changed = await call<Upload>(server, "PATCH", `/uploads/${video.id}`, { token: editor, body: { poster_second: 0.5 } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.poster_second).toBe(0.5);
    expect(changed.body.poster!.id).toBe(poster.id);
    expect(new URL(changed.body.poster!.url).searchParams.get("v")).not.toBe(new URL(poster.url).searchParams.get("v"));
    const tooLate = await call(server, "PATCH", `/uploads/${video.id}`, { token: editor, body: { poster_second: 60 } });
    expect(tooLate.status).toBe(422);
    expect(tooLate.body).toEqual({ code: "422", message: "/poster_second: must be at most the video's duration (4 s)", details: [{ path: "/poster_second", message: "must be at most the video's duration (4 s)" }] });
  });

  it("takes captions per language: a bad file gets a 422 pointing at the line, a good one becomes a subtitle rendition", async () => {
    const put = (language: string, body: string, token = editor) =>
      fetch(`${server.apiUrl}/uploads/${video.id}/captions/${language}`, { method: "PUT", headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/vtt" }, body });
    const badTiming = await put("de", "WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nZurück\n");
    expect(badTiming.status).toBe(422);
    expect(await badTiming.json()).toEqual({
      code: "422",
      message: "the captions are not valid WebVTT",
      details: [{ path: expect.stringMatching(/^line 3, column \d+$/), message: "End timestamp is not greater than start timestamp." }],
    });
    const afterEnd = await put("de", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHallo\n\n00:00:03.000 --> 00:00:09.000\nZu spät\n");
    expect(afterEnd.status).toBe(422);
    expect(await afterEnd.json()).toEqual({
      code: "422",
      message: "the captions are not valid WebVTT",
      details: [{ path: "line 6, column 18", message: "The cue ends at 00:00:09.000, after the end of the media (00:00:04.000)." }],
    });
    const notVtt = await fetch(`${server.apiUrl}/uploads/${video.id}/captions/de`, { method: "PUT", headers: { Authorization: `Bearer ${editor}`, "Content-Type": "text/plain" }, body: "hi" });
    expect(notVtt.status).toBe(415);
    const unknownLanguage = await put("it", "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nCiao\n");
    expect(unknownLanguage.status).toBe(422);

    const good = await put("de", "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nWillkommen\n");
    expect(good.status).toBe(200);
    const record = (await good.json()) as Upload;
    expect(record.captions).toEqual([{ language: "de", url: expect.stringMatching(/\/captions\/de-[0-9a-f]{16}\.vtt$/) }]);
    const vtt = await fetch(record.captions![0]!.url);
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(await vtt.text()).toContain("Willkommen");
    const master = await fetchText(record.playback_url!);
    const subtitles = parseMaster(master).media.find((entry) => entry.line.includes("TYPE=SUBTITLES"))!;
    expect(subtitles.line).toContain('NAME="Deutsch",LANGUAGE="de",DEFAULT=NO');
    const subtitlePlaylist = parseMediaPlaylist(await fetchText(resolve(record.playback_url!, subtitles.uri)));
    expect(resolve(resolve(record.playback_url!, subtitles.uri), subtitlePlaylist.segments[0]!.uri)).toBe(record.captions![0]!.url);

    const removed = await fetch(`${server.apiUrl}/uploads/${video.id}/captions/de`, { method: "DELETE", headers: { Authorization: `Bearer ${editor}` } });
    expect(removed.status).toBe(204);
    expect(parseMaster(await fetchText(record.playback_url!)).media.some((entry) => entry.line.includes("SUBTITLES"))).toBe(false);
    expect((await fetch(record.captions![0]!.url)).status).toBe(404);
  });

  it("does not process the same bytes twice: a second upload of them is ready at once", async () => {
    const again = await upload(file("class.mp4"), "class-copy.mp4");
    expect(again.processing).toEqual({ state: "ready", progress: 1 });
    expect(again.poster?.id).toBe(video.poster!.id);
    const master = await fetch(again.playback_url!);
    expect(master.status).toBe(200);
  });

  it("shows playback_url to mobile tokens only on records they may read", async () => {
    const [image] = (await call<{ data: { id: string }[] }>(server, "GET", "/uploads?filter[where][mime][eq]=image/png", { token: editor })).body.data;
    const provider = await call<{ id: number }>(server, "POST", "/content/providers", { token: editor, body: { name: "Studio", slug: null } });
    const goal = await call<{ id: number }>(server, "POST", "/content/goals", { token: editor, body: { name: "Mobility", slug: null } });
    const item = await call<{ id: string }>(server, "POST", "/content/on-demand", {
      token: editor,
      body: { type: "virtual-class", title: "Morning flow", video: video.id, image: image?.id ?? UPLOADS.alphaImage.id, duration: "0-15", level: "beginner", goals: [goal.body.id], equipment: [], categories: [], languages: ["en"], content_provider: provider.body.id },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    expect((await call(server, "GET", `/content/on-demand/${item.body.id}`, { token: mobile })).status).toBe(404);
    expect((await call(server, "PATCH", `/content/on-demand/${item.body.id}/status`, { token: editor, body: { default: "published" } })).status).toBe(200);
    const seen = await call<{ video: Upload }>(server, "GET", `/content/on-demand/${item.body.id}`, { token: mobile });
    expect(seen.status).toBe(200);
    expect(seen.body.video.playback_url).toMatch(/\/master\.m3u8$/);
    expect((await fetch(seen.body.video.playback_url!)).status).toBe(200);
  });

  it("sends an Upload updated webhook when processing ends", async () => {
    await receiver.waitFor((r) => r.delivered().some((event) => event.entity === "Upload" && event.data.id === video.id));
    const event = receiver.delivered().find((candidate) => candidate.entity === "Upload" && candidate.data.id === video.id)!;
    expect(event.event).toBe("updated");
    expect(event.data.processing).toEqual({ state: "ready", progress: 1 });
  });
});

describe("audio processing", () => {
  it("makes an AAC stream and a waveform of the documented number of points", async () => {
    const audio = await processed((await upload(file("workout.m4a"), "workout.m4a")).id);
    expect(audio.processing).toEqual({ state: "ready", progress: 1 });
    expect(audio.metadata).toMatchObject({ width: null, height: null, codecs: ["aac"], has_audio: true });
    expect(audio).not.toHaveProperty("poster");
    const waveform = (await (await fetch(audio.waveform_url!)).json()) as { points: number; duration: number; peaks: number[] };
    expect(waveform.points).toBe(1000);
    expect(waveform.peaks).toHaveLength(1000);
    // Two loud seconds (half of full scale), then one silent.
    expect(waveform.peaks[100]).toBeCloseTo(0.5, 1);
    expect(waveform.peaks[900]).toBe(0);
    const { variants } = parseMaster(await fetchText(audio.playback_url!));
    expect(variants).toHaveLength(1);
    expect(variants[0]!.attributes).toContain('CODECS="mp4a.40.2"');
    const probed = await describeMedia(resolve(audio.playback_url!, variants[0]!.uri));
    expect(probed.streams.map((stream) => stream.codec_name)).toEqual(["aac"]);
    expect(Math.abs(probed.duration - 3)).toBeLessThanOrEqual(0.5);
  });
});

describe("bad media", () => {
  it("fails a file that sniffs as mp4 but does not decode, with a readable error, keeping the original", async () => {
    const bytes = await readFile(file("broken.mp4"));
    const broken = await processed((await upload(file("broken.mp4"), "broken.mp4")).id);
    expect(broken.processing).toEqual({ state: "failed", progress: 0, error: expect.stringMatching(/^The file's (audio and video|video|audio) cannot be decoded/) });
    expect(broken.playback_url).toBeNull();
    const original = await fetch(broken.url);
    expect(original.status).toBe(200);
    expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true);

    // The same bytes uploaded again are tried again (a failure may have been the machine's), and fail the same way.
    const again = await upload(file("broken.mp4"), "broken-again.mp4");
    expect(again.processing?.state).toMatch(/^(queued|processing)$/);
    expect((await processed(again.id)).processing).toEqual(broken.processing);
  });

  it("cancels processing when the upload is deleted, leaving no derived file", async () => {
    await generateVideo(file("long.mp4"), { width: 960, height: 540, seconds: 12 });
    const mediaKeys = async () => (await server.storedKeys()).filter((key) => key.includes("/media/"));
    const before = await mediaKeys();
    const created = await upload(file("long.mp4"), "long.mp4");
    const deadline = Date.now() + 60_000;
    while ((await call<Upload>(server, "GET", `/uploads/${created.id}`, { token: editor })).body.processing?.state !== "processing") {
      if (Date.now() > deadline) throw new Error("processing did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await call(server, "DELETE", `/uploads/${created.id}`, { token: editor })).status).toBe(204);
    // The job notices at its next progress report (each second), stops ffmpeg and removes what it wrote.
    const isClean = async () => JSON.stringify(await mediaKeys()) === JSON.stringify(before) && !(await server.storedKeys()).some((key) => key.includes(`/${created.id}/`));
    const cleanDeadline = Date.now() + 30_000;
    while (!(await isClean())) {
      if (Date.now() > cleanDeadline) throw new Error(`derived files were left: ${JSON.stringify((await mediaKeys()).filter((key) => !before.includes(key)))}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await isClean()).toBe(true);
    expect((await call(server, "GET", `/uploads/${created.id}`, { token: editor })).status).toBe(404);
  });
});
