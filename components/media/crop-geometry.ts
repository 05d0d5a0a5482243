import { STYLE_RATIOS, type Crop, type Dimensions, type Style } from "@/lib/uploads/crops";

/**
 * Moving and resizing a crop inside its image, in the image's own pixels, with the style's ratio kept:
 * every result is a crop the API accepts (inside the image, ratio within ±1 px).
 */

const MIN_WIDTH = 8;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** The height a width has at the style's ratio, rounded to whole pixels. */
export function heightFor(width: number, style: Style): number {
  const ratio = STYLE_RATIOS[style];
  return Math.max(1, Math.round((width * ratio.height) / ratio.width));
}

/** The crop moved by (dx, dy), stopped at the image's edges. */
export function moveCrop(crop: Crop, dx: number, dy: number, image: Dimensions): Crop {
  return {
    ...crop,
    x: Math.round(clamp(crop.x + dx, 0, image.width - crop.width)),
    y: Math.round(clamp(crop.y + dy, 0, image.height - crop.height)),
  };
}

/** The crop at a new width (its top-left corner kept), the height following the ratio, within the image. */
export function resizeCrop(crop: Crop, width: number, style: Style, image: Dimensions): Crop {
  const ratio = STYLE_RATIOS[style];
  const maxWidth = Math.floor(Math.min(image.width - crop.x, ((image.height - crop.y) * ratio.width) / ratio.height));
  let next = Math.round(clamp(width, Math.min(MIN_WIDTH, maxWidth), maxWidth));
  while (next > 1 && crop.y + heightFor(next, style) > image.height) next -= 1;
  return { x: crop.x, y: crop.y, width: next, height: heightFor(next, style) };
}

/** One keyboard step: a hundredth of the image's longer side (at least a pixel); ten with Shift. */
export function keyboardStep(image: Dimensions, isLarge: boolean): number {
  const step = Math.max(1, Math.round(Math.max(image.width, image.height) / 100));
  return isLarge ? step * 10 : step;
}

/** What a key does to the crop: arrows move, + and − resize, Home and End go to the left and right edges. */
export function cropAfterKey(crop: Crop, key: string, isLarge: boolean, style: Style, image: Dimensions): Crop | undefined {
  const step = keyboardStep(image, isLarge);
  switch (key) {
    case "ArrowLeft":
      return moveCrop(crop, -step, 0, image);
    case "ArrowRight":
      return moveCrop(crop, step, 0, image);
    case "ArrowUp":
      return moveCrop(crop, 0, -step, image);
    case "ArrowDown":
      return moveCrop(crop, 0, step, image);
    case "Home":
      return moveCrop(crop, -image.width, 0, image);
    case "End":
      return moveCrop(crop, image.width, 0, image);
    case "+":
    case "=":
      return resizeCrop(crop, crop.width + step, style, image);
    case "-":
    case "_":
      return resizeCrop(crop, crop.width - step, style, image);
    default:
      return undefined;
  }
}
