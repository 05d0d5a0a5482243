import { describe, expect, it } from "vitest";
import { computeWaveform } from "./compute-waveform";
import { MediaError } from "./errors";
import { probeMedia } from "./probe-media";
import { WAVEFORM_POINTS, waveformSchema } from "./schemas";
import { generateAudio, generateVideo } from "./testing/generate-media";
import { useTemporaryDirectory } from "./testing/temporary-directory";

describe("computeWaveform", { timeout: 60_000 }, () => {
  const { file } = useTemporaryDirectory("waveform");


  it.each(["m4a", "mp3"] as const)("has the documented number of points, loud where the %s is loud and flat where it is silent", async (format) => {
    const audio = await generateAudio(file(`workout.${format}`), { loudSeconds: 2, silentSeconds: 2, format });
    const progress: number[] = [];
    const waveform = await computeWaveform(audio, await probeMedia(audio), { onProgress: (fraction) => progress.push(fraction) });
    expect(waveformSchema.parse(waveform)).toEqual(waveform);
    expect(waveform.points).toBe(1000);
    expect(waveform.peaks).toHaveLength(WAVEFORM_POINTS);
    expect(Math.abs(waveform.duration - 4)).toBeLessThan(0.1);
    // A tone at half of full scale for the first half, nothing for the second (encoders smear the edge).
    const loud = waveform.peaks.slice(20, 480);
    const silent = waveform.peaks.slice(540, 1000);
    expect(Math.min(...loud)).toBeGreaterThan(0.4);
    expect(Math.max(...loud)).toBeLessThan(0.6);
    expect(Math.max(...silent)).toBeLessThan(0.01);
    expect(progress.at(-1)).toBe(1);
  });

  it("draws the sound of a video", async () => {
    const video = await generateVideo(file("class.mp4"), { width: 160, height: 90, seconds: 2 });
    const waveform = await computeWaveform(video, await probeMedia(video));
    expect(waveform.peaks).toHaveLength(WAVEFORM_POINTS);
    expect(Math.max(...waveform.peaks)).toBeGreaterThan(0.05);
  });

  it("refuses a video without sound", async () => {
    const video = await generateVideo(file("silent.mp4"), { width: 160, height: 90, seconds: 1, hasAudio: false });
    await expect(computeWaveform(video, await probeMedia(video))).rejects.toThrow(new MediaError("The file has no audio to draw a waveform of."));
  });
});
