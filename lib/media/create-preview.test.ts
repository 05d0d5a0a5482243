import { existsSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createPreview } from "./create-preview";
import { MediaError } from "./errors";
import { probeMedia } from "./probe-media";
import { generateAudio, generateVideo } from "./testing/generate-media";
import { useTemporaryDirectory } from "./testing/temporary-directory";

describe("createPreview", { timeout: 60_000 }, () => {
  const { file } = useTemporaryDirectory("preview");


  it("writes three seconds as an animated webp that loops, 320 pixels wide", async () => {
    const video = await generateVideo(file("class.mp4"), { width: 640, height: 360, seconds: 8, hasAudio: false });
    const preview = await createPreview(video, await probeMedia(video), file("class.webp"));
    expect(preview).toEqual({ path: file("class.webp"), start: 2, seconds: 3, width: 320, height: 180, frames: 30 });
    const metadata = await sharp(preview.path, { animated: true }).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 320, pageHeight: 180, pages: 30, loop: 0 });
    expect(metadata.delay).toEqual(Array.from({ length: 30 }, () => 100));
  });

  it("fits a portrait video into 320 pixels and keeps a short video whole", async () => {
    const video = await generateVideo(file("portrait.mp4"), { width: 360, height: 640, seconds: 1, hasAudio: false });
    const preview = await createPreview(video, await probeMedia(video), file("portrait.webp"), { start: 5 });
    expect(preview).toMatchObject({ start: 0, width: 180, height: 320, frames: 10 });
  });

  it("refuses audio and leaves no file", async () => {
    const audio = await generateAudio(file("audio.m4a"), { loudSeconds: 1, format: "m4a" });
    await expect(createPreview(audio, await probeMedia(audio), file("audio.webp"))).rejects.toThrow(new MediaError("The file has no video to make a preview of."));
    expect(existsSync(file("audio.webp"))).toBe(false);
  });
});
