import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseMediaPlaylist } from "./hls-playlists";
import { probeMedia } from "./probe-media";
import { describeMedia, generateAudio, generateVideo } from "./testing/generate-media";
import { useTemporaryDirectory } from "./testing/temporary-directory";
import { SEGMENT_SECONDS, transcodeMedia } from "./transcode-media";

/** Every segment of a rendition, each probed; the playlist's whole duration. */
async function checkRendition(directory: string, uri: string) {
  const playlistFile = path.join(directory, uri);
  const playlist = parseMediaPlaylist(await readFile(playlistFile, "utf8"));
  expect(playlist.isComplete).toBe(true);
  expect(playlist.initialization).toBe("init.mp4");
  for (const segment of playlist.segments) {
    expect(segment.duration).toBeLessThanOrEqual(SEGMENT_SECONDS + 0.1);
    expect(existsSync(path.join(path.dirname(playlistFile), segment.uri))).toBe(true);
  }
  return { playlist, media: await describeMedia(playlistFile) };
}

describe("transcodeMedia", { timeout: 120_000 }, () => {
  const { file, directory } = useTemporaryDirectory("transcode");

  beforeAll(async () => {
    await generateVideo(file("class.mp4"), { width: 640, height: 360, seconds: 8 });
  });

  it("makes the ladder up to the source's size, with H.264 and AAC in fMP4 segments and a master playlist", async () => {
    const probe = await probeMedia(file("class.mp4"));
    const progress: number[] = [];
    const output = file("class-hls");
    const ladder = await transcodeMedia(file("class.mp4"), probe, output, { onProgress: (fraction) => progress.push(fraction) });

    expect(ladder.variants.map((variant) => [variant.name, variant.width, variant.height])).toEqual([
      ["240p", 426, 240],
      ["360p", 640, 360],
    ]);
    for (const variant of ladder.variants) {
      const { playlist, media } = await checkRendition(output, variant.uri);
      expect(playlist.segments.map((segment) => segment.duration)).toEqual([6, 2]);
      expect(media.streams).toEqual([expect.objectContaining({ codec_type: "video", codec_name: "h264", profile: "High", width: variant.width, height: variant.height })]);
      expect(Math.abs(media.duration - 8)).toBeLessThan(0.5);
      expect(variant.codecs).toMatch(/^avc1\.6400[0-9a-f]{2}$/);
      expect(variant.bandwidth).toBeGreaterThanOrEqual(variant.averageBandwidth);
      expect(variant.averageBandwidth).toBeGreaterThan(0);
    }
    const { media: audio } = await checkRendition(output, ladder.audio!.uri);
    expect(audio.streams).toEqual([expect.objectContaining({ codec_type: "audio", codec_name: "aac" })]);
    expect(Math.abs(audio.duration - 8)).toBeLessThan(0.5);

    const master = await readFile(path.join(output, "master.m3u8"), "utf8");
    const [low, high] = ladder.variants;
    expect(master).toContain(`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/index.m3u8"`);
    expect(master).toContain(
      `#EXT-X-STREAM-INF:BANDWIDTH=${high!.bandwidth + ladder.audio!.bandwidth},AVERAGE-BANDWIDTH=${high!.averageBandwidth + ladder.audio!.averageBandwidth},CODECS="${high!.codecs},mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25.000,AUDIO="audio"\n360p/index.m3u8\n`,
    );
    expect(master.indexOf("240p/index.m3u8")).toBeLessThan(master.indexOf("360p/index.m3u8"));
    expect(low!.codecs).toMatch(/^avc1\./);
    // ffprobe follows the master through every variant and the audio rendition.
    const whole = await describeMedia(path.join(output, "master.m3u8"));
    expect(Math.abs(whole.duration - 8)).toBeLessThan(0.5);

    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it("makes an audio rendition alone for audio, and a master with that one variant", async () => {
    await generateAudio(file("workout.m4a"), { loudSeconds: 3, format: "m4a" });
    const probe = await probeMedia(file("workout.m4a"));
    const output = file("workout-hls");
    const ladder = await transcodeMedia(file("workout.m4a"), probe, output);
    expect(ladder.variants).toEqual([]);
    const { media } = await checkRendition(output, "audio/index.m3u8");
    expect(media.streams).toEqual([expect.objectContaining({ codec_type: "audio", codec_name: "aac" })]);
    expect(Math.abs(media.duration - 3)).toBeLessThan(0.5);
    expect(await readFile(path.join(output, "master.m3u8"), "utf8")).toBe(
      `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=${ladder.audio!.bandwidth},AVERAGE-BANDWIDTH=${ladder.audio!.averageBandwidth},CODECS="mp4a.40.2"\naudio/index.m3u8\n`,
    );
    expect((await readdir(output)).sort()).toEqual(["audio", "master.m3u8"]);
  });

  it("makes video without an audio group for a silent video, and one rendition at its own size when it is smaller than 240p", async () => {
    await generateVideo(file("tiny.mp4"), { width: 192, height: 108, seconds: 2, hasAudio: false });
    const probe = await probeMedia(file("tiny.mp4"));
    const output = file("tiny-hls");
    const ladder = await transcodeMedia(file("tiny.mp4"), probe, output);
    expect(ladder.audio).toBeNull();
    expect(ladder.variants.map((variant) => [variant.name, variant.width, variant.height])).toEqual([["108p", 192, 108]]);
    const { media } = await checkRendition(output, "108p/index.m3u8");
    expect(media.streams).toEqual([expect.objectContaining({ codec_name: "h264", width: 192, height: 108 })]);
    const master = await readFile(path.join(output, "master.m3u8"), "utf8");
    expect(master).not.toContain("AUDIO");
    expect(master).toContain(`CODECS="${ladder.variants[0]!.codecs}",RESOLUTION=192x108,FRAME-RATE=25.000\n108p/index.m3u8`);
  });

  it("stops ffmpeg when aborted and leaves no half-written ladder", async () => {
    await generateVideo(file("long.mp4"), { width: 640, height: 360, seconds: 30, hasAudio: false });
    const probe = await probeMedia(file("long.mp4"));
    const output = file("long-hls");
    const controller = new AbortController();
    const transcoding = transcodeMedia(file("long.mp4"), probe, output, {
      signal: controller.signal,
      onProgress: (fraction) => {
        if (fraction > 0) controller.abort(new Error("the upload was deleted"));
      },
    });
    await expect(transcoding).rejects.toThrow("the upload was deleted");
    expect(existsSync(output)).toBe(false);
  });

  it("refuses an output directory that already holds files", async () => {
    const probe = await probeMedia(file("class.mp4"));
    await expect(transcodeMedia(file("class.mp4"), probe, directory())).rejects.toThrow("transcodeMedia needs an empty output directory");
  });
});
