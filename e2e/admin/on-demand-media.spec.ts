import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { generateAudio, generateVideo } from "../../lib/media/testing/generate-media";
import { signInAsAdmin } from "./support";

/**
 * The on-demand editor with real media (docs/api.md "Media processing", "Resumable uploads"): the
 * file goes over tus (and survives a broken connection), processing shows live, the stream plays in
 * Chromium through hls.js, the poster is picked from the player, captions are managed per language,
 * and audio shows its waveform. The media are made by ffmpeg: a few seconds, small.
 */
let directory: string;
let video: Buffer;
let audio: Buffer;

test.beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "fcs-e2e-media-"));
  await generateVideo(path.join(directory, "class.mp4"), { width: 426, height: 240, seconds: 4 });
  await generateAudio(path.join(directory, "session.m4a"), { loudSeconds: 2, silentSeconds: 1, format: "m4a" });
  video = await readFile(path.join(directory, "class.mp4"));
  audio = await readFile(path.join(directory, "session.m4a"));
});
test.afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function newItem(page: Page, type: "virtual-class" | "audio-workout") {
  await page.getByRole("navigation", { name: "Collections" }).getByRole("link", { name: "On-demand" }).click();
  await page.getByRole("link", { name: "New on-demand item" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New on-demand item" })).toBeVisible();
  // The field label follows the type ("Video" or "Audio") once the form has taken the choice.
  await expect(async () => {
    await page.getByLabel("Type").selectOption(type);
    await expect(page.getByRole("group", { name: type === "virtual-class" ? "Video" : "Audio" })).toBeVisible({ timeout: 1000 });
  }).toPass();
}

test("a video goes over tus through a broken connection, is processed live, plays with hls.js, gets its poster and captions", async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  await newItem(page, "virtual-class");

  // The first time its bytes are sent the connection breaks; tus-js-client asks where to go on and completes.
  let patches = 0;
  await page.route("**/api/v3/uploads/resumable/*", async (route) => {
    if (route.request().method() === "PATCH" && patches++ === 0) return route.abort("connectionreset");
    return route.continue();
  });
  await page.getByLabel("Upload video").setInputFiles({ name: "class.mp4", mimeType: "video/mp4", buffer: video });
  const group = page.getByRole("group", { name: "Video" });
  await expect(group.getByText(/Waiting to be processed|Processing: \d+%|Ready/)).toBeVisible({ timeout: 30_000 });
  expect(patches).toBeGreaterThanOrEqual(2);
  await page.unrouteAll({ behavior: "wait" });

  // Processing ends; the stream plays in Chromium and its time advances.
  await expect(group.getByText(/^Ready: 4\.0 s$/)).toBeVisible({ timeout: 90_000 });
  const player = page.getByLabel("Player of class.mp4");
  await expect(player).toBeVisible();
  await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);

  // The poster is the frame the editor stops at.
  await player.evaluate((element: HTMLVideoElement) => {
    element.pause();
    element.currentTime = 1.5;
  });
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeCloseTo(1.5, 1);
  await page.getByRole("button", { name: "Use the current frame as poster" }).click();
  await expect(group.getByText("Poster at 1.5 s")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("img", { name: "Poster of class.mp4" })).toBeVisible();

  // Captions: a file with a bad cue is refused with the line it is on; a good one is listed.
  await page.getByLabel("Upload de captions").setInputFiles({ name: "de.vtt", mimeType: "text/vtt", buffer: Buffer.from("WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nZurück\n") });
  await expect(page.getByRole("alert").filter({ hasText: "de captions: the captions are not valid WebVTT" })).toContainText(/line 3, column \d+: End timestamp is not greater than start timestamp\./);
  await page.getByLabel("Upload de captions").setInputFiles({ name: "de.vtt", mimeType: "text/vtt", buffer: Buffer.from("WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nWillkommen\n") });
  await expect(page.getByRole("link", { name: "de.vtt" })).toBeVisible();

  // The item's languages are compared with the media's (its captions here): shown, not refused.
  await page.getByLabel("Languages of the media").fill("en");
  await expect(page.getByRole("status").filter({ hasText: "The languages differ from the media's" })).toContainText("in the media but not listed: de");
  await page.getByLabel("Languages of the media").fill("de");
  await expect(page.getByRole("status").filter({ hasText: "The languages differ from the media's" })).toBeHidden();
  await page.getByRole("button", { name: "Remove de captions" }).click();
  await expect(page.getByRole("link", { name: "de.vtt" })).toBeHidden();
});

test("an audio workout shows its waveform and plays its AAC stream", async ({ page }) => {
  test.slow();
  await signInAsAdmin(page);
  await newItem(page, "audio-workout");
  await page.getByLabel("Upload audio").setInputFiles({ name: "session.m4a", mimeType: "audio/mp4", buffer: audio });
  const group = page.getByRole("group", { name: "Audio" });
  await expect(group.getByText(/^Ready: 3\.0 s$/)).toBeVisible({ timeout: 90_000 });
  const waveform = page.getByRole("img", { name: "Waveform of session.m4a" });
  await expect(waveform).toBeVisible();
  await expect.poll(() => waveform.locator("rect").count()).toBe(1000);
  const player = page.getByLabel("Player of session.m4a");
  await player.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
  });
  await expect.poll(() => player.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.3);
});
