import { readFile, rm, writeFile } from "node:fs/promises";
import { runFfmpeg, runFfprobe } from "../run-tool";

/**
 * Media made by ffmpeg for tests and the benchmark: a test pattern and a tone, small and short.
 * Nothing here is used by the service itself.
 */

export type VideoSpec = {
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  /** With a 440 Hz tone (default true). */
  hasAudio?: boolean;
  /** Seconds of black before the test pattern starts. */
  blackSeconds?: number;
  /** Written as the stream's rotation (phones record portrait video this way). */
  rotation?: 90;
  /** x264 speed; the default is the fastest. */
  preset?: string;
};

export async function generateVideo(file: string, spec: VideoSpec): Promise<string> {
  const { width, height, seconds } = spec;
  const fps = spec.fps ?? 25;
  const size = `${width}x${height}`;
  const black = spec.blackSeconds ?? 0;
  const sources = black > 0
    ? `color=c=black:s=${size}:r=${fps}:d=${black}[b];testsrc=s=${size}:r=${fps}:d=${seconds - black}[t];[b][t]concat=n=2:v=1:a=0,format=yuv420p[v]`
    : `testsrc=s=${size}:r=${fps}:d=${seconds},format=yuv420p[v]`;
  const audio = spec.hasAudio === false ? "" : `;sine=frequency=440:sample_rate=48000:duration=${seconds}[a]`;
  await runFfmpeg(
    [
      "-filter_complex", `${sources}${audio}`, "-map", "[v]", ...(audio ? ["-map", "[a]", "-c:a", "aac", "-b:a", "96k"] : []),
      "-c:v", "libx264", "-preset", spec.preset ?? "ultrafast", "-g", String(fps),
      "-y", spec.rotation ? `${file}.upright.mp4` : file,
    ],
    { failureMessage: "could not generate the test video" },
  );
  if (spec.rotation) {
    // ffmpeg 4.1 writes the rotation only when copying streams, not when encoding them.
    await runFfmpeg(["-i", `${file}.upright.mp4`, "-c", "copy", "-metadata:s:v:0", `rotate=${spec.rotation}`, "-y", file], { failureMessage: "could not rotate the test video" });
    await rm(`${file}.upright.mp4`);
  }
  return file;
}

export type AudioSpec = {
  /** Seconds of a loud tone (half of full scale) … */
  loudSeconds: number;
  /** … followed by this many seconds of silence. */
  silentSeconds?: number;
  format: "m4a" | "mp3" | "mp4";
  /** mp3 only: a PNG cover picture attached, as music files carry. */
  hasCover?: boolean;
};

export async function generateAudio(file: string, spec: AudioSpec): Promise<string> {
  const silent = spec.silentSeconds ?? 0;
  // The sine source plays at 1/8 of full scale; four times that is half.
  const tone = `sine=frequency=440:sample_rate=48000:duration=${spec.loudSeconds},volume=4[tone]`;
  const graph = silent > 0 ? `${tone};anullsrc=r=48000:cl=mono,atrim=duration=${silent}[quiet];[tone][quiet]concat=n=2:v=0:a=1[a]` : tone.replace("[tone]", "[a]");
  const codec = spec.format === "mp3" ? ["-c:a", "libmp3lame", "-b:a", "128k"] : ["-c:a", "aac", "-b:a", "96k"];
  const hasCover = spec.format === "mp3" && spec.hasCover === true;
  const coverInput = hasCover ? ["-f", "lavfi", "-i", "color=c=red:s=64x64:d=1"] : [];
  const coverOutput = hasCover ? ["-map", "0:v", "-frames:v", "1", "-c:v", "png", "-disposition:v", "attached_pic", "-id3v2_version", "3"] : [];
  await runFfmpeg(
    [...coverInput, "-filter_complex", graph, "-map", "[a]", ...codec, ...coverOutput, ...(spec.format === "mp4" ? ["-f", "mp4"] : []), "-y", file],
    { failureMessage: "could not generate the test audio" },
  );
  return file;
}

/**
 * Overwrites most of an mp4's media data with noise: the headers still describe good streams, but
 * nothing decodes (a file that sniffs as mp4 and is not playable).
 */
export async function corruptMediaData(file: string): Promise<string> {
  const bytes = await readFile(file);
  const at = bytes.indexOf("mdat", 0, "latin1");
  if (at < 4) throw new Error("no mdat box");
  const end = Math.min(bytes.length, at - 4 + bytes.readUInt32BE(at - 4));
  let state = 12345;
  for (let index = at + 64; index < end; index++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[index] = state >> 16;
  }
  await writeFile(file, bytes);
  return file;
}

export type ProbedStream = { codec_type: string; codec_name: string; width?: number; height?: number; profile?: string };

/** What ffprobe says of a file or playlist: its streams and duration (seconds). */
export async function describeMedia(input: string): Promise<{ streams: ProbedStream[]; duration: number }> {
  const json = JSON.parse(
    await runFfprobe(["-print_format", "json", "-show_entries", "format=duration:stream=codec_type,codec_name,width,height,profile", input], {
      failureMessage: "ffprobe failed",
    }),
  ) as { streams?: ProbedStream[]; format?: { duration?: string } };
  return { streams: json.streams ?? [], duration: Number(json.format?.duration ?? Number.NaN) };
}
