/**
 * A BMP reader. The image library (sharp's prebuilt libvips) reads every §4.5 format except BMP, so
 * BMP pixels are decoded here into RGBA for it. Uncompressed bitmaps (1, 4, 8, 16, 24 and 32 bits,
 * with or without bit-field masks) are what editors' tools write; RLE- and JPEG/PNG-compressed BMPs
 * are refused at upload.
 */
export type DecodedBmp = { width: number; height: number; channels: 4; data: Buffer };

export class BmpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BmpError";
  }
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
/** The same ceiling sharp applies to other formats (limitInputPixels). */
const MAX_PIXELS = 0x3fff * 0x3fff;

type Header = {
  width: number;
  height: number;
  isTopDown: boolean;
  bitCount: number;
  compression: number;
  pixelOffset: number;
  paletteOffset: number;
  paletteEntrySize: 3 | 4;
  paletteSize: number;
  masks?: { red: number; green: number; blue: number; alpha: number };
};

function readHeader(bytes: Buffer): Header {
  if (bytes.length < 26 || bytes.toString("latin1", 0, 2) !== "BM") throw new BmpError("not a BMP file");
  const pixelOffset = bytes.readUInt32LE(10);
  const headerSize = bytes.readUInt32LE(14);
  if (headerSize === 12) {
    const bitCount = bytes.readUInt16LE(24);
    return {
      width: bytes.readUInt16LE(18),
      height: bytes.readUInt16LE(20),
      isTopDown: false,
      bitCount,
      compression: BI_RGB,
      pixelOffset,
      paletteOffset: 14 + 12,
      paletteEntrySize: 3,
      paletteSize: bitCount <= 8 ? 2 ** bitCount : 0,
    };
  }
  if (headerSize < 40 || bytes.length < 14 + 40) throw new BmpError("unsupported BMP header");
  const signedHeight = bytes.readInt32LE(22);
  const bitCount = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  const colorsUsed = bytes.readUInt32LE(46);
  const hasMasks = compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS;
  // A 40-byte header keeps its masks right after it; later versions hold them inside the header.
  const masksOffset = 14 + 40;
  const masksAfterHeader = headerSize === 40 && hasMasks ? (compression === BI_ALPHABITFIELDS ? 16 : 12) : 0;
  let masks: Header["masks"];
  if (hasMasks) {
    if (bytes.length < masksOffset + 12) throw new BmpError("truncated BMP header");
    const hasAlphaMask = compression === BI_ALPHABITFIELDS || headerSize >= 56;
    masks = {
      red: bytes.readUInt32LE(masksOffset),
      green: bytes.readUInt32LE(masksOffset + 4),
      blue: bytes.readUInt32LE(masksOffset + 8),
      alpha: hasAlphaMask && bytes.length >= masksOffset + 16 ? bytes.readUInt32LE(masksOffset + 12) : 0,
    };
  }
  return {
    width: bytes.readInt32LE(18),
    height: Math.abs(signedHeight),
    isTopDown: signedHeight < 0,
    bitCount,
    compression,
    pixelOffset,
    paletteOffset: 14 + headerSize + masksAfterHeader,
    paletteEntrySize: 4,
    paletteSize: bitCount <= 8 ? colorsUsed || 2 ** bitCount : 0,
    masks,
  };
}

function checkSupported(header: Header): void {
  const { width, height, bitCount, compression } = header;
  if (width < 1 || height < 1) throw new BmpError("the BMP has no pixels");
  if (width * height > MAX_PIXELS) throw new BmpError("the BMP has too many pixels");
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) throw new BmpError(`unsupported BMP bit depth ${bitCount}`);
  const isPlain = compression === BI_RGB;
  const isBitFields = (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) && (bitCount === 16 || bitCount === 32);
  if (!isPlain && !isBitFields) throw new BmpError("compressed BMPs are not supported; save it uncompressed");
}

/** Width and height from the headers (no pixel work). */
export function readBmpDimensions(bytes: Buffer): { width: number; height: number } {
  const header = readHeader(bytes);
  checkSupported(header);
  return { width: header.width, height: header.height };
}

type Channel = { mask: number; shift: number; max: number };

function channel(mask: number): Channel {
  if (mask === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { mask, shift, max: mask >>> shift };
}

const scaled = (value: number, { mask, shift, max }: Channel) => Math.round((((value & mask) >>> shift) * 255) / max);

export function decodeBmp(bytes: Buffer): DecodedBmp {
  const header = readHeader(bytes);
  checkSupported(header);
  const { width, height, bitCount, isTopDown } = header;
  const stride = Math.floor((bitCount * width + 31) / 32) * 4;
  if (header.pixelOffset + stride * height > bytes.length) throw new BmpError("the BMP is truncated");

  const palette: number[][] = [];
  for (let index = 0; index < header.paletteSize; index++) {
    const at = header.paletteOffset + index * header.paletteEntrySize;
    if (at + 3 > bytes.length) break;
    palette.push([bytes[at + 2]!, bytes[at + 1]!, bytes[at]!]);
  }
  const defaultMasks = bitCount === 16 ? { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 } : { red: 0xff0000, green: 0xff00, blue: 0xff, alpha: 0 };
  const masks = header.masks ?? defaultMasks;
  const [red, green, blue, alpha] = [channel(masks.red), channel(masks.green), channel(masks.blue), channel(masks.alpha)];

  const data = Buffer.alloc(width * height * 4);
  for (let row = 0; row < height; row++) {
    const source = header.pixelOffset + (isTopDown ? row : height - 1 - row) * stride;
    for (let column = 0; column < width; column++) {
      const target = (row * width + column) * 4;
      let rgba: [number, number, number, number];
      if (bitCount <= 8) {
        const bitOffset = column * bitCount;
        const byte = bytes[source + (bitOffset >> 3)]!;
        const index = (byte >> (8 - bitCount - (bitOffset & 7))) & ((1 << bitCount) - 1);
        const [r, g, b] = palette[index] ?? [0, 0, 0];
        rgba = [r!, g!, b!, 255];
      } else if (bitCount === 24) {
        const at = source + column * 3;
        rgba = [bytes[at + 2]!, bytes[at + 1]!, bytes[at]!, 255];
      } else {
        const value = bitCount === 16 ? bytes.readUInt16LE(source + column * 2) : bytes.readUInt32LE(source + column * 4);
        rgba = [scaled(value, red), scaled(value, green), scaled(value, blue), alpha.mask ? scaled(value, alpha) : 255];
      }
      data[target] = rgba[0];
      data[target + 1] = rgba[1];
      data[target + 2] = rgba[2];
      data[target + 3] = rgba[3];
    }
  }
  return { width, height, channels: 4, data };
}

/** An uncompressed 24-bit BMP of raw RGB pixels (for tests and fixtures). */
export function encodeBmp24(width: number, height: number, rgb: Buffer): Buffer {
  const stride = Math.floor((24 * width + 31) / 32) * 4;
  const file = Buffer.alloc(54 + stride * height);
  file.write("BM", 0, "latin1");
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  file.writeUInt32LE(stride * height, 34);
  for (let row = 0; row < height; row++) {
    const target = 54 + (height - 1 - row) * stride;
    for (let column = 0; column < width; column++) {
      const from = (row * width + column) * 3;
      file[target + column * 3] = rgb[from + 2]!;
      file[target + column * 3 + 1] = rgb[from + 1]!;
      file[target + column * 3 + 2] = rgb[from]!;
    }
  }
  return file;
}
