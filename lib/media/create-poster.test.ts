import { readdir } from "node:fs/promises";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createPoster, lookAt } from "./create-poster";
import { MediaError } from "./errors";
import { probeMedia, type ProbedMedia } from "./probe-media";
import { generateAudio, generateVideo } from "./testing/generate-media";
import { useTemporaryDirectory } from "./testing/temporary-directory";

describe("createPoster", { timeout: 60_000 }, () => {
  let video: string;
  let probe: ProbedMedia;
  const { file, directory } = useTemporaryDirectory("poster");

  beforeAll(async () => {
    // Black for the first two of five seconds, as many recordings start.
    video = await generateVideo(file("class.mp4"), { width: 320, height: 180, seconds: 5, blackSeconds: 2, hasAudio: false });
    probe = await probeMedia(video);
  });

  it("chooses a frame that is not black, as a JPEG of the video's size", async () => {
    const poster = await createPoster(video, probe, file("auto.jpg"));
    expect(poster).toEqual({ path: file("auto.jpg"), format: "jpeg", second: expect.any(Number), width: 320, height: 180 });
    expect(poster.second).toBeGreaterThanOrEqual(2);
    const metadata = await sharp(poster.path).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 320, 180]);
    const looks = await lookAt(poster.path);
    expect(looks.isBlack).toBe(false);
    expect(looks.brightness).toBeGreaterThan(60);
    // Only the poster is left: the candidate frames are gone.
    expect(await readdir(directory())).not.toContainEqual(expect.stringContaining(".frames-"));
  });

  it("takes the frame at the chosen second, even a black one", async () => {
    const black = await createPoster(video, probe, file("at-1.png"), { second: 1, format: "png" });
    expect(black).toMatchObject({ format: "png", second: 1 });
    expect((await sharp(black.path).metadata()).format).toBe("png");
    expect((await lookAt(black.path)).isBlack).toBe(true);
    const lit = await createPoster(video, probe, file("at-3.jpg"), { second: 3 });
    expect((await lookAt(lit.path)).isBlack).toBe(false);
  });

  it("refuses a second outside the video", async () => {
    await expect(createPoster(video, probe, file("late.jpg"), { second: 9 })).rejects.toThrow(
      new MediaError("The poster's second must be between 0 and 5 (the video's duration)."),
    );
  });

  it("gives a video black throughout its brightest frame rather than none", async () => {
    const dark = await generateVideo(file("dark.mp4"), { width: 160, height: 90, seconds: 2, blackSeconds: 2, hasAudio: false });
    const poster = await createPoster(dark, await probeMedia(dark), file("dark.jpg"));
    expect((await lookAt(poster.path)).isBlack).toBe(true);
  });

  it("refuses audio", async () => {
    const audio = await generateAudio(file("audio.m4a"), { loudSeconds: 1, format: "m4a" });
    await expect(createPoster(audio, await probeMedia(audio), file("audio.jpg"))).rejects.toThrow(new MediaError("The file has no video to take a poster from."));
  });
});
