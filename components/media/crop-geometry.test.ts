import { describe, expect, it } from "vitest";
import { defaultCrop, hasRatio, STYLES, validateCrop } from "@/lib/uploads/crops";
import { cropAfterKey, keyboardStep, moveCrop, resizeCrop } from "./crop-geometry";

const IMAGE = { width: 400, height: 200 };

describe("moveCrop", () => {
  it("moves and stops at the image's edges", () => {
    const square = defaultCrop(IMAGE, "square");
    expect(square).toEqual({ x: 100, y: 0, width: 200, height: 200 });
    expect(moveCrop(square, 40, 0, IMAGE)).toEqual({ x: 140, y: 0, width: 200, height: 200 });
    expect(moveCrop(square, 500, 30, IMAGE)).toEqual({ x: 200, y: 0, width: 200, height: 200 });
    expect(moveCrop(square, -500, -30, IMAGE)).toEqual({ x: 0, y: 0, width: 200, height: 200 });
  });
});

describe("resizeCrop", () => {
  it("keeps every style's ratio and stays inside the image", () => {
    for (const style of STYLES) {
      const start = defaultCrop(IMAGE, style);
      for (const width of [1, 17, 99, 150, 333, 1000]) {
        const crop = resizeCrop(start, width, style, IMAGE);
        expect(hasRatio(crop, style)).toBe(true);
        expect(validateCrop(crop, style, IMAGE, "/")).toEqual([]);
      }
    }
  });

  it("grows no further than the image allows from its corner", () => {
    const crop = resizeCrop({ x: 300, y: 0, width: 50, height: 50 }, 500, "square", IMAGE);
    expect(crop).toEqual({ x: 300, y: 0, width: 100, height: 100 });
    expect(resizeCrop(crop, 2, "square", IMAGE)).toEqual({ x: 300, y: 0, width: 8, height: 8 });
  });
});

describe("cropAfterKey", () => {
  it("moves by a hundredth of the longer side, ten times that with Shift", () => {
    expect(keyboardStep(IMAGE, false)).toBe(4);
    const square = defaultCrop(IMAGE, "square");
    expect(cropAfterKey(square, "ArrowRight", false, "square", IMAGE)).toMatchObject({ x: 104 });
    expect(cropAfterKey(square, "ArrowLeft", true, "square", IMAGE)).toMatchObject({ x: 60 });
    expect(cropAfterKey(square, "End", false, "square", IMAGE)).toMatchObject({ x: 200 });
    expect(cropAfterKey(square, "Home", false, "square", IMAGE)).toMatchObject({ x: 0 });
    expect(cropAfterKey(square, "-", false, "square", IMAGE)).toEqual({ x: 100, y: 0, width: 196, height: 196 });
    expect(cropAfterKey(square, "Tab", false, "square", IMAGE)).toBeUndefined();
  });
});
