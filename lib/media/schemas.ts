import { z } from "zod";

/**
 * Shapes of on-demand media processing: what the media of an upload is (probe), the HLS ladder made
 * from it, its poster, animated preview, waveform and captions. The design is ADR 14; what clients
 * see of it is in docs/api.md ("Media processing").
 */

/** Where processing of an upload's media stands; served as the upload record's `processing`. */
export const mediaProcessingSchema = z
  .object({
    state: z.enum(["queued", "processing", "ready", "failed"]),
    progress: z.number().min(0).max(1).meta({ description: "0 to 1; 1 once ready" }),
    error: z.string().optional().meta({ description: "Why processing failed, written for people" }),
  })
  .meta({ id: "MediaProcessing" });

export type MediaProcessing = z.output<typeof mediaProcessingSchema>;

const dimension = z.number().int().positive();

/** What a media file holds, measured by `probeMedia`. Sizes are as displayed (rotation and pixel aspect applied). */
export const mediaProbeSchema = z.object({
  duration: z.number().nonnegative().meta({ description: "Seconds" }),
  width: dimension.nullable(),
  height: dimension.nullable(),
  codecs: z.array(z.string()).meta({ description: "Codec names of the video and the audio stream, video first (h264, hevc, aac, mp3 …)" }),
  has_audio: z.boolean(),
  has_video: z.boolean(),
  frame_rate: z.number().positive().nullable(),
  languages: z.array(z.string()).meta({ description: "The language the sound is labelled with (`en`), when it is; BCP 47" }),
});

export type MediaProbe = z.output<typeof mediaProbeSchema>;

/** The measured facts an upload record carries in `metadata` once its processing is ready. */
export const mediaFactsSchema = mediaProbeSchema.pick({ duration: true, width: true, height: true, codecs: true, has_audio: true, languages: true });

export type MediaFacts = z.output<typeof mediaFactsSchema>;

export const LADDER_RUNG_NAMES = ["240p", "360p", "540p", "720p", "1080p"] as const;

/** One video rendition to make: its name, display size and the most bits per second it may use. */
export const ladderRungSchema = z.object({
  name: z.string(),
  width: dimension,
  height: dimension,
  maxBitrate: z.number().int().positive(),
});

export type LadderRung = z.output<typeof ladderRungSchema>;

/** The renditions `planLadder` chooses for a probed file. */
export const ladderPlanSchema = z.object({
  video: z.array(ladderRungSchema),
  hasAudio: z.boolean(),
});

export type LadderPlan = z.output<typeof ladderPlanSchema>;

const bitsPerSecond = z.number().int().nonnegative();

/** A video variant stream as written: its playlist (relative to the master) and what the master says of it. */
export const hlsVariantSchema = z.object({
  name: z.string(),
  uri: z.string(),
  width: dimension,
  height: dimension,
  frameRate: z.number().positive().nullable(),
  codecs: z.string().meta({ description: "RFC 6381 codec of the video, e.g. avc1.64001f" }),
  bandwidth: bitsPerSecond,
  averageBandwidth: bitsPerSecond,
});

export type HlsVariant = z.output<typeof hlsVariantSchema>;

/** The one AAC rendition, shared by every video variant (and the only stream of audio-only media). */
export const hlsAudioSchema = z.object({
  uri: z.string(),
  codecs: z.string(),
  channels: z.number().int().positive(),
  bandwidth: bitsPerSecond,
  averageBandwidth: bitsPerSecond,
});

export type HlsAudio = z.output<typeof hlsAudioSchema>;

/**
 * A finished HLS ladder: everything needed to write its master playlist again (with captions added
 * or removed) without looking at the segments. Paths are relative to the ladder's directory.
 */
export const hlsLadderSchema = z.object({
  master: z.string(),
  duration: z.number().nonnegative(),
  segmentSeconds: z.number().positive(),
  variants: z.array(hlsVariantSchema),
  audio: hlsAudioSchema.nullable(),
});

export type HlsLadder = z.output<typeof hlsLadderSchema>;

/** A caption track as the master playlist lists it: a subtitle rendition per language. */
export const hlsSubtitleTrackSchema = z.object({
  language: z.string(),
  name: z.string(),
  uri: z.string(),
});

export type HlsSubtitleTrack = z.output<typeof hlsSubtitleTrackSchema>;

export const posterFormatSchema = z.enum(["jpeg", "png"]);

export type PosterFormat = z.output<typeof posterFormatSchema>;

/** A poster frame written to a local file. */
export const posterSchema = z.object({
  path: z.string(),
  format: posterFormatSchema,
  second: z.number().nonnegative().meta({ description: "Where in the video the frame is" }),
  width: dimension,
  height: dimension,
});

export type Poster = z.output<typeof posterSchema>;

/** An animated preview (animated webp) written to a local file. */
export const previewSchema = z.object({
  path: z.string(),
  start: z.number().nonnegative(),
  seconds: z.number().positive(),
  width: dimension,
  height: dimension,
  frames: z.number().int().positive(),
});

export type Preview = z.output<typeof previewSchema>;

/** Points in every waveform, whatever the length of the audio (docs/api.md, "Media processing"). */
export const WAVEFORM_POINTS = 1000;

/** A waveform as clients get it: the peak level of each of `points` equal slices of the audio. */
export const waveformSchema = z
  .object({
    points: z.literal(WAVEFORM_POINTS),
    duration: z.number().nonnegative().meta({ description: "Seconds of audio the peaks cover" }),
    peaks: z
      .array(z.number().min(0).max(1))
      .length(WAVEFORM_POINTS)
      .meta({ description: "Peak absolute amplitude of each slice, 0 (silence) to 1 (full scale), 3 decimals" }),
  })
  .meta({ id: "Waveform" });

export type Waveform = z.output<typeof waveformSchema>;

/** The largest caption file accepted, in bytes. */
export const MAX_CAPTIONS_BYTES = 1024 * 1024;

/**
 * One thing wrong with a caption file: at a line (1-based) and, when known, a column (1-based); both
 * null for what concerns the whole file (its size, no cue at all).
 */
export const captionProblemSchema = z.object({
  line: z.number().int().positive().nullable(),
  column: z.number().int().positive().nullable(),
  message: z.string(),
});

export type CaptionProblem = z.output<typeof captionProblemSchema>;

/** The outcome of `validateCaptions`: the cues of a valid file, or every problem found. */
export const captionsValidationSchema = z.discriminatedUnion("isValid", [
  z.object({
    isValid: z.literal(true),
    cues: z.number().int().nonnegative(),
    lastCueEnd: z.number().nonnegative(),
  }),
  z.object({ isValid: z.literal(false), problems: z.array(captionProblemSchema).min(1) }),
]);

export type CaptionsValidation = z.output<typeof captionsValidationSchema>;
