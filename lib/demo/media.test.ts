import { describe, expect, it } from "vitest";
import { readImageInfo } from "@/lib/uploads/images";
import { sniffFileType } from "@/lib/uploads/sniff";
import { PALETTES, buildSilentMp3, buildSlideshowMp4, renderCover, renderExerciseLoop, renderPortrait, renderVideoSlide, wrapWords } from "./media";

/** The ISO BMFF boxes of `bytes` (type → payload), one level deep from `start`. */
function boxes(bytes: Buffer, start = 0, end = bytes.length): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (let at = start; at + 8 <= end; ) {
    const size = bytes.readUInt32BE(at);
    found.set(bytes.toString("latin1", at + 4, at + 8), bytes.subarray(at + 8, at + size));
    if (size < 8) throw new Error("bad box size");
    at += size;
  }
  return found;
}

describe("demo images", () => {
  it("renders a cover that the upload code reads as a square JPEG", async () => {
    const cover = await renderCover({ title: "Full-body starter", kicker: "Strength · Beginner", palette: PALETTES.strength, size: 400 });
    const type = sniffFileType(cover.subarray(0, 32));
    expect(type?.mime).toBe("image/jpeg");
    expect(await readImageInfo(cover, type!)).toEqual({ width: 400, height: 400, isAnimated: false });
  });

  it("renders portraits and video slides", async () => {
    expect(sniffFileType((await renderPortrait("Amélie Roux", PALETTES.yoga, 200)).subarray(0, 32))?.mime).toBe("image/jpeg");
    expect(sniffFileType((await renderVideoSlide("Title", "with someone", PALETTES.core)).subarray(0, 32))?.mime).toBe("image/png");
  });

  it.each(["gif", "webp"] as const)("renders an animated exercise loop as %s", async (format) => {
    const loop = await renderExerciseLoop(PALETTES.hiit, format, 96, 6);
    const type = sniffFileType(loop.subarray(0, 32));
    expect(type?.mime).toBe(`image/${format}`);
    expect(await readImageInfo(loop, type!)).toEqual({ width: 96, height: 96, isAnimated: true });
  });

  it("wraps titles by words", () => {
    expect(wrapWords("Every minute on the minute", 12)).toEqual(["Every minute", "on the", "minute"]);
    expect(wrapWords("Oberschenkelrückseite", 5)).toEqual(["Oberschenkelrückseite"]);
  });
});

describe("demo audio", () => {
  it("builds an MP3: ID3v2.4 tag, then 32 kbit/s mono frames for the duration", () => {
    const mp3 = buildSilentMp3(2.5, { title: "Breathe & reset", artist: "Priya" });
    expect(sniffFileType(mp3.subarray(0, 32))?.mime).toBe("audio/mpeg");
    expect(mp3.toString("latin1", 0, 5)).toBe("ID3\u0004\u0000");
    const tagSize = ((mp3[6]! << 21) | (mp3[7]! << 14) | (mp3[8]! << 7) | mp3[9]!) + 10;
    expect(mp3.toString("utf8", 0, tagSize)).toContain("Breathe & reset");
    const frames = mp3.subarray(tagSize);
    expect([...frames.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x10, 0xc0]);
    expect(frames.length % 104).toBe(0);
    expect(frames.length / 104).toBe(Math.round((2.5 * 44_100) / 1152));
  });
});

describe("demo video", () => {
  it("builds an MP4 with an H.264 track: key frame per slide, skipped frames between", async () => {
    const slide = await renderVideoSlide("A", "B", PALETTES.cardio, 64, 32);
    const mp4 = await buildSlideshowMp4({ slides: [slide, slide], width: 32, height: 16, secondsPerSlide: 1, fps: 5 });
    expect(sniffFileType(mp4.subarray(0, 32))?.mime).toBe("video/mp4");

    const top = boxes(mp4);
    expect([...top.keys()]).toEqual(["ftyp", "moov", "mdat"]);
    const moov = top.get("moov")!;
    const mvhd = boxes(moov).get("mvhd")!;
    expect({ timescale: mvhd.readUInt32BE(12), durationMs: mvhd.readUInt32BE(16) }).toEqual({ timescale: 1000, durationMs: 2000 });
    const stbl = boxes(boxes(boxes(boxes(moov).get("trak")!).get("mdia")!).get("minf")!).get("stbl")!;
    const tables = boxes(stbl);
    expect(tables.get("stsd")!.toString("latin1", 12, 16)).toBe("avc1");
    const stsz = tables.get("stsz")!;
    const sampleCount = stsz.readUInt32BE(8);
    expect(sampleCount).toBe(10);
    const stss = tables.get("stss")!;
    expect([stss.readUInt32BE(8), stss.readUInt32BE(12)]).toEqual([1, 6]);

    // The chunk offset points at the first sample: a 4-byte length, then the SPS NAL unit (type 7).
    const offset = tables.get("stco")!.readUInt32BE(8);
    expect(mp4[offset + 4]! & 0x1f).toBe(7);
    const sizes = Array.from({ length: sampleCount }, (_, i) => stsz.readUInt32BE(12 + i * 4));
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(top.get("mdat")!.length);
    // 2 macroblocks of I_PCM (384 sample bytes each) make the key frames large, the skipped frames tiny.
    expect(sizes[5]!).toBeGreaterThan(2 * 384);
    expect(sizes[1]!).toBeLessThan(16);
  });

  it("refuses sizes that are not whole macroblocks", async () => {
    await expect(buildSlideshowMp4({ slides: [], width: 30, height: 16, secondsPerSlide: 1 })).rejects.toThrow("multiples of 16");
  });
});
