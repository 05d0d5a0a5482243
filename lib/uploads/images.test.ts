import sharp from "sharp";
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeBmp24 } from "./bmp";
import { MAX_IMAGE_PIXELS, UnreadableImageError, readImageInfo, renderThumbnail } from "./images";
import { FILE_TYPES } from "./sniff";

/** A 1-bit BMP of the given size, all rows present (the pixels are never looked at). */
function bitmap1(width: number, height: number): Buffer {
  const stride = Math.floor((width + 31) / 32) * 4;
  const file = Buffer.alloc(62 + stride * height);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(62, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(1, 28);
  file.writeUInt32LE(2, 46);
  file.set([255, 255, 255, 0], 58);
  return file;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header announces `width` × `height`; its pixel data is empty (headers are all that is read). */
function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(Buffer.alloc(0))), pngChunk("IEND", Buffer.alloc(0))]);
}

/** An animated GIF of `frames` frames on a `width` × `height` screen, each frame one pixel drawn. */
function animatedGif(width: number, height: number, frames: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  const parts = [Buffer.from("GIF89a", "latin1"), screen];
  for (let frame = 0; frame < frames; frame++) {
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(1, 5);
    descriptor.writeUInt16LE(1, 7);
    descriptor[9] = 0x80; // a local colour table of two entries
    parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]), descriptor, Buffer.from([0, 0, 0, 255, 255, 255]), Buffer.from([2, 2, 0x44, 0x01, 0]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

describe("the pixel budget", () => {
  it("is 50 million pixels", () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
  });

  it.each([
    ["a 1-bit BMP of 16000 × 16000", () => bitmap1(16000, 16000), FILE_TYPES.bmp, "the image has 256,000,000 pixels (16,000 × 16,000); at most 50,000,000 are allowed"],
    ["a PNG of 8000 × 7000", () => pngHeader(8000, 7000), FILE_TYPES.png, "the image has 56,000,000 pixels (8,000 × 7,000); at most 50,000,000 are allowed"],
    ["an animation of 13 frames of 2000 × 2000", () => animatedGif(2000, 2000, 13), FILE_TYPES.gif, "the image has 52,000,000 pixels (2,000 × 2,000 × 13 frames); at most 50,000,000 are allowed"],
  ])("refuses %s from its headers", async (_, file, fileType, message) => {
    await expect(readImageInfo(file(), fileType)).rejects.toThrow(new UnreadableImageError(message));
  });

  it.each([
    ["a 1-bit BMP of 7000 × 7000", () => bitmap1(7000, 7000), FILE_TYPES.bmp, { width: 7000, height: 7000, isAnimated: false }],
    ["a PNG of 8000 × 6250", () => pngHeader(8000, 6250), FILE_TYPES.png, { width: 8000, height: 6250, isAnimated: false }],
    ["an animation of 12 frames of 2000 × 2000", () => animatedGif(2000, 2000, 12), FILE_TYPES.gif, { width: 2000, height: 2000, isAnimated: true }],
  ])("accepts %s", async (_, file, fileType, info) => {
    expect(await readImageInfo(file(), fileType)).toEqual(info);
  });

  it("refuses to render a thumbnail of an image over the budget (stored before the budget applied)", async () => {
    const crop = { x: 0, y: 0, width: 100, height: 100 };
    await expect(renderThumbnail(bitmap1(16000, 16000), FILE_TYPES.bmp, crop, undefined, false)).rejects.toThrow(
      new UnreadableImageError("the image has 256,000,000 pixels (16,000 × 16,000); at most 50,000,000 are allowed"),
    );
  });
});

describe("BMP thumbnails", () => {
  it("decode only the crop and come out as PNG", async () => {
    // Left half red, right half blue; the crop takes a 20 × 10 block of the blue half.
    const width = 60;
    const height = 30;
    const rgb = Buffer.alloc(width * height * 3);
    for (let index = 0; index < width * height; index++) rgb.set(index % width < 30 ? [255, 0, 0] : [0, 0, 255], index * 3);
    const thumbnail = await renderThumbnail(encodeBmp24(width, height, rgb), FILE_TYPES.bmp, { x: 35, y: 10, width: 20, height: 10 }, undefined, false);
    const { data, info } = await sharp(thumbnail).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ format: "raw", width: 20, height: 10, channels: 3 });
    expect(new Set(data.toString("hex").match(/.{6}/g))).toEqual(new Set(["0000ff"]));
    expect((await sharp(thumbnail).metadata()).format).toBe("png");
  });
});
