import { MediaError } from "./errors";
import type { ProbedMedia } from "./probe-media";
import { runFfmpeg } from "./run-tool";
import { WAVEFORM_POINTS, waveformSchema, type Waveform } from "./schemas";
import { PeakAccumulator } from "./waveform-peaks";

/** The audio is decoded to mono at this rate for its peaks: plenty for a picture of loudness. */
const WAVEFORM_SAMPLE_RATE = 8000;

/**
 * The waveform of a file's audio: `WAVEFORM_POINTS` peaks. ffmpeg decodes the audio to 16-bit mono
 * PCM on a pipe and the peaks are taken as it flows, so memory stays the same for an hour of audio
 * as for a second.
 */
export async function computeWaveform(input: string, probe: ProbedMedia, options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {}): Promise<Waveform> {
  if (probe.streams.audio === null) throw new MediaError("The file has no audio to draw a waveform of.");
  const peaks = new PeakAccumulator(WAVEFORM_POINTS);
  await runFfmpeg(
    [
      "-i", input, "-map", `0:${probe.streams.audio}`, "-vn",
      "-ac", "1", "-ar", String(WAVEFORM_SAMPLE_RATE), "-c:a", "pcm_s16le", "-f", "s16le", "pipe:1",
    ],
    {
      signal: options.signal,
      durationSeconds: probe.duration,
      onProgress: options.onProgress,
      onStdout: (chunk) => peaks.addPcm16(chunk),
      failureMessage: "The file's audio cannot be decoded",
    },
  );
  return waveformSchema.parse({
    points: WAVEFORM_POINTS,
    duration: Math.round((peaks.sampleCount / WAVEFORM_SAMPLE_RATE) * 1000) / 1000,
    peaks: peaks.peaks(),
  });
}
