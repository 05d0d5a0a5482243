import { describe, expect, it } from "vitest";
import { BmpError, decodeBmp, encodeBmp24, readBmpDimensions } from "./bmp";

/** A BMP with a 40-byte header (or V4 with masks), for bit depths the encoder under test does not write. */
function bmp(options: { width: number; height: number; bitCount: number; compression?: number; palette?: number[][]; masks?: number[]; headerSize?: number; rows: number[][] }): Buffer {
  const headerSize = options.headerSize ?? 40;
  const masksAfter = headerSize === 40 && options.masks ? options.masks.length * 4 : 0;
  const palette = options.palette ?? [];
  const pixelOffset = 14 + headerSize + masksAfter + palette.length * 4;
  const stride = Math.floor((options.bitCount * options.width + 31) / 32) * 4;
  const file = Buffer.alloc(pixelOffset + stride * Math.abs(options.height));
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(pixelOffset, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(options.width, 18);
  file.writeInt32LE(options.height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(options.bitCount, 28);
  file.writeUInt32LE(options.compression ?? 0, 30);
  file.writeUInt32LE(palette.length, 46);
  options.masks?.forEach((mask, index) => file.writeUInt32LE(mask >>> 0, 54 + index * 4));
  palette.forEach(([r, g, b], index) => file.set([b!, g!, r!, 0], 14 + headerSize + masksAfter + index * 4));
  // rows are given in file order (bottom-up unless the height is negative), as raw bytes
  options.rows.forEach((row, index) => file.set(row, pixelOffset + index * stride));
  return file;
}

const pixels = (decoded: { data: Buffer }) => [...decoded.data];

describe("BMP decoding", () => {
  it("reads 24-bit bitmaps (bottom-up rows, BGR, padded rows) into RGB", async () => {
    const rgb = Buffer.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const decoded = await decodeBmp(encodeBmp24(3, 2, rgb));
    expect(decoded).toMatchObject({ width: 3, height: 2, channels: 3 });
    expect(pixels(decoded)).toEqual([...rgb]);
    expect(readBmpDimensions(encodeBmp24(3, 2, rgb))).toEqual({ width: 3, height: 2 });
  });

  it("decodes only the region asked for", async () => {
    const rgb = Buffer.from(Array.from({ length: 4 * 3 * 3 }, (_, index) => index));
    const decoded = await decodeBmp(encodeBmp24(4, 3, rgb), { x: 1, y: 1, width: 2, height: 2 });
    expect(decoded).toMatchObject({ width: 2, height: 2, channels: 3 });
    // Rows 1 and 2, columns 1 and 2 of the 4 × 3 image.
    expect(pixels(decoded)).toEqual([15, 16, 17, 18, 19, 20, 27, 28, 29, 30, 31, 32]);
  });

  it("refuses a region outside the bitmap", async () => {
    await expect(decodeBmp(encodeBmp24(4, 3, Buffer.alloc(36)), { x: 3, y: 0, width: 2, height: 1 })).rejects.toThrow(new BmpError("the region lies outside the BMP"));
  });

  it("reads top-down 8-bit palette bitmaps", async () => {
    const file = bmp({ width: 2, height: -2, bitCount: 8, palette: [[0, 0, 0], [200, 100, 50]], rows: [[1, 0], [0, 1]] });
    expect(pixels(await decodeBmp(file))).toEqual([200, 100, 50, 0, 0, 0, 0, 0, 0, 200, 100, 50]);
  });

  it("reads 1-bit bitmaps", async () => {
    const file = bmp({ width: 3, height: 1, bitCount: 1, palette: [[0, 0, 0], [255, 255, 255]], rows: [[0b10100000]] });
    expect(pixels(await decodeBmp(file))).toEqual([255, 255, 255, 0, 0, 0, 255, 255, 255]);
  });

  it("reads 32-bit bitmaps with bit-field masks and alpha into RGBA", async () => {
    const file = bmp({ width: 1, height: 1, bitCount: 32, compression: 3, headerSize: 108, masks: [0x00ff0000, 0x0000ff00, 0x000000ff, 0xff000000], rows: [[0x30, 0x20, 0x10, 0x80]] });
    const decoded = await decodeBmp(file);
    expect(decoded.channels).toBe(4);
    expect(pixels(decoded)).toEqual([0x10, 0x20, 0x30, 0x80]);
  });

  it("reads 16-bit 5-5-5 bitmaps", async () => {
    const value = (31 << 10) | (0 << 5) | 16;
    const file = bmp({ width: 1, height: 1, bitCount: 16, rows: [[value & 0xff, value >> 8]] });
    expect(pixels(await decodeBmp(file))).toEqual([255, 0, 132]);
  });

  it("reads the dimensions of a huge bitmap from its headers alone", () => {
    // 16000 × 16000 at 1 bit: 32 MB on disk, a gigabyte as RGBA. Only the headers are looked at, but
    // every row must be there.
    const file = bmp({ width: 16000, height: 16000, bitCount: 1, palette: [[0, 0, 0], [255, 255, 255]], rows: [] });
    expect(readBmpDimensions(file)).toEqual({ width: 16000, height: 16000 });
    expect(() => readBmpDimensions(file.subarray(0, file.length - 1))).toThrow(new BmpError("the BMP is truncated"));
  });

  it("hands the event loop back while it decodes", async () => {
    // 2000 × 1000 pixels: several slices of work. A callback queued on the event loop runs before the
    // decoding finishes only if decoding yields in between.
    const file = bmp({ width: 2000, height: 1000, bitCount: 8, palette: [[1, 2, 3]], rows: [] });
    let turns = 0;
    let isDone = false;
    const tick = () => {
      if (isDone) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const decoded = await decodeBmp(file);
    isDone = true;
    expect(decoded.data.length).toBe(2000 * 1000 * 3);
    expect(turns).toBeGreaterThan(1);
  });

  it.each([
    ["RLE8 compression", bmp({ width: 1, height: 1, bitCount: 8, compression: 1, rows: [] }), "compressed BMPs are not supported; save it uncompressed"],
    ["a 2-bit depth", bmp({ width: 1, height: 1, bitCount: 2, rows: [] }), "unsupported BMP bit depth 2"],
    ["no pixels", bmp({ width: 0, height: 1, bitCount: 24, rows: [] }), "the BMP has no pixels"],
    ["a truncated file", encodeBmp24(4, 4, Buffer.alloc(48)).subarray(0, 80), "the BMP is truncated"],
    ["not a BMP", Buffer.from("hello world, this is not a bitmap"), "not a BMP file"],
  ])("refuses %s", async (_, file, message) => {
    await expect(decodeBmp(file)).rejects.toThrow(new BmpError(message));
    expect(() => readBmpDimensions(file)).toThrow(new BmpError(message));
  });
});
