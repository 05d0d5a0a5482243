/**
 * What a file is, decided from its first bytes, never from its name or the client's Content-Type
 * (docs/api.md "Uploads"). Only the image types listed there, plus mp4, mp3 and m4a for media.
 */
export type FileKind = "image" | "video" | "audio";

export type FileType = {
  mime: string;
  kind: FileKind;
  /** The extension a name of this type gets; `aliases` are the other accepted spellings. */
  extension: string;
  aliases: readonly string[];
  /** gif and webp may hold several frames (animated thumbnails, docs/api.md "Uploads"). */
  canAnimate: boolean;
};

const type = (mime: string, kind: FileKind, extension: string, aliases: string[] = [], canAnimate = false): FileType => ({
  mime,
  kind,
  extension,
  aliases,
  canAnimate,
});

export const FILE_TYPES = {
  jpeg: type("image/jpeg", "image", "jpg", ["jpeg"]),
  png: type("image/png", "image", "png"),
  gif: type("image/gif", "image", "gif", [], true),
  webp: type("image/webp", "image", "webp", [], true),
  bmp: type("image/bmp", "image", "bmp"),
  tiff: type("image/tiff", "image", "tif", ["tiff"]),
  mp4: type("video/mp4", "video", "mp4"),
  m4a: type("audio/mp4", "audio", "m4a"),
  mp3: type("audio/mpeg", "audio", "mp3"),
} as const satisfies Record<string, FileType>;

/** How many leading bytes `sniffFileType` needs to decide (fewer only for shorter files). */
export const SNIFF_BYTES = 32;

export const ALLOWED_EXTENSIONS = "jpg, jpeg, bmp, png, tif, tiff, gif, webp, mp4, mp3, m4a";

const ascii = (bytes: Uint8Array, start: number, length: number) => Buffer.from(bytes.subarray(start, start + length)).toString("latin1");

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/** ISO base media brands (ftyp major brand) of audio-only MPEG-4 files. */
const AUDIO_BRANDS = new Set(["M4A ", "M4B ", "M4P ", "F4A ", "F4B "]);
/**
 * Major brands of MPEG-4 video files. QuickTime (`qt  `), 3GPP and HEIF files share the container
 * but are not mp4, so they are refused.
 */
const VIDEO_BRANDS = new Set(["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "iso7", "iso8", "iso9", "mp41", "mp42", "mp71", "avc1", "M4V ", "M4VH", "M4VP", "dash", "mmp4", "MSNV", "f4v ", "F4V "]);

/** BITMAPINFOHEADER and its successors; OS/2 headers are 12 or 64 bytes. */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

function isMp3FrameHeader(bytes: Uint8Array): boolean {
  if (bytes.length < 4 || bytes[0] !== 0xff) return false;
  const b1 = bytes[1]!;
  const b2 = bytes[2]!;
  const isSync = (b1 & 0xe0) === 0xe0;
  const version = (b1 >> 3) & 0b11; // 01 is reserved
  const layer = (b1 >> 1) & 0b11; // 01 is Layer III
  const bitrate = b2 >> 4; // 1111 is invalid
  const sampleRate = (b2 >> 2) & 0b11; // 11 is reserved
  return isSync && version !== 0b01 && layer === 0b01 && bitrate !== 0b1111 && sampleRate !== 0b11;
}

/** The allowed type of a file starting with `head`, or `undefined` for anything else. */
export function sniffFileType(head: Uint8Array): FileType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return FILE_TYPES.jpeg;
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return FILE_TYPES.png;
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return FILE_TYPES.gif;
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 4) === "WEBP") return FILE_TYPES.webp;
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return FILE_TYPES.tiff;
  if (ascii(head, 0, 2) === "BM" && head.length >= 18 && BMP_HEADER_SIZES.has(Buffer.from(head).readUInt32LE(14))) return FILE_TYPES.bmp;
  if (ascii(head, 4, 4) === "ftyp" && head.length >= 12) {
    const brand = ascii(head, 8, 4);
    if (AUDIO_BRANDS.has(brand)) return FILE_TYPES.m4a;
    if (VIDEO_BRANDS.has(brand)) return FILE_TYPES.mp4;
    return undefined;
  }
  if (ascii(head, 0, 3) === "ID3" || isMp3FrameHeader(head)) return FILE_TYPES.mp3;
  return undefined;
}

/** The type whose mime is `mime` (stored records name their type by mime). */
export function fileTypeOfMime(mime: string): FileType | undefined {
  return Object.values(FILE_TYPES).find((candidate) => candidate.mime === mime);
}

const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f/\\]/g;

/**
 * The stored name of a file: the last segment of what the client sent (some browsers send a path),
 * without control characters or slashes, and with an extension that agrees with the sniffed type, so
 * that the address of a PNG uploaded as `photo.jpg` ends in `photo.png`.
 */
export function nameForType(given: string | undefined, fileType: FileType): string {
  const lastSegment = (given ?? "").split(/[/\\]/).pop() ?? "";
  const cleaned = lastSegment.replace(UNSAFE_NAME_CHARACTERS, "").toWellFormed().trim().slice(0, 200);
  const dot = cleaned.lastIndexOf(".");
  const extension = dot >= 0 ? cleaned.slice(dot + 1).toLowerCase() : "";
  if (dot > 0 && (extension === fileType.extension || fileType.aliases.includes(extension))) return cleaned;
  const stem = (dot >= 0 ? cleaned.slice(0, dot) : cleaned) || "upload";
  return `${stem}.${fileType.extension}`;
}
