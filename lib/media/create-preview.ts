import { rm } from "node:fs/promises";
import sharp from "sharp";
import { MediaError } from "./errors";
import { fitInside } from "./plan-ladder";
import type { ProbedMedia } from "./probe-media";
import { runFfmpeg } from "./run-tool";
import { previewSchema, type Preview } from "./schemas";

/** An animated preview is this many seconds long (shorter videos: all of them) … */
export const PREVIEW_SECONDS = 3;
/** … at this many frames per second … */
const PREVIEW_FPS = 10;
/** … and at most this many pixels on its long side (list screens show it small). */
export const PREVIEW_MAX_SIDE = 320;
const WEBP_QUALITY = 60;

export type CreatePreviewOptions = {
  /** Where the preview starts; by default a quarter of the way into the video. */
  start?: number;
  signal?: AbortSignal;
};

/**
 * Writes a few seconds of a video as an animated webp that loops forever, for list screens:
 * 3 s at 10 frames per second, at most 320 pixels on the long side, no sound. ffmpeg encodes it
 * itself (libwebp); nothing but the small result is held in memory, and only to measure it.
 */
export async function createPreview(input: string, probe: ProbedMedia, outputPath: string, options: CreatePreviewOptions = {}): Promise<Preview> {
  const { streams, width, height, duration } = probe;
  if (streams.video === null || !width || !height) throw new MediaError("The file has no video to make a preview of.");
  const seconds = Math.min(PREVIEW_SECONDS, duration);
  const latestStart = Math.max(0, duration - seconds);
  const start = Math.min(latestStart, Math.max(0, options.start ?? duration * 0.25));
  const size = fitInside(width, height, PREVIEW_MAX_SIDE);
  try {
    await runFfmpeg(
      [
        "-ss", start.toFixed(3), "-t", Math.max(seconds, 0.001).toFixed(3), "-i", input, "-map", `0:${streams.video}`, "-an",
        "-vf", `fps=${PREVIEW_FPS},scale=${size.width}:${size.height}:flags=lanczos,setsar=1`,
        "-c:v", "libwebp_anim", "-lossless", "0", "-quality", String(WEBP_QUALITY), "-compression_level", "4",
        "-loop", "0", "-f", "webp", "-y", outputPath,
      ],
      { signal: options.signal, durationSeconds: seconds, failureMessage: "The file's video cannot be decoded for a preview" },
    );
    const metadata = await sharp(outputPath, { animated: true }).metadata();
    const frames = metadata.pages ?? 1;
    return previewSchema.parse({ path: outputPath, start, seconds: frames / PREVIEW_FPS, ...size, frames });
  } catch (error) {
    await rm(outputPath, { force: true });
    throw error;
  }
}
