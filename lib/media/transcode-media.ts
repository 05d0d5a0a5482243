import { mkdir, open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { MediaError, MediaToolError } from "./errors";
import { AAC_LC_CODEC, parseMediaPlaylist, writeMasterPlaylist } from "./hls-playlists";
import { planLadder } from "./plan-ladder";
import type { ProbedMedia } from "./probe-media";
import { runFfmpeg } from "./run-tool";
import { hlsLadderSchema, type HlsAudio, type HlsLadder, type HlsVariant, type LadderRung } from "./schemas";

/** Target length of a segment; keyframes every `KEYFRAME_SECONDS` make every rendition cut at the same instants. */
export const SEGMENT_SECONDS = 6;
const KEYFRAME_SECONDS = 2;
/** Frame rates above this are lowered to it (a phone's 120 fps slow motion needs no more for streaming). */
const MAX_FRAME_RATE = 60;
const AUDIO_BITRATE = 128_000;
const AUDIO_CHANNELS = 2;
const MASTER_PLAYLIST = "master.m3u8";
const AUDIO_DIRECTORY = "audio";
const RENDITION_PLAYLIST = "index.m3u8";

export type TranscodeOptions = {
  /** Aborting kills ffmpeg; the output directory is then removed and the call rejects with the reason. */
  signal?: AbortSignal;
  /** 0..1 as the transcoding goes through the media; 1 once every playlist is written. */
  onProgress?: (fraction: number) => void;
};

/**
 * Transcodes probed media into an HLS ladder in `outputDir` (created; it must not hold anything):
 * one fMP4 H.264 rendition per rung of `planLadder` (all made by one ffmpeg run that decodes the
 * source once), one AAC rendition shared by them, and `master.m3u8`. The source is streamed by
 * ffmpeg, never held in memory. On any failure the directory is removed, so no half-written ladder
 * is left behind.
 */
export async function transcodeMedia(input: string, probe: ProbedMedia, outputDir: string, options: TranscodeOptions = {}): Promise<HlsLadder> {
  const plan = planLadder(probe);
  const audioStream = plan.hasAudio ? probe.streams.audio : null;
  const videoStream = plan.video.length > 0 ? probe.streams.video : null;
  if (audioStream === null && videoStream === null) throw new MediaError("The file holds no audio or video.");
  await mkdir(outputDir, { recursive: true });
  if ((await readdir(outputDir)).length > 0) throw new Error(`transcodeMedia needs an empty output directory: ${outputDir}`);
  try {
    const args = ["-i", input];
    if (videoStream !== null) {
      const rate = probe.frame_rate && probe.frame_rate > MAX_FRAME_RATE ? `fps=${MAX_FRAME_RATE},` : "";
      const branches = plan.video.map((_, index) => `[s${index}]`).join("");
      const scaled = plan.video.map((rung, index) => `[s${index}]scale=${rung.width}:${rung.height},setsar=1,format=yuv420p[v${index}]`);
      args.push("-filter_complex", [`[0:${videoStream}]${rate}split=${plan.video.length}${branches}`, ...scaled].join(";"));
      plan.video.forEach((rung, index) => {
        args.push("-map", `[v${index}]`, "-an", ...videoEncoding(rung), ...hlsOutput(outputDir, rung.name));
      });
    }
    if (audioStream !== null) {
      args.push(
        "-map", `0:${audioStream}`, "-vn",
        "-c:a", "aac", "-b:a", String(AUDIO_BITRATE), "-ac", String(AUDIO_CHANNELS), "-ar", "48000",
        ...hlsOutput(outputDir, AUDIO_DIRECTORY),
      );
    }
    await mkdirs(outputDir, [...plan.video.map((rung) => rung.name), ...(audioStream !== null ? [AUDIO_DIRECTORY] : [])]);
    await runFfmpeg(args, {
      signal: options.signal,
      durationSeconds: probe.duration,
      // 1 is reported below, once the playlists are written too.
      onProgress: options.onProgress ? (fraction) => fraction < 1 && options.onProgress!(fraction) : undefined,
      failureMessage: "The file cannot be transcoded",
    });

    const variants: HlsVariant[] = [];
    for (const rung of videoStream !== null ? plan.video : []) {
      const measured = await measureRendition(outputDir, rung.name);
      const codecs = await readAvcCodec(path.join(outputDir, rung.name, measured.initialization));
      variants.push({
        name: rung.name,
        uri: `${rung.name}/${RENDITION_PLAYLIST}`,
        width: rung.width,
        height: rung.height,
        frameRate: probe.frame_rate ? Math.min(probe.frame_rate, MAX_FRAME_RATE) : null,
        codecs,
        bandwidth: measured.bandwidth,
        averageBandwidth: measured.averageBandwidth,
      });
    }
    let audio: HlsAudio | null = null;
    if (audioStream !== null) {
      const measured = await measureRendition(outputDir, AUDIO_DIRECTORY);
      audio = {
        uri: `${AUDIO_DIRECTORY}/${RENDITION_PLAYLIST}`,
        codecs: AAC_LC_CODEC,
        channels: AUDIO_CHANNELS,
        bandwidth: measured.bandwidth,
        averageBandwidth: measured.averageBandwidth,
      };
    }
    const ladder = hlsLadderSchema.parse({ master: MASTER_PLAYLIST, duration: probe.duration, segmentSeconds: SEGMENT_SECONDS, variants, audio });
    await writeFile(path.join(outputDir, MASTER_PLAYLIST), writeMasterPlaylist(ladder));
    options.onProgress?.(1);
    return ladder;
  } catch (error) {
    await rm(outputDir, { recursive: true, force: true });
    throw error;
  }
}

/** H.264 High profile, constant quality capped at the rung's bitrate, a keyframe every two seconds. */
function videoEncoding(rung: LadderRung): string[] {
  return [
    "-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-crf", "23",
    "-maxrate", String(rung.maxBitrate), "-bufsize", String(rung.maxBitrate * 2),
    "-force_key_frames", `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
  ];
}

/** An fMP4 HLS rendition in `outputDir/name/`: `index.m3u8`, `init.mp4` and numbered `.m4s` segments. */
function hlsOutput(outputDir: string, name: string): string[] {
  const directory = path.join(outputDir, name);
  return [
    "-f", "hls", "-hls_time", String(SEGMENT_SECONDS), "-hls_playlist_type", "vod",
    "-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "init.mp4", "-hls_flags", "independent_segments",
    "-hls_segment_filename", path.join(directory, "seg_%05d.m4s"),
    path.join(directory, RENDITION_PLAYLIST),
  ];
}

async function mkdirs(outputDir: string, names: string[]): Promise<void> {
  for (const name of names) await mkdir(path.join(outputDir, name), { recursive: true });
}

/**
 * The bandwidths of a written rendition from its segments' sizes. BANDWIDTH is the peak segment
 * bit rate (RFC 8216) over the segments at least half the target length (and never below the
 * average): a last segment of a few frames has a tiny duration and would otherwise claim a peak no
 * stretch of the stream reaches, and players would then avoid a rendition they can play.
 */
async function measureRendition(outputDir: string, name: string): Promise<{ bandwidth: number; averageBandwidth: number; initialization: string }> {
  const directory = path.join(outputDir, name);
  const playlist = parseMediaPlaylist(await readFile(path.join(directory, RENDITION_PLAYLIST), "utf8"));
  if (!playlist.isComplete || playlist.segments.length === 0 || !playlist.initialization) {
    throw new MediaToolError(`ffmpeg left an incomplete ${name} rendition`);
  }
  let totalBytes = 0;
  let totalSeconds = 0;
  const rates: Array<{ bitsPerSecond: number; duration: number }> = [];
  for (const segment of playlist.segments) {
    const { size } = await stat(path.join(directory, segment.uri));
    totalBytes += size;
    totalSeconds += segment.duration;
    rates.push({ bitsPerSecond: segment.duration > 0 ? (size * 8) / segment.duration : 0, duration: segment.duration });
  }
  const fullLength = rates.filter((rate) => rate.duration >= SEGMENT_SECONDS / 2);
  const peak = Math.max(...(fullLength.length > 0 ? fullLength : rates).map((rate) => rate.bitsPerSecond));
  const average = totalSeconds > 0 ? (totalBytes * 8) / totalSeconds : peak;
  return { bandwidth: Math.ceil(Math.max(peak, average)), averageBandwidth: Math.ceil(average), initialization: playlist.initialization };
}

/** How much of an initialization segment is searched for the `avcC` box (it is a few hundred bytes in). */
const INIT_SEARCH_BYTES = 64 * 1024;

/**
 * The RFC 6381 codec of an H.264 rendition, `avc1.PPCCLL`, read from the `avcC` box of its
 * initialization segment: profile, constraint flags and level as the encoder wrote them.
 */
export async function readAvcCodec(initialization: string): Promise<string> {
  const file = await open(initialization, "r");
  try {
    const buffer = Buffer.alloc(INIT_SEARCH_BYTES);
    const { bytesRead } = await file.read(buffer, 0, INIT_SEARCH_BYTES, 0);
    const at = buffer.subarray(0, bytesRead).indexOf("avcC", 0, "latin1");
    if (at < 0 || at + 8 > bytesRead) throw new MediaToolError("the H.264 rendition has no avcC box");
    return `avc1.${buffer.subarray(at + 5, at + 8).toString("hex")}`;
  } finally {
    await file.close();
  }
}
