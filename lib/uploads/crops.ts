import type { ErrorDetail } from "@/lib/core/errors";

/**
 * Thumbnail styles and sizes (docs/api.md "Uploads"). Each style is an aspect ratio; an image's
 * `metadata.formats` holds one crop per style, and a thumbnail is that crop scaled to a size's width.
 */
export const STYLES = ["portrait", "landscape", "widescreen", "square"] as const;
export type Style = (typeof STYLES)[number];

export const SIZES = ["xs", "s", "m", "l"] as const;
export type Size = (typeof SIZES)[number];

/** width : height */
export const STYLE_RATIOS: Record<Style, { width: number; height: number }> = {
  portrait: { width: 2, height: 3 },
  landscape: { width: 7, height: 5 },
  widescreen: { width: 16, height: 9 },
  square: { width: 1, height: 1 },
};

export const STATIC_WIDTHS: Record<Size, number> = { xs: 440, s: 680, m: 1400, l: 2800 };
export const ANIMATED_WIDTHS: Record<Size, number> = { xs: 240, s: 360, m: 480, l: 600 };

export type Crop = { x: number; y: number; width: number; height: number };
export type Formats = Record<Style, Crop>;
export type Dimensions = { width: number; height: number };

export const isStyle = (value: string): value is Style => (STYLES as readonly string[]).includes(value);
export const isSize = (value: string): value is Size => (SIZES as readonly string[]).includes(value);

/** The largest crop of the style's ratio that fits the image, centred. */
export function defaultCrop(image: Dimensions, style: Style): Crop {
  const ratio = STYLE_RATIOS[style];
  const isWiderThanRatio = image.width * ratio.height >= image.height * ratio.width;
  const width = isWiderThanRatio ? clamp(Math.round((image.height * ratio.width) / ratio.height), 1, image.width) : image.width;
  const height = isWiderThanRatio ? image.height : clamp(Math.round((image.width * ratio.height) / ratio.width), 1, image.height);
  return { x: Math.floor((image.width - width) / 2), y: Math.floor((image.height - height) / 2), width, height };
}

export function defaultFormats(image: Dimensions): Formats {
  return Object.fromEntries(STYLES.map((style) => [style, defaultCrop(image, style)])) as Formats;
}

/** An image's crops: the stored ones, and the default for any style that has none stored. */
export function completeFormats(stored: unknown, image: Dimensions): Formats {
  const crops = (stored && typeof stored === "object" ? stored : {}) as Partial<Record<Style, Crop>>;
  return Object.fromEntries(STYLES.map((style) => [style, crops[style] ?? defaultCrop(image, style)])) as Formats;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

const ratioLabel = (style: Style) => `${STYLE_RATIOS[style].width}:${STYLE_RATIOS[style].height}`;

/**
 * Whether `crop` has the style's ratio: rounding either side to whole pixels may miss the exact
 * ratio by at most one pixel (docs/api.md "Uploads").
 */
export function hasRatio(crop: Dimensions, style: Style): boolean {
  const ratio = STYLE_RATIOS[style];
  const expectedHeight = (crop.width * ratio.height) / ratio.width;
  const expectedWidth = (crop.height * ratio.width) / ratio.height;
  return Math.abs(crop.height - expectedHeight) <= 1 || Math.abs(crop.width - expectedWidth) <= 1;
}

/** Problems with a crop of an image of `image`'s size, as error details under `path`. */
export function validateCrop(crop: Crop, style: Style, image: Dimensions, path: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const isInside = crop.x >= 0 && crop.y >= 0 && crop.width >= 1 && crop.height >= 1 && crop.x + crop.width <= image.width && crop.y + crop.height <= image.height;
  if (!isInside) problems.push({ path, message: `must lie inside the image (${image.width}×${image.height})` });
  if (!hasRatio(crop, style)) problems.push({ path, message: `must have the ${style} ratio ${ratioLabel(style)} (±1 px), not ${crop.width}×${crop.height}` });
  return problems;
}

/**
 * The pixel size of a thumbnail: the crop's own size without `size`, else the table's width (static
 * or animated) and the height that width has at the style's ratio. Smaller crops are scaled up, so that
 * a size always means the same width (see docs/decisions/0006).
 */
export function thumbnailDimensions(style: Style, size: Size | undefined, crop: Crop, isAnimated: boolean): Dimensions {
  if (!size) return { width: crop.width, height: crop.height };
  const ratio = STYLE_RATIOS[style];
  const width = (isAnimated ? ANIMATED_WIDTHS : STATIC_WIDTHS)[size];
  return { width, height: Math.round((width * ratio.height) / ratio.width) };
}
