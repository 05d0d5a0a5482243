import { describe, expect, it } from "vitest";
import { encodeBmp24 } from "./bmp";
import { FILE_TYPES, nameForType, sniffFileType } from "./sniff";

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))));
const pad = (head: Buffer) => Buffer.concat([head, Buffer.alloc(32)]);
const ftyp = (brand: string) => pad(bytes([0, 0, 0, 0x20], "ftyp", brand, [0, 0, 0, 0], "isommp41"));

describe("sniffFileType", () => {
  it.each([
    ["jpeg", pad(bytes([0xff, 0xd8, 0xff, 0xe0]))],
    ["png", pad(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
    ["gif", pad(bytes("GIF89a"))],
    ["gif", pad(bytes("GIF87a"))],
    ["webp", pad(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))],
    ["tiff", pad(bytes([0x49, 0x49, 0x2a, 0x00]))],
    ["tiff", pad(bytes([0x4d, 0x4d, 0x00, 0x2a]))],
    ["bmp", encodeBmp24(2, 2, Buffer.alloc(12))],
    ["mp4", ftyp("isom")],
    ["mp4", ftyp("mp42")],
    ["m4a", ftyp("M4A ")],
    ["mp3", pad(bytes("ID3", [4, 0, 0]))],
    ["mp3", pad(bytes([0xff, 0xfb, 0x90, 0x64]))],
  ] as const)("recognises %s", (expected, head) => {
    expect(sniffFileType(head)).toBe(FILE_TYPES[expected]);
  });

  it.each([
    ["plain text", pad(bytes("hello, this is text"))],
    ["text starting with BM", pad(bytes("BMW owners club newsletter"))],
    ["QuickTime", ftyp("qt  ")],
    ["3GPP", ftyp("3gp5")],
    ["HEIC", ftyp("heic")],
    ["AAC in ADTS", pad(bytes([0xff, 0xf1, 0x50, 0x80]))],
    ["PDF", pad(bytes("%PDF-1.7"))],
    ["RIFF WAVE", pad(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))],
    ["empty", Buffer.alloc(0)],
    ["three bytes", bytes([0x89, 0x50, 0x4e])],
  ])("refuses %s", (_, head) => {
    expect(sniffFileType(head)).toBeUndefined();
  });
});

describe("nameForType", () => {
  it.each([
    ["photo.jpg", FILE_TYPES.jpeg, "photo.jpg"],
    ["photo.JPEG", FILE_TYPES.jpeg, "photo.JPEG"],
    ["photo.jpg", FILE_TYPES.png, "photo.png"],
    ["scan.tiff", FILE_TYPES.tiff, "scan.tiff"],
    ["song", FILE_TYPES.mp3, "song.mp3"],
    ["C:\\Users\\me\\clip.mov", FILE_TYPES.mp4, "clip.mp4"],
    ["../../etc/passwd.png", FILE_TYPES.png, "passwd.png"],
    ["", FILE_TYPES.gif, "upload.gif"],
    [undefined, FILE_TYPES.webp, "upload.webp"],
    [".jpg", FILE_TYPES.png, "upload.png"],
    ["tab\there.png", FILE_TYPES.png, "tabhere.png"],
    ["my photo (1).png", FILE_TYPES.png, "my photo (1).png"],
  ] as const)("names %j of type %s as %j", (given, fileType, expected) => {
    expect(nameForType(given, fileType)).toBe(expected);
  });
});
