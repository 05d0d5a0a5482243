import { describe, expect, it } from "vitest";
import { STYLES, completeFormats, defaultCrop, defaultFormats, hasRatio, thumbnailDimensions, validateCrop } from "./crops";

describe("defaultCrop", () => {
  it("is the largest centred crop of each ratio", () => {
    expect(defaultFormats({ width: 1200, height: 800 })).toEqual({
      portrait: { x: 333, y: 0, width: 533, height: 800 },
      landscape: { x: 40, y: 0, width: 1120, height: 800 },
      widescreen: { x: 0, y: 62, width: 1200, height: 675 },
      square: { x: 200, y: 0, width: 800, height: 800 },
    });
    expect(defaultFormats({ width: 600, height: 1000 })).toEqual({
      portrait: { x: 0, y: 50, width: 600, height: 900 },
      landscape: { x: 0, y: 285, width: 600, height: 429 },
      widescreen: { x: 0, y: 331, width: 600, height: 338 },
      square: { x: 0, y: 200, width: 600, height: 600 },
    });
  });

  it.each([
    [1, 1],
    [1, 1000],
    [1000, 1],
    [7, 5],
    [1919, 1081],
    [3000, 4000],
  ])("fits inside a %i×%i image and has its ratio", (width, height) => {
    for (const style of STYLES) {
      const crop = defaultCrop({ width, height }, style);
      expect(crop.width).toBeGreaterThanOrEqual(1);
      expect(crop.height).toBeGreaterThanOrEqual(1);
      expect(validateCrop(crop, style, { width, height }, "/c").filter((problem) => problem.message.startsWith("must lie"))).toEqual([]);
      if (Math.min(width, height) >= 16) expect(hasRatio(crop, style)).toBe(true);
      // One side always spans the image: it is the largest crop.
      expect(crop.width === width || crop.height === height).toBe(true);
    }
  });
});

describe("validateCrop", () => {
  const image = { width: 1200, height: 800 };
  it("accepts crops inside the image with the ratio, ±1 px", () => {
    expect(validateCrop({ x: 0, y: 0, width: 800, height: 800 }, "square", image, "/p")).toEqual([]);
    expect(validateCrop({ x: 400, y: 0, width: 800, height: 801 - 1 }, "square", image, "/p")).toEqual([]);
    expect(validateCrop({ x: 0, y: 0, width: 1000, height: 563 }, "widescreen", image, "/p")).toEqual([]);
    expect(validateCrop({ x: 0, y: 0, width: 1000, height: 562 }, "widescreen", image, "/p")).toEqual([]);
    expect(validateCrop({ x: 0, y: 0, width: 801, height: 800 }, "square", image, "/p")).toEqual([]);
  });

  it.each([
    [{ x: 500, y: 0, width: 800, height: 800 }, "square", ["must lie inside the image (1200×800)"]],
    [{ x: 0, y: 1, width: 800, height: 800 }, "square", ["must lie inside the image (1200×800)"]],
    [{ x: 0, y: 0, width: 800, height: 700 }, "square", ["must have the square ratio 1:1 (±1 px), not 800×700"]],
    [{ x: 0, y: 0, width: 1000, height: 565 }, "widescreen", ["must have the widescreen ratio 16:9 (±1 px), not 1000×565"]],
    [{ x: 900, y: 0, width: 700, height: 500 }, "portrait", ["must lie inside the image (1200×800)", "must have the portrait ratio 2:3 (±1 px), not 700×500"]],
  ] as const)("refuses %j as %s", (crop, style, messages) => {
    expect(validateCrop(crop, style, image, "/metadata/formats/x")).toEqual(messages.map((message) => ({ path: "/metadata/formats/x", message })));
  });
});

describe("thumbnailDimensions", () => {
  const crop = { x: 0, y: 0, width: 533, height: 800 };
  it("uses the table's widths and the style's ratio", () => {
    expect(thumbnailDimensions("portrait", "xs", crop, false)).toEqual({ width: 440, height: 660 });
    expect(thumbnailDimensions("landscape", "s", crop, false)).toEqual({ width: 680, height: 486 });
    expect(thumbnailDimensions("widescreen", "m", crop, false)).toEqual({ width: 1400, height: 788 });
    expect(thumbnailDimensions("square", "l", crop, false)).toEqual({ width: 2800, height: 2800 });
    expect(thumbnailDimensions("portrait", "xs", crop, true)).toEqual({ width: 240, height: 360 });
    expect(thumbnailDimensions("widescreen", "l", crop, true)).toEqual({ width: 600, height: 338 });
  });
  it("keeps the crop's own size without a size", () => {
    expect(thumbnailDimensions("portrait", undefined, crop, false)).toEqual({ width: 533, height: 800 });
  });
});

describe("completeFormats", () => {
  it("keeps stored crops and fills in the default for missing ones", () => {
    const square = { x: 0, y: 0, width: 10, height: 10 };
    expect(completeFormats({ square }, { width: 1200, height: 800 })).toEqual({ ...defaultFormats({ width: 1200, height: 800 }), square });
    expect(completeFormats(undefined, { width: 1200, height: 800 })).toEqual(defaultFormats({ width: 1200, height: 800 }));
  });
});
