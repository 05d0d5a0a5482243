/**
 * A BMP reader. The image library (sharp's prebuilt libvips) reads every image format of docs/api.md "Uploads" except BMP, so
 * BMP pixels are decoded here for it. Uncompressed bitmaps (1, 4, 8, 16, 24 and 32 bits, with or
 * without bit-field masks) are what editors' tools write; RLE- and JPEG/PNG-compressed BMPs are
 * refused at upload.
 *
 * A bitmap can be small on disk and huge in pixels (a 32 MB 1-bit file holds 16000 × 16000), so:
 * dimensions come from the headers alone; only the region a thumbnail needs is decoded, into RGB
 * (RGBA only when the file has an alpha channel); and decoding hands the event loop back between
 * slices of rows, so other requests are answered meanwhile (docs/decisions/0006).
 */
export type DecodedBmp = { width: number; height: number; channels: 3 | 4; data: Buffer };
export type Region = { x: number; y: number; width: number; height: number };

export class BmpError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BmpError";
  }
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;
/** Pixels decoded between two returns to the event loop (a few milliseconds of work). */
const PIXELS_PER_SLICE = 1 << 18;

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
    paletteSize: bitCount <= 8 ? Math.min(colorsUsed || 2 ** bitCount, 2 ** bitCount) : 0,
    masks,
  };
}

const strideOf = (header: Header) => Math.floor((header.bitCount * header.width + 31) / 32) * 4;

/** The header of a bitmap this reader can decode whole: supported, with every row present. */
function readSupportedHeader(bytes: Buffer): Header {
  const header = readHeader(bytes);
  const { width, height, bitCount, compression } = header;
  if (width < 1 || height < 1) throw new BmpError("the BMP has no pixels");
  if (![1, 4, 8, 16, 24, 32].includes(bitCount)) throw new BmpError(`unsupported BMP bit depth ${bitCount}`);
  const isPlain = compression === BI_RGB;
  const isBitFields = (compression === BI_BITFIELDS || compression === BI_ALPHABITFIELDS) && (bitCount === 16 || bitCount === 32);
  if (!isPlain && !isBitFields) throw new BmpError("compressed BMPs are not supported; save it uncompressed");
  if (header.pixelOffset + strideOf(header) * height > bytes.length) throw new BmpError("the BMP is truncated");
  return header;
}

/** Width and height from the headers, without touching a pixel; refuses what could not be decoded. */
export function readBmpDimensions(bytes: Buffer): { width: number; height: number } {
  const { width, height } = readSupportedHeader(bytes);
  return { width, height };
}

type Channel = { mask: number; shift: number; max: number };

function channel(mask: number): Channel {
  if (mask === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { mask, shift, max: mask >>> shift };
}

const scaled = (value: number, { mask, shift, max }: Channel) => Math.round((((value & mask) >>> shift) * 255) / max);

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Decodes `region` of the bitmap (default: all of it) into RGB, or RGBA when the file has an alpha
 * mask. Asynchronous: it yields to the event loop every `PIXELS_PER_SLICE` pixels.
 */
export async function decodeBmp(bytes: Buffer, region?: Region): Promise<DecodedBmp> {
  const header = readSupportedHeader(bytes);
  const { width, height, bitCount, isTopDown } = header;
  const area = region ?? { x: 0, y: 0, width, height };
  if (area.x < 0 || area.y < 0 || area.width < 1 || area.height < 1 || area.x + area.width > width || area.y + area.height > height) {
    throw new BmpError("the region lies outside the BMP");
  }
  const stride = strideOf(header);

  const palette = Buffer.alloc(256 * 3);
  for (let index = 0; index < header.paletteSize; index++) {
    const at = header.paletteOffset + index * header.paletteEntrySize;
    if (at + 3 > bytes.length) break;
    palette[index * 3] = bytes[at + 2]!;
    palette[index * 3 + 1] = bytes[at + 1]!;
    palette[index * 3 + 2] = bytes[at]!;
  }
  const defaultMasks = bitCount === 16 ? { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 } : { red: 0xff0000, green: 0xff00, blue: 0xff, alpha: 0 };
  const masks = header.masks ?? defaultMasks;
  const [red, green, blue, alpha] = [channel(masks.red), channel(masks.green), channel(masks.blue), channel(masks.alpha)];
  const channels = bitCount >= 16 && alpha.mask ? 4 : 3;

  const data = Buffer.alloc(area.width * area.height * channels);
  const indexMask = (1 << bitCount) - 1;
  let sinceYield = 0;
  for (let row = 0; row < area.height; row++) {
    const imageRow = area.y + row;
    const source = header.pixelOffset + (isTopDown ? imageRow : height - 1 - imageRow) * stride;
    let target = row * area.width * channels;
    for (let column = area.x; column < area.x + area.width; column++, target += channels) {
      if (bitCount <= 8) {
        const bitOffset = column * bitCount;
        const index = (bytes[source + (bitOffset >> 3)]! >> (8 - bitCount - (bitOffset & 7))) & indexMask;
        data[target] = palette[index * 3]!;
        data[target + 1] = palette[index * 3 + 1]!;
        data[target + 2] = palette[index * 3 + 2]!;
      } else if (bitCount === 24) {
        const at = source + column * 3;
        data[target] = bytes[at + 2]!;
        data[target + 1] = bytes[at + 1]!;
        data[target + 2] = bytes[at]!;
      } else {
        const value = bitCount === 16 ? bytes.readUInt16LE(source + column * 2) : bytes.readUInt32LE(source + column * 4);
        data[target] = scaled(value, red);
        data[target + 1] = scaled(value, green);
        data[target + 2] = scaled(value, blue);
        if (channels === 4) data[target + 3] = scaled(value, alpha);
      }
    }
    sinceYield += area.width;
    if (sinceYield >= PIXELS_PER_SLICE) {
      sinceYield = 0;
      await yieldToEventLoop();
    }
  }
  return { width: area.width, height: area.height, channels, data };
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
