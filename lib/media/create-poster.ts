import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { MediaError } from "./errors";
import { fitInside } from "./plan-ladder";
import type { ProbedMedia } from "./probe-media";
import { runFfmpeg } from "./run-tool";
import { posterSchema, type Poster, type PosterFormat } from "./schemas";

/** A poster is at most this many pixels on its long side (the 1080p rung's width). */
export const POSTER_MAX_SIDE = 1920;
/** Where in the video the automatic choice looks, as fractions of its duration. */
const CANDIDATE_FRACTIONS = [0.1, 0.3, 0.5, 0.7, 0.9];
/** A frame is black when at least this share of its pixels is darker than `DARK_LEVEL` (ffmpeg's blackframe defaults). */
const BLACK_SHARE = 0.98;
const DARK_LEVEL = 32;
const JPEG_QUALITY = 85;

export type CreatePosterOptions = {
  /** Take the frame at this second (0 to the duration); without it the frame is chosen (see `createPoster`). */
  second?: number;
  format?: PosterFormat;
  signal?: AbortSignal;
};

/**
 * Writes a poster frame of a video to `outputPath`, as JPEG (default) or PNG, at most 1920 pixels on
 * its long side. At a chosen `second`, that frame. Otherwise five frames spread over the video (at
 * 10, 30, 50, 70 and 90 %) are looked at: black ones are passed over, and of the rest the one with
 * the most contrast wins (titles, fades and empty stages have little). A video black throughout
 * gets its brightest frame.
 */
export async function createPoster(input: string, probe: ProbedMedia, outputPath: string, options: CreatePosterOptions = {}): Promise<Poster> {
  const { streams, width, height, duration } = probe;
  if (streams.video === null || !width || !height) throw new MediaError("The file has no video to take a poster from.");
  if (options.second !== undefined && !(options.second >= 0 && options.second <= duration)) {
    throw new MediaError(`The poster's second must be between 0 and ${duration} (the video's duration).`);
  }
  const format = options.format ?? "jpeg";
  const size = fitInside(width, height, POSTER_MAX_SIDE);
  const workDirectory = await mkdtemp(`${outputPath}.frames-`);
  try {
    const seconds = options.second !== undefined ? [options.second] : candidateSeconds(duration);
    const frames: Array<{ file: string; second: number; looks: FrameLooks }> = [];
    for (const [index, second] of seconds.entries()) {
      const file = path.join(workDirectory, `${index}.png`);
      if (!(await extractFrame(input, streams.video, second, size, file, options.signal))) continue;
      frames.push({ file, second, looks: await lookAt(file) });
    }
    // Seeking to the very end can land after the last frame; the first frame always exists.
    if (frames.length === 0) {
      const file = path.join(workDirectory, "first.png");
      if (!(await extractFrame(input, streams.video, 0, size, file, options.signal))) throw new MediaError("The file's video holds no frame to take a poster from.");
      frames.push({ file, second: 0, looks: await lookAt(file) });
    }
    const chosen = chooseFrame(frames);
    if (format === "png") await rename(chosen.file, outputPath);
    else await sharp(chosen.file).jpeg({ quality: JPEG_QUALITY }).toFile(outputPath);
    return posterSchema.parse({ path: outputPath, format, second: chosen.second, ...size });
  } finally {
    await rm(workDirectory, { recursive: true, force: true });
  }
}

function candidateSeconds(duration: number): number[] {
  const seconds = CANDIDATE_FRACTIONS.map((fraction) => Math.round(duration * fraction * 1000) / 1000);
  return [...new Set(seconds)];
}

/** Writes the frame at `second` as PNG; false when there is none there (a seek past the last frame). */
async function extractFrame(input: string, stream: number, second: number, size: { width: number; height: number }, file: string, signal?: AbortSignal): Promise<boolean> {
  await runFfmpeg(
    [
      "-ss", second.toFixed(3), "-i", input, "-map", `0:${stream}`, "-frames:v", "1",
      "-vf", `scale=${size.width}:${size.height},setsar=1`, "-f", "image2", "-c:v", "png", "-y", file,
    ],
    { signal, failureMessage: "The file's video cannot be decoded for a poster" },
  );
  return stat(file).then(
    (info) => info.size > 0,
    () => false,
  );
}

export type FrameLooks = { isBlack: boolean; brightness: number; contrast: number };

/**
 * How a frame looks, from a 64-pixel-wide grey copy: whether it is black, its mean brightness and its
 * contrast (the spread of brightness), all 0..255.
 */
export async function lookAt(file: string): Promise<FrameLooks> {
  const pixels = await sharp(file).resize({ width: 64, height: 64, fit: "inside" }).greyscale().raw().toBuffer();
  let dark = 0;
  let sum = 0;
  let squares = 0;
  for (const value of pixels) {
    if (value < DARK_LEVEL) dark++;
    sum += value;
    squares += value * value;
  }
  const count = Math.max(1, pixels.length);
  const brightness = sum / count;
  return { isBlack: dark / count >= BLACK_SHARE, brightness, contrast: Math.sqrt(Math.max(0, squares / count - brightness * brightness)) };
}

function chooseFrame<T extends { looks: FrameLooks }>(frames: T[]): T {
  const lit = frames.filter((frame) => !frame.looks.isBlack);
  if (lit.length === 0) return frames.reduce((best, frame) => (frame.looks.brightness > best.looks.brightness ? frame : best));
  return lit.reduce((best, frame) => (frame.looks.contrast > best.looks.contrast ? frame : best));
}
