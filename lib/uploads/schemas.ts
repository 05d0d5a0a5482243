import { z } from "zod";
import { uploadRecordSchema } from "./records";

export { uploadRecordSchema };

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
