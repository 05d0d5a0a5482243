import type { LadderPlan, LadderRung, MediaProbe } from "./schemas";

/**
 * The HLS ladder (ADR 14): each rung is a box a landscape video is fitted into (a portrait video
 * into the box turned), with the most bits per second its H.264 may use. Quality is constant
 * (CRF) under that cap, so still scenes cost less.
 */
export const LADDER = [
  { name: "240p", width: 426, height: 240, maxBitrate: 400_000 },
  { name: "360p", width: 640, height: 360, maxBitrate: 800_000 },
  { name: "540p", width: 960, height: 540, maxBitrate: 1_600_000 },
  { name: "720p", width: 1280, height: 720, maxBitrate: 2_800_000 },
  { name: "1080p", width: 1920, height: 1080, maxBitrate: 5_000_000 },
] as const satisfies readonly LadderRung[];

/**
 * The renditions to make of a probed file: every rung the source fills (it is at least as large as
 * the rung's box in one direction), so nothing is ever scaled up. A source smaller than the lowest
 * box gets one rendition at its own size. Audio-only media (including an mp4 "video" with no picture)
 * gets no video rung, only the audio rendition.
 */
export function planLadder(probe: Pick<MediaProbe, "has_video" | "has_audio" | "width" | "height">): LadderPlan {
  const { width, height } = probe;
  if (!probe.has_video || !width || !height) return { video: [], hasAudio: probe.has_audio };
  const isPortrait = height > width;
  const rungs: LadderRung[] = [];
  for (const rung of LADDER) {
    const box = isPortrait ? { width: rung.height, height: rung.width } : rung;
    const scale = Math.min(box.width / width, box.height / height);
    if (scale > 1) continue;
    rungs.push({ name: rung.name, ...scaledSize(width, height, scale), maxBitrate: rung.maxBitrate });
  }
  if (rungs.length === 0) {
    const own = scaledSize(width, height, 1);
    rungs.push({ name: `${Math.min(own.width, own.height)}p`, ...own, maxBitrate: LADDER[0].maxBitrate });
  }
  return { video: rungs, hasAudio: probe.has_audio };
}

/**
 * A size scaled by `scale` and rounded to even numbers (H.264 in 4:2:0 needs them), at least 2.
 */
export function scaledSize(width: number, height: number, scale: number): { width: number; height: number } {
  const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));
  return { width: even(width * scale), height: even(height * scale) };
}

/** `width` × `height` fitted inside a square of `side` pixels, never enlarged. */
export function fitInside(width: number, height: number, side: number): { width: number; height: number } {
  return scaledSize(width, height, Math.min(1, side / Math.max(width, height)));
}
