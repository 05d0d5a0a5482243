import { z } from "zod";
import { mediaProcessingSchema } from "@/lib/media/schemas";

const cropSchema = z
  .object({
    x: z.number().int().meta({ description: "Left edge in pixels" }),
    y: z.number().int().meta({ description: "Top edge in pixels" }),
    width: z.number().int(),
    height: z.number().int(),
  })
  .loose()
  .meta({ id: "Crop", description: "A rectangle of the image; thumbnails of its style show exactly this part" });

export const formatsSchema = z
  .object({
    widescreen: cropSchema,
    landscape: cropSchema,
    square: cropSchema,
    portrait: cropSchema,
  })
  .meta({
    id: "UploadFormats",
    description: "One crop per thumbnail style (widescreen 16:9, landscape 7:5, square 1:1, portrait 2:3); on upload each is the largest centred crop of its ratio",
  });

export const uploadRecordSchema = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ description: "File name; its extension always agrees with the type sniffed from the bytes" }),
    mime: z.string().meta({ description: "Media type, sniffed from the bytes" }),
    url: z.string().meta({
      description:
        "Signed address of the original: `{cdn_url}/uploads/{id}/{name}?v={md5}&Policy={policy}`, valid until the policy expires " +
        "(IMAGE_URL_TTL, at least 7 days by default). For a thumbnail append `style` (portrait, landscape, widescreen, square) and " +
        "optionally `size` (xs, s, m, l: 440, 680, 1400, 2800 px wide; animated gif/webp 240, 360, 480, 600 px). Video and audio " +
        "support HTTP range requests. 403 when the policy is missing, altered or expired or `v` is not the file's md5.",
      example: "https://cdn.example.com/uploads/1b4e28ba-2fa1-11d2-883f-0016d3cca427/hero.jpg?v=9e107d9d372bb6826bd81d3542a419d6&Policy=eyJwYXRoIjoi...",
    }),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    metadata: z
      .object({
        size: z.number().int().optional().meta({ description: "Bytes" }),
        width: z.number().int().nullable().optional().meta({ description: "Images: pixels (after EXIF orientation; one frame of an animation). Processed video: the displayed width; audio: null" }),
        height: z.number().int().nullable().optional().meta({ description: "Images: pixels (one frame of an animation). Processed video: the displayed height; audio: null" }),
        animated: z.boolean().optional().meta({ description: "Images: a gif or webp with more than one frame" }),
        formats: formatsSchema.optional(),
        duration: z.number().optional().meta({ description: "Video and audio, once processed: seconds" }),
        codecs: z.array(z.string()).optional().meta({ description: "Video and audio, once processed: the original's codecs, video first (`[\"h264\", \"aac\"]`)" }),
        has_audio: z.boolean().optional().meta({ description: "Video and audio, once processed: whether it has sound" }),
        languages: z.array(z.string()).optional().meta({ description: "Video and audio, once processed: the languages its sound is labelled with (`en`), if any" }),
      })
      .loose()
      .optional(),
    processing: mediaProcessingSchema.optional().meta({ description: "Video and audio: where processing stands (docs/api.md \"Media processing\")" }),
    playback_url: z.string().nullable().optional().meta({
      description: "Video and audio: the signed HLS master playlist `{cdn_url}/media/{id}/{policy}/master.m3u8` once processing is `ready`, else null",
    }),
    poster: z.lazy((): z.ZodType => uploadRecordSchema).nullable().optional().meta({ description: "Video: the poster, an image upload with its crops; null until ready" }),
    poster_second: z.number().nullable().optional().meta({ description: "Video: where in the video the poster is (seconds)" }),
    preview_url: z.string().nullable().optional().meta({ description: "Video: a few seconds as a looping animated webp (signed), once ready" }),
    waveform_url: z.string().nullable().optional().meta({ description: "Audio (and video with sound): the waveform JSON `{points, duration, peaks}` (signed), once ready" }),
    captions: z
      .array(z.object({ language: z.string(), url: z.string().meta({ description: "The WebVTT file (signed)" }) }))
      .optional()
      .meta({ description: "Video and audio: caption files by language (also subtitle renditions of the stream)" }),
  })
  .meta({ id: "Upload", description: "A file reference" });

export type UploadRecord = z.output<typeof uploadRecordSchema>;

export const uploadListSchema = z.object({ total: z.number().int(), data: z.array(uploadRecordSchema) }).meta({ id: "UploadList" });

export const uploadIdParamsSchema = z.object({ id: z.uuid("must be a uuid") });

const NAME_PATTERN = /^[^\u0000-\u001f\u007f/\\]+$/;

export const uploadNameSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters")
  .regex(NAME_PATTERN, "must not contain slashes or control characters")
  .meta({ description: "File name; the extension is set to agree with the file's type (photo.jpg of a PNG becomes photo.png)" });

/** The multipart body of `POST /uploads`, for the OpenAPI document (the handler streams the parts itself). */
export const createUploadBodySchema = z
  .object({
    // Bytes, not text: without a `type`, generated clients accept a Blob or File here (docs/api.md "Uploads").
    file: z.custom<Blob>().meta({
      format: "binary",
      contentMediaType: "application/octet-stream",
      description: "The file: jpg, jpeg, bmp, png, tif, tiff, gif, webp, mp4, mp3 or m4a; at most UPLOAD_MAX_MB (default 50) MB",
    }),
    name: uploadNameSchema.optional().meta({ description: "File name to store instead of the part's filename" }),
  })
  .meta({ id: "CreateUploadRequest" });

const cropInputSchema = z.object({
  x: z.number().int("must be a whole number").min(0, "must be at least 0"),
  y: z.number().int("must be a whole number").min(0, "must be at least 0"),
  width: z.number().int("must be a whole number").min(1, "must be at least 1"),
  height: z.number().int("must be a whole number").min(1, "must be at least 1"),
});

/** `null` resets a style to its default crop (JSON merge patch: null removes, and the default takes over). */
const cropPatchSchema = cropInputSchema.nullable().optional();

export const updateUploadBodySchema = z
  .object({
    name: uploadNameSchema.optional(),
    metadata: z
      .object({
        formats: z
          .object({ widescreen: cropPatchSchema, landscape: cropPatchSchema, square: cropPatchSchema, portrait: cropPatchSchema })
          .meta({ description: "Crops to change; each must lie inside the image and have its style's ratio (±1 px). null restores the default crop." })
          .optional(),
      })
      .optional(),
    poster_second: z
      .number("must be a number")
      .min(0, "must be at least 0")
      .optional()
      .meta({ description: "A processed video: make the frame at this second (0 to the duration) its poster" }),
  })
  .meta({
    id: "UpdateUploadRequest",
    example: { name: "hero.jpg", metadata: { formats: { square: { x: 100, y: 0, width: 800, height: 800 } } } },
  });

export type UpdateUploadBody = z.output<typeof updateUploadBodySchema>;
