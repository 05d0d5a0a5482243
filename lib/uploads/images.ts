import sharp, { type Sharp } from "sharp";
import { BmpError, decodeBmp } from "./bmp";
import type { Crop, Dimensions } from "./crops";
import { FILE_TYPES, type FileType } from "./sniff";

export type ImageInfo = { width: number; height: number; isAnimated: boolean };

/** sharp's default `limitInputPixels` (0x3FFF²): the most it decodes. */
const MAX_INPUT_PIXELS = 0x3fff * 0x3fff;

export class UnreadableImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnreadableImageError";
  }
}

/**
 * Width, height and animation of an image. Sizes are after EXIF orientation (what a viewer shows,
 * and the space crops are given in); an animation's height is one frame's.
 */
export async function readImageInfo(bytes: Buffer, fileType: FileType): Promise<ImageInfo> {
  if (fileType === FILE_TYPES.bmp) {
    try {
      const { width, height } = decodeBmp(bytes);
      return { width, height, isAnimated: false };
    } catch (error) {
      throw new UnreadableImageError(error instanceof BmpError ? error.message : "the BMP cannot be read");
    }
  }
  let info: ImageInfo & { pixels: number };
  try {
    // The pixel limit is checked below, with a message that says so.
    const metadata = await sharp(bytes, { animated: fileType.canAnimate, limitInputPixels: false }).metadata();
    const pages = metadata.pages ?? 1;
    const isAnimated = fileType.canAnimate && pages > 1;
    const width = metadata.autoOrient?.width ?? metadata.width;
    const height = isAnimated ? (metadata.pageHeight ?? metadata.height / pages) : (metadata.autoOrient?.height ?? metadata.height);
    if (!width || !height) throw new Error("no dimensions");
    info = { width, height, isAnimated, pixels: width * height * (isAnimated ? pages : 1) };
  } catch {
    throw new UnreadableImageError(`the file looks like ${fileType.extension.toUpperCase()} but cannot be read as an image`);
  }
  // Headers are read without decoding; refuse now what thumbnails could never decode.
  if (info.pixels > MAX_INPUT_PIXELS) throw new UnreadableImageError(`the image has more than ${Math.floor(MAX_INPUT_PIXELS / 1e6)} million pixels`);
  return { width: info.width, height: info.height, isAnimated: info.isAnimated };
}

/** The media type of an image's thumbnails: the original's, except BMP (no encoder; see ADR 0006). */
export function thumbnailMime(fileType: FileType): string {
  return fileType === FILE_TYPES.bmp ? FILE_TYPES.png.mime : fileType.mime;
}

function load(bytes: Buffer, fileType: FileType, isAnimated: boolean): Sharp {
  if (fileType === FILE_TYPES.bmp) {
    const bmp = decodeBmp(bytes);
    return sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: bmp.channels } });
  }
  return sharp(bytes, { animated: isAnimated, autoOrient: true });
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
 * frame of an animation is cropped and scaled alike, and frame delays and looping are kept.
 */
export async function renderThumbnail(bytes: Buffer, fileType: FileType, crop: Crop, target: Dimensions | undefined, isAnimated: boolean): Promise<Buffer> {
  let image = load(bytes, fileType, isAnimated).extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
  if (target && (target.width !== crop.width || target.height !== crop.height)) {
    image = image.resize(target.width, target.height, { fit: "fill" });
  }
  return encode(image, fileType).toBuffer();
}
