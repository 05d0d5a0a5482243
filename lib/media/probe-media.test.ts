import { writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { MediaError } from "./errors";
import { probeMedia } from "./probe-media";
import { runFfmpeg } from "./run-tool";
import { corruptMediaData, generateAudio, generateVideo } from "./testing/generate-media";
import { useTemporaryDirectory } from "./testing/temporary-directory";

describe("probeMedia", { timeout: 60_000 }, () => {
  const { file, directory } = useTemporaryDirectory("probe");


  it("measures a video with sound", async () => {
    await generateVideo(file("class.mp4"), { width: 320, height: 180, seconds: 2, fps: 25 });
    const probe = await probeMedia(file("class.mp4"));
    expect(probe).toMatchObject({ width: 320, height: 180, codecs: ["h264", "aac"], has_audio: true, has_video: true, frame_rate: 25 });
    expect(probe.duration).toBeCloseTo(2, 1);
    expect(probe.streams).toEqual({ video: 0, audio: 1 });
  });

  it("gives the displayed size of a video recorded turned", async () => {
    await generateVideo(file("portrait.mp4"), { width: 320, height: 180, seconds: 1, rotation: 90, hasAudio: false });
    const probe = await probeMedia(file("portrait.mp4"));
    expect(probe).toMatchObject({ width: 180, height: 320, has_audio: false, has_video: true, codecs: ["h264"] });
  });

  it("takes an mp4 with only sound for audio", async () => {
    await generateAudio(file("audio-only.mp4"), { loudSeconds: 2, format: "mp4" });
    const probe = await probeMedia(file("audio-only.mp4"));
    expect(probe).toMatchObject({ has_video: false, has_audio: true, width: null, height: null, frame_rate: null, codecs: ["aac"] });
    expect(probe.duration).toBeCloseTo(2, 1);
  });

  it("does not take an mp3's cover picture for video", async () => {
    await generateAudio(file("song.mp3"), { loudSeconds: 2, format: "mp3", hasCover: true });
    const probe = await probeMedia(file("song.mp3"));
    expect(probe).toMatchObject({ has_video: false, has_audio: true, codecs: ["mp3"], width: null });
    expect(probe.streams.video).toBeNull();
  });

  it("refuses a file that sniffs as mp4 but is not one, without naming the path", async () => {
    const header = Buffer.from("0000001c667479706973366d0000020069736f6d69736f32617663316d703431", "hex");
    await writeFile(file("fake.mp4"), Buffer.concat([header, Buffer.alloc(4096, 7)]));
    const error = await probeMedia(file("fake.mp4")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as Error).message).toBe("The file cannot be read as audio or video (Invalid data found when processing input).");
  });

  it("refuses an mp4 whose headers are intact but whose data does not decode", async () => {
    await generateVideo(file("corrupt.mp4"), { width: 320, height: 180, seconds: 2 });
    await corruptMediaData(file("corrupt.mp4"));
    const error = await probeMedia(file("corrupt.mp4")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as Error).message).toMatch(/^The file's audio and video cannot be decoded \(.+\)\.$/);
    expect((error as Error).message).not.toContain(directory());
  });

  it("refuses a 0-second video", async () => {
    await runFfmpeg(["-f", "lavfi", "-i", "testsrc=s=320x180:r=25", "-t", "0", "-c:v", "libx264", "-y", file("zero.mp4")], { failureMessage: "generate" });
    await expect(probeMedia(file("zero.mp4"))).rejects.toThrow(new MediaError("The file holds no audio or video."));
  });

  it("refuses what is not media at all", async () => {
    await writeFile(file("notes.txt"), "just some words\n");
    await expect(probeMedia(file("notes.txt"))).rejects.toBeInstanceOf(MediaError);
  });

  it("stops when aborted", async () => {
    await generateVideo(file("abort.mp4"), { width: 320, height: 180, seconds: 1 });
    const controller = new AbortController();
    controller.abort(new Error("deleted"));
    await expect(probeMedia(file("abort.mp4"), { signal: controller.signal })).rejects.toThrow("deleted");
  });
});
