import sharp, { type Sharp } from "sharp";
import { BmpError, decodeBmp, readBmpDimensions } from "./bmp";
import type { Crop, Dimensions } from "./crops";
import { runWithinPixelBudget } from "./pixel-budget";
import { FILE_TYPES, type FileType } from "./sniff";

export type ImageInfo = { width: number; height: number; isAnimated: boolean };

/**
 * The most pixels an image may have (all frames of an animation together): 50 million, e.g.
 * 8660 × 5773, more than a 45-megapixel camera takes. Decoded whole (some formats and rotations need
 * that) such an image takes 150–200 MB, so one at a time fits beside the server (docs/api.md, "Uploads").
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export class UnreadableImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableImageError";
  }
}

const formatCount = (value: number) => value.toLocaleString("en-US");

type Measured = ImageInfo & { frames: number };

function assertWithinBudget(info: Measured): void {
  const pixels = info.width * info.height * info.frames;
  if (pixels <= MAX_IMAGE_PIXELS) return;
  const size = `${formatCount(info.width)} × ${formatCount(info.height)}${info.frames > 1 ? ` × ${formatCount(info.frames)} frames` : ""}`;
  throw new UnreadableImageError(`the image has ${formatCount(pixels)} pixels (${size}); at most ${formatCount(MAX_IMAGE_PIXELS)} are allowed`);
}

/** Dimensions from the file's headers only: nothing is decoded. */
async function measure(bytes: Buffer, fileType: FileType): Promise<Measured> {
  if (fileType === FILE_TYPES.bmp) {
    try {
      return { ...readBmpDimensions(bytes), isAnimated: false, frames: 1 };
    } catch (error) {
      throw new UnreadableImageError(error instanceof BmpError ? error.message : "the BMP cannot be read");
    }
  }
  try {
    // Headers only; the pixel budget is checked by the caller, with a message that says so.
    const metadata = await sharp(bytes, { animated: fileType.canAnimate, limitInputPixels: false }).metadata();
    const pages = metadata.pages ?? 1;
    const isAnimated = fileType.canAnimate && pages > 1;
    const width = metadata.autoOrient?.width ?? metadata.width;
    const height = isAnimated ? (metadata.pageHeight ?? metadata.height / pages) : (metadata.autoOrient?.height ?? metadata.height);
    if (!width || !height) throw new Error("no dimensions");
    return { width, height, isAnimated, frames: isAnimated ? pages : 1 };
  } catch {
    throw new UnreadableImageError(`the file looks like ${fileType.extension.toUpperCase()} but cannot be read as an image`);
  }
}

/**
 * Width, height and animation of an image, read from its headers; an image over the pixel budget is
 * refused before anything decodes it. Sizes are after EXIF orientation (what a viewer shows, and the
 * space crops are given in); an animation's height is one frame's.
 */
export async function readImageInfo(bytes: Buffer, fileType: FileType): Promise<ImageInfo> {
  const info = await measure(bytes, fileType);
  assertWithinBudget(info);
  return { width: info.width, height: info.height, isAnimated: info.isAnimated };
}

/** The media type of an image's thumbnails: the original's, except BMP (no encoder; see ADR 0006). */
export function thumbnailMime(fileType: FileType): string {
  return fileType === FILE_TYPES.bmp ? FILE_TYPES.png.mime : fileType.mime;
}

/** The crop as an image pipeline: BMP regions are decoded here, everything else by libvips within its limits. */
async function loadCrop(bytes: Buffer, fileType: FileType, crop: Crop, isAnimated: boolean): Promise<Sharp> {
  if (fileType === FILE_TYPES.bmp) {
    const region = await decodeBmp(bytes, crop);
    return sharp(region.data, { raw: { width: region.width, height: region.height, channels: region.channels } });
  }
  return sharp(bytes, { animated: isAnimated, autoOrient: true, limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true }).extract({
    left: crop.x,
    top: crop.y,
    width: crop.width,
    height: crop.height,
  });
}

function encode(image: Sharp, fileType: FileType): Sharp {
  switch (fileType) {
    case FILE_TYPES.jpeg:
      return image.jpeg({ quality: 82 });
    case FILE_TYPES.webp:
      return image.webp({ quality: 80 });
    case FILE_TYPES.gif:
      return image.gif();
    case FILE_TYPES.tiff:
      return image.tiff({ compression: "lzw" });
    default:
      return image.png();
  }
}

/**
 * A thumbnail: the crop, scaled to `target` (or left at its size), in the original's format. Every
 * frame of an animation is cropped and scaled alike, and frame delays and looping are kept. Images
 * over the pixel budget (stored before it applied) are refused; the rest wait their turn within it.
 */
export async function renderThumbnail(bytes: Buffer, fileType: FileType, crop: Crop, target: Dimensions | undefined, isAnimated: boolean): Promise<Buffer> {
  const info = await measure(bytes, fileType);
  assertWithinBudget(info);
  const pixels = fileType === FILE_TYPES.bmp ? crop.width * crop.height : info.width * info.height * info.frames;
  return runWithinPixelBudget(pixels, MAX_IMAGE_PIXELS, async () => {
    let image = await loadCrop(bytes, fileType, crop, isAnimated);
    if (target && (target.width !== crop.width || target.height !== crop.height)) {
      image = image.resize(target.width, target.height, { fit: "fill" });
    }
    return encode(image, fileType).toBuffer();
  });
}
