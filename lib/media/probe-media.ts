import { z } from "zod";
import { MediaError } from "./errors";
import { runFfmpeg, runFfprobe } from "./run-tool";
import { mediaProbeSchema, type MediaProbe } from "./schemas";

/** What `probeMedia` needs of ffprobe's JSON; everything else it says is ignored. */
const ffprobeStreamSchema = z.object({
  index: z.number().int(),
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  sample_aspect_ratio: z.string().optional(),
  avg_frame_rate: z.string().optional(),
  r_frame_rate: z.string().optional(),
  duration: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() }).partial()).optional(),
});

const ffprobeOutputSchema = z.object({
  streams: z.array(ffprobeStreamSchema).default([]),
  format: z.object({ duration: z.string().optional() }).partial().default({}),
});

type FfprobeStream = z.output<typeof ffprobeStreamSchema>;

/** The streams processing works from, by their index in the file. */
export type MediaStreams = { video: number | null; audio: number | null };

export type ProbedMedia = MediaProbe & { streams: MediaStreams };

/** How much of the file the decoding check reads, in seconds. */
const DECODE_CHECK_SECONDS = 2;

/**
 * What a media file (a path, or an http(s) address ffmpeg can read with ranges) holds: duration,
 * displayed size, codecs, audio and video. Its first seconds are decoded too, so a file that sniffs
 * as mp4 but holds garbage, or holds no frame at all, is refused here with a `MediaError` written for
 * people. Nothing of the file is read into this process's memory.
 */
export async function probeMedia(input: string, options: { signal?: AbortSignal } = {}): Promise<ProbedMedia> {
  const json = await runFfprobe(["-print_format", "json", "-show_format", "-show_streams", input], {
    signal: options.signal,
    failureMessage: "The file cannot be read as audio or video",
  });
  const parsed = ffprobeOutputSchema.safeParse(JSON.parse(json));
  if (!parsed.success) throw new MediaError("The file cannot be read as audio or video (its streams cannot be described).");
  const { streams, format } = parsed.data;

  // Cover art in mp3 and m4a files is a "video" stream of one picture; it is not video.
  const video = streams.find((stream) => stream.codec_type === "video" && stream.disposition?.attached_pic !== 1 && stream.width && stream.height);
  const audio = streams.find((stream) => stream.codec_type === "audio");
  if (!video && !audio) throw new MediaError("The file holds no audio or video.");

  await checkDecoding(input, { video: video?.index ?? null, audio: audio?.index ?? null }, options.signal);

  const size = video ? displayedSize(video) : null;
  const probe: ProbedMedia = {
    duration: roundTo(durationOf(format.duration, streams), 3),
    width: size?.width ?? null,
    height: size?.height ?? null,
    codecs: [video?.codec_name, audio?.codec_name].filter((codec): codec is string => Boolean(codec)),
    has_audio: Boolean(audio),
    has_video: Boolean(video),
    frame_rate: video ? frameRateOf(video) : null,
    languages: languageOf(audio),
    streams: { video: video?.index ?? null, audio: audio?.index ?? null },
  };
  return { ...mediaProbeSchema.parse(probe), streams: probe.streams };
}

/**
 * Decodes the first seconds of the chosen streams. Headers can be intact while the data is not;
 * this finds that before any transcoding starts, and finds files whose streams hold nothing.
 */
async function checkDecoding(input: string, streams: MediaStreams, signal: AbortSignal | undefined): Promise<void> {
  const what = streams.video !== null && streams.audio !== null ? "audio and video" : streams.video !== null ? "video" : "audio";
  let frames = 0;
  let outputMicroseconds = 0;
  await runFfmpeg(
    [
      "-t", String(DECODE_CHECK_SECONDS), "-i", input,
      ...(streams.video !== null ? ["-map", `0:${streams.video}`] : []),
      ...(streams.audio !== null ? ["-map", `0:${streams.audio}`] : []),
      "-f", "null", "-",
    ],
    {
      signal,
      failureMessage: `The file's ${what} cannot be decoded`,
      onProgressValue: (key, value) => {
        if (key === "frame") frames = Number(value) || 0;
        if (key === "out_time_us") outputMicroseconds = Math.max(outputMicroseconds, Number(value) || 0);
      },
    },
  );
  if (streams.video !== null && frames === 0) throw new MediaError("The file's video holds no frames (it is empty).");
  if (streams.video === null && outputMicroseconds <= 0) throw new MediaError("The file's audio holds no sound (it is empty).");
}

/**
 * ISO 639-2 codes that files label their sound with, as the BCP 47 codes the service uses; any other
 * two- or three-letter code is kept as it is, `und` (undetermined) is none.
 */
const ISO_639_2: Record<string, string> = {
  eng: "en", deu: "de", ger: "de", fra: "fr", fre: "fr", spa: "es", ita: "it", por: "pt", nld: "nl", dut: "nl", swe: "sv",
  nor: "no", nob: "nb", dan: "da", fin: "fi", pol: "pl", ces: "cs", cze: "cs", tur: "tr", rus: "ru", ukr: "uk", ell: "el",
  gre: "el", jpn: "ja", zho: "zh", chi: "zh", kor: "ko", ara: "ar", heb: "he", hin: "hi",
};

function languageOf(stream: FfprobeStream | undefined): string[] {
  const tag = stream?.tags?.language?.trim().toLowerCase();
  if (!tag || tag === "und" || !/^[a-z]{2,3}$/.test(tag)) return [];
  return [ISO_639_2[tag] ?? tag];
}

function durationOf(formatDuration: string | undefined, streams: FfprobeStream[]): number {
  const fromFormat = Number(formatDuration);
  if (Number.isFinite(fromFormat) && fromFormat >= 0) return fromFormat;
  const fromStreams = streams.map((stream) => Number(stream.duration)).filter((value) => Number.isFinite(value) && value >= 0);
  return fromStreams.length > 0 ? Math.max(...fromStreams) : 0;
}

/** The size a player shows: the coded size stretched by the pixel aspect ratio, turned by the rotation. */
function displayedSize(stream: FfprobeStream): { width: number; height: number } {
  let width = stream.width!;
  const height = stream.height!;
  const aspect = /^(\d+):(\d+)$/.exec(stream.sample_aspect_ratio ?? "");
  if (aspect && Number(aspect[1]) > 0 && Number(aspect[2]) > 0) width = Math.round((width * Number(aspect[1])) / Number(aspect[2]));
  const rotation = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? Number(stream.tags?.rotate ?? 0);
  return Math.abs(rotation) % 180 === 90 ? { width: height, height: width } : { width, height };
}

function frameRateOf(stream: FfprobeStream): number | null {
  for (const rate of [stream.avg_frame_rate, stream.r_frame_rate]) {
    const match = /^(\d+)\/(\d+)$/.exec(rate ?? "");
    if (match && Number(match[1]) > 0 && Number(match[2]) > 0) return roundTo(Number(match[1]) / Number(match[2]), 3);
  }
  return null;
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
