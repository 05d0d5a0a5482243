/**
 * The demo catalogue's files, made here rather than shipped: cover images with their title drawn in,
 * instructor portraits, animated exercise loops, and tiny but well-formed MP4 (H.264) and MP3 files.
 * Everything is deterministic for its inputs, so a demo looks the same on every run.
 */
import sharp from "sharp";

export type Palette = { from: string; to: string; accent: string };

/** Colour pairs for covers; a record's palette follows from its kind or category. */
export const PALETTES = {
  strength: { from: "#1e3a8a", to: "#7c3aed", accent: "#fbbf24" },
  cardio: { from: "#b91c1c", to: "#f97316", accent: "#fde68a" },
  hiit: { from: "#831843", to: "#ef4444", accent: "#fef08a" },
  core: { from: "#065f46", to: "#14b8a6", accent: "#fef9c3" },
  mobility: { from: "#0e7490", to: "#6366f1", accent: "#e0f2fe" },
  yoga: { from: "#6d28d9", to: "#ec4899", accent: "#fce7f3" },
  mindfulness: { from: "#1e293b", to: "#0ea5e9", accent: "#bae6fd" },
  running: { from: "#166534", to: "#84cc16", accent: "#ecfccb" },
  equipment: { from: "#334155", to: "#64748b", accent: "#f8fafc" },
} as const satisfies Record<string, Palette>;
export type PaletteName = keyof typeof PALETTES;

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/** Words joined into lines of at most `maxChars` characters (a long word gets a line of its own). */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The title as SVG text lines centred on (cx, cy), sized to fit `width` in at most three lines. Only
 * a generic font family is named: whatever sans-serif font the machine has draws it.
 */
function titleBlock(title: string, cx: number, cy: number, width: number, baseSize: number, color: string): string {
  let size = baseSize;
  let lines = wrapWords(title, Math.floor(width / (size * 0.56)));
  while (lines.length > 3 && size > baseSize / 2) {
    size = Math.round(size * 0.85);
    lines = wrapWords(title, Math.floor(width / (size * 0.56)));
  }
  const lineHeight = Math.round(size * 1.15);
  const top = cy - ((lines.length - 1) * lineHeight) / 2 + size * 0.35;
  return lines
    .map(
      (line, index) =>
        `<text x="${cx}" y="${Math.round(top + index * lineHeight)}" font-family="sans-serif" font-weight="700" font-size="${size}" fill="${color}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
}

/** A deterministic number in [0, 1) from a string, for decorations that differ between records. */
function hashUnit(text: string, salt = 0): number {
  let hash = 2_166_136_261 ^ salt;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16_777_619);
  return ((hash >>> 0) % 10_000) / 10_000;
}

export type CoverOptions = { title: string; kicker: string; palette: Palette; size?: number; format?: "jpeg" | "png" };

/**
 * A square cover: a diagonal gradient with a few translucent shapes, a small kicker line ("WORKOUT ·
 * STRENGTH") and the title. Text stays inside the centred 2:3 and 16:9 crops, so every thumbnail
 * style shows it whole.
 */
export async function renderCover({ title, kicker, palette, size = 1080, format = "jpeg" }: CoverOptions): Promise<Buffer> {
  const s = size / 1080;
  const shapes = [0, 1, 2]
    .map((i) => {
      const x = Math.round(hashUnit(title, i) * size);
      const y = Math.round(hashUnit(title, i + 7) * size);
      const r = Math.round((180 + hashUnit(title, i + 13) * 260) * s);
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffffff" fill-opacity="${(0.05 + i * 0.03).toFixed(2)}"/>`;
    })
    .join("");
  const stripes = Array.from({ length: 6 }, (_, i) => {
    const offset = Math.round((i * 70 - 40) * s);
    return `<line x1="${size - 360 * s + offset}" y1="${size}" x2="${size + offset}" y2="${size - 360 * s}" stroke="${palette.accent}" stroke-opacity="0.25" stroke-width="${Math.round(14 * s)}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${size}" height="${size}" fill="url(#g)"/>${shapes}${stripes}
<rect x="${Math.round(size / 2 - 40 * s)}" y="${Math.round(size / 2 - 170 * s)}" width="${Math.round(80 * s)}" height="${Math.round(8 * s)}" rx="${Math.round(4 * s)}" fill="${palette.accent}"/>
<text x="${size / 2}" y="${Math.round(size / 2 - 200 * s)}" font-family="sans-serif" font-weight="600" font-size="${Math.round(30 * s)}" letter-spacing="${Math.round(4 * s)}" fill="${palette.accent}" text-anchor="middle">${escapeXml(kicker.toUpperCase())}</text>
${titleBlock(title, size / 2, size / 2 + 20 * s, 640 * s, Math.round(76 * s), "#ffffff")}
</svg>`;
  const image = sharp(Buffer.from(svg));
  return format === "png" ? image.png({ compressionLevel: 6 }).toBuffer() : image.jpeg({ quality: 82, mozjpeg: false }).toBuffer();
}

/** A 16:9 title card for a video (a class's first and last slide). */
export async function renderVideoSlide(title: string, subtitle: string, palette: Palette, width = 512, height = 288): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
${titleBlock(title, width / 2, height * 0.45, width * 0.8, Math.round(height * 0.16), "#ffffff")}
<text x="${width / 2}" y="${Math.round(height * 0.8)}" font-family="sans-serif" font-weight="600" font-size="${Math.round(height * 0.07)}" fill="${palette.accent}" text-anchor="middle">${escapeXml(subtitle)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** An instructor's portrait placeholder: initials on a round badge over a soft gradient. */
export async function renderPortrait(name: string, palette: Palette, size = 640): Promise<Buffer> {
  const initials = name
    .split(/[\s&]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<defs><radialGradient id="g" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="${palette.to}"/><stop offset="1" stop-color="${palette.from}"/></radialGradient></defs>
<rect width="${size}" height="${size}" fill="url(#g)"/>
<circle cx="${size / 2}" cy="${size * 0.42}" r="${size * 0.26}" fill="#ffffff" fill-opacity="0.18"/>
<text x="${size / 2}" y="${size * 0.42 + size * 0.09}" font-family="sans-serif" font-weight="700" font-size="${Math.round(size * 0.25)}" fill="#ffffff" text-anchor="middle">${escapeXml(initials)}</text>
<text x="${size / 2}" y="${size * 0.86}" font-family="sans-serif" font-weight="600" font-size="${Math.round(size * 0.06)}" fill="${palette.accent}" text-anchor="middle">${escapeXml(name)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A looping animation of one repetition (a figure lowering and rising), as an animated GIF or WebP:
 * what an exercise's `gif` shows in an app.
 */
export async function renderExerciseLoop(palette: Palette, format: "gif" | "webp" = "gif", size = 240, frames = 10): Promise<Buffer> {
  const pngs = await Promise.all(
    Array.from({ length: frames }, (_, frame) => {
      const phase = Math.sin((frame / frames) * Math.PI * 2); // -1 … 1
      const depth = (phase + 1) / 2; // 0 = standing, 1 = lowest point
      const head = size * (0.22 + depth * 0.16);
      const hip = size * (0.55 + depth * 0.1);
      const knee = size * 0.72;
      const kneeOut = size * depth * 0.12;
      const stroke = Math.max(3, Math.round(size / 24));
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<rect width="${size}" height="${size}" fill="${palette.from}"/>
<rect x="0" y="${size * 0.9}" width="${size}" height="${size * 0.1}" fill="${palette.to}"/>
<circle cx="${size / 2}" cy="${head}" r="${size * 0.07}" fill="${palette.accent}"/>
<g stroke="${palette.accent}" stroke-width="${stroke}" stroke-linecap="round" fill="none">
<line x1="${size / 2}" y1="${head + size * 0.07}" x2="${size / 2}" y2="${hip}"/>
<line x1="${size / 2}" y1="${head + size * 0.14}" x2="${size / 2 - size * 0.18}" y2="${head + size * 0.14 + depth * size * 0.05}"/>
<line x1="${size / 2}" y1="${head + size * 0.14}" x2="${size / 2 + size * 0.18}" y2="${head + size * 0.14 + depth * size * 0.05}"/>
<polyline points="${size / 2},${hip} ${size / 2 - size * 0.08 - kneeOut},${knee} ${size / 2 - size * 0.1},${size * 0.9}"/>
<polyline points="${size / 2},${hip} ${size / 2 + size * 0.08 + kneeOut},${knee} ${size / 2 + size * 0.1},${size * 0.9}"/>
</g></svg>`;
      return sharp(Buffer.from(svg)).png().toBuffer();
    }),
  );
  const animation = sharp(pngs, { join: { animated: true } });
  return format === "gif" ? animation.gif({ delay: 90, loop: 0 }).toBuffer() : animation.webp({ delay: 90, loop: 0, quality: 75 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------------
// MP3: silent MPEG-1 Layer III frames behind an ID3v2.4 tag

const MP3_FRAME_BYTES = 104; // 32 kbit/s at 44.1 kHz: 144 × 32000 / 44100, no padding
const MP3_SAMPLES_PER_FRAME = 1152;

function id3Frame(id: string, text: string): Buffer {
  const body = Buffer.concat([Buffer.from([0x03]), Buffer.from(text, "utf8")]); // encoding 3 = UTF-8
  const header = Buffer.alloc(10);
  header.write(id, 0, "latin1");
  synchsafe(body.length).copy(header, 4);
  return Buffer.concat([header, body]);
}

function synchsafe(value: number): Buffer {
  return Buffer.from([(value >> 21) & 0x7f, (value >> 14) & 0x7f, (value >> 7) & 0x7f, value & 0x7f]);
}

/**
 * An MP3 of `seconds` of silence: an ID3v2.4 tag with title and artist, then constant-bitrate frames
 * (32 kbit/s, 44.1 kHz, mono) whose side information is all zero, which decoders play as silence.
 */
export function buildSilentMp3(seconds: number, tags: { title: string; artist: string }): Buffer {
  const frames = Math.max(1, Math.round((seconds * 44_100) / MP3_SAMPLES_PER_FRAME));
  const frame = Buffer.alloc(MP3_FRAME_BYTES);
  // sync, MPEG-1, Layer III, no CRC | 32 kbit/s, 44.1 kHz, no padding | mono
  frame.set([0xff, 0xfb, 0x10, 0xc0]);
  const id3Body = Buffer.concat([id3Frame("TIT2", tags.title), id3Frame("TPE1", tags.artist)]);
  const id3Header = Buffer.concat([Buffer.from("ID3", "latin1"), Buffer.from([0x04, 0x00, 0x00]), synchsafe(id3Body.length)]);
  return Buffer.concat([id3Header, id3Body, ...Array.from({ length: frames }, () => frame)]);
}

// ---------------------------------------------------------------------------------------------------
// MP4: H.264 (Constrained Baseline) with I_PCM key frames and skipped P frames, in an ISO BMFF file

class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private count = 0;

  bit(value: number): void {
    this.current = (this.current << 1) | (value & 1);
    this.count++;
    if (this.count === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.count = 0;
    }
  }

  bits(value: number, width: number): void {
    for (let i = width - 1; i >= 0; i--) this.bit((value >> i) & 1);
  }

  /** Unsigned Exp-Golomb. */
  ue(value: number): void {
    const code = value + 1;
    const width = 32 - Math.clz32(code);
    this.bits(0, width - 1);
    this.bits(code, width);
  }

  /** Signed Exp-Golomb. */
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  get isAligned(): boolean {
    return this.count === 0;
  }

  alignZero(): void {
    while (this.count !== 0) this.bit(0);
  }

  raw(bytes: Uint8Array): void {
    if (!this.isAligned) throw new Error("raw bytes need byte alignment");
    for (const byte of bytes) this.bytes.push(byte);
  }

  /** rbsp_trailing_bits: a stop bit, then zeros to the byte boundary. */
  trailing(): Buffer {
    this.bit(1);
    this.alignZero();
    return Buffer.from(this.bytes);
  }
}

/** A NAL unit: header byte, then the RBSP with emulation prevention bytes (00 00 0x → 00 00 03 0x). */
function nalUnit(refIdc: number, type: number, rbsp: Buffer): Buffer {
  const out: number[] = [(refIdc << 5) | type];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Buffer.from(out);
}

const PROFILE_BASELINE = 66;
const CONSTRAINT_FLAGS = 0xc0; // constraint_set0 and constraint_set1: Constrained Baseline
const LEVEL = 30;
const LOG2_MAX_FRAME_NUM = 4;

function sequenceParameterSet(widthMbs: number, heightMbs: number): Buffer {
  const w = new BitWriter();
  w.bits(PROFILE_BASELINE, 8);
  w.bits(CONSTRAINT_FLAGS, 8);
  w.bits(LEVEL, 8);
  w.ue(0); // seq_parameter_set_id
  w.ue(LOG2_MAX_FRAME_NUM - 4);
  w.ue(2); // pic_order_cnt_type 2: output order is decoding order
  w.ue(1); // max_num_ref_frames
  w.bit(0); // gaps_in_frame_num_value_allowed_flag
  w.ue(widthMbs - 1);
  w.ue(heightMbs - 1);
  w.bit(1); // frame_mbs_only_flag
  w.bit(1); // direct_8x8_inference_flag
  w.bit(0); // frame_cropping_flag
  w.bit(0); // vui_parameters_present_flag
  return nalUnit(3, 7, w.trailing());
}

function pictureParameterSet(): Buffer {
  const w = new BitWriter();
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.bit(0); // entropy_coding_mode_flag: CAVLC
  w.bit(0); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.bit(0); // weighted_pred_flag
  w.bits(0, 2); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.bit(1); // deblocking_filter_control_present_flag
  w.bit(0); // constrained_intra_pred_flag
  w.bit(0); // redundant_pic_cnt_present_flag
  return nalUnit(3, 8, w.trailing());
}

type YuvFrame = { width: number; height: number; y: Uint8Array; u: Uint8Array; v: Uint8Array };

/** An IDR picture whose macroblocks are all I_PCM: the samples themselves, no prediction or transform. */
function idrSlice(frame: YuvFrame, idrPicId: number): Buffer {
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(7); // slice_type: I (all slices of the picture)
  w.ue(0); // pic_parameter_set_id
  w.bits(0, LOG2_MAX_FRAME_NUM); // frame_num
  w.ue(idrPicId);
  w.bit(0); // no_output_of_prior_pics_flag
  w.bit(0); // long_term_reference_flag
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc
  const widthMbs = frame.width / 16;
  const heightMbs = frame.height / 16;
  const luma = new Uint8Array(256);
  const chromaU = new Uint8Array(64);
  const chromaV = new Uint8Array(64);
  for (let mbY = 0; mbY < heightMbs; mbY++) {
    for (let mbX = 0; mbX < widthMbs; mbX++) {
      w.ue(25); // mb_type I_PCM
      w.alignZero(); // pcm_alignment_zero_bit
      for (let row = 0; row < 16; row++) luma.set(frame.y.subarray((mbY * 16 + row) * frame.width + mbX * 16, (mbY * 16 + row) * frame.width + mbX * 16 + 16), row * 16);
      const chromaWidth = frame.width / 2;
      for (let row = 0; row < 8; row++) {
        const start = (mbY * 8 + row) * chromaWidth + mbX * 8;
        chromaU.set(frame.u.subarray(start, start + 8), row * 8);
        chromaV.set(frame.v.subarray(start, start + 8), row * 8);
      }
      w.raw(luma);
      w.raw(chromaU);
      w.raw(chromaV);
    }
  }
  return nalUnit(3, 5, w.trailing());
}

/** A P picture in which every macroblock is skipped: it repeats the previous picture. */
function skipSlice(frameNum: number, macroblocks: number): Buffer {
  const w = new BitWriter();
  w.ue(0); // first_mb_in_slice
  w.ue(5); // slice_type: P (all slices of the picture)
  w.ue(0); // pic_parameter_set_id
  w.bits(frameNum % (1 << LOG2_MAX_FRAME_NUM), LOG2_MAX_FRAME_NUM);
  w.bit(0); // num_ref_idx_active_override_flag
  w.bit(0); // ref_pic_list_modification_flag_l0
  w.bit(0); // adaptive_ref_pic_marking_mode_flag
  w.se(0); // slice_qp_delta
  w.ue(1); // disable_deblocking_filter_idc
  w.ue(macroblocks); // mb_skip_run
  return nalUnit(2, 1, w.trailing());
}

/** RGB(A) pixels to 4:2:0 YUV (BT.601, video range), every sample kept within 16–235/240. */
function toYuv420(rgb: Buffer, width: number, height: number, channels: number): YuvFrame {
  const y = new Uint8Array(width * height);
  const u = new Uint8Array((width / 2) * (height / 2));
  const v = new Uint8Array((width / 2) * (height / 2));
  const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, Math.round(value)));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * channels;
      const r = rgb[i]!;
      const g = rgb[i + 1]!;
      const b = rgb[i + 2]!;
      y[row * width + col] = clamp(16 + 0.257 * r + 0.504 * g + 0.098 * b, 16, 235);
    }
  }
  for (let row = 0; row < height / 2; row++) {
    for (let col = 0; col < width / 2; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dy, dx] of [[0, 0], [0, 1], [1, 0], [1, 1]] as const) {
        const i = ((row * 2 + dy) * width + col * 2 + dx) * channels;
        r += rgb[i]!;
        g += rgb[i + 1]!;
        b += rgb[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      u[row * (width / 2) + col] = clamp(128 - 0.148 * r - 0.291 * g + 0.439 * b, 16, 240);
      v[row * (width / 2) + col] = clamp(128 + 0.439 * r - 0.368 * g - 0.071 * b, 16, 240);
    }
  }
  return { width, height, y, u, v };
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8, 0);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

function fullBox(type: string, version: number, flags: number, ...parts: Buffer[]): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(((version & 0xff) << 24) | (flags & 0xffffff), 0);
  return box(type, head, ...parts);
}

const u8 = (...values: number[]) => Buffer.from(values);
function u16(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => buffer.writeUInt16BE(value, i * 2));
  return buffer;
}
function u32(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => buffer.writeUInt32BE(value >>> 0, i * 4));
  return buffer;
}
const IDENTITY_MATRIX = u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000);

export type VideoOptions = {
  /** Still pictures, each shown for `secondsPerSlide`; width and height multiples of 16. */
  slides: Buffer[];
  width: number;
  height: number;
  secondsPerSlide: number;
  fps?: number;
};

/**
 * An MP4 slideshow: each slide is one I_PCM key frame followed by skipped frames, at `fps` frames a
 * second. Large per key frame (384 bytes a macroblock) but tiny otherwise, and playable anywhere
 * H.264 is (the file starts with `ftyp isom`, moov before mdat, so it streams).
 */
export async function buildSlideshowMp4({ slides, width, height, secondsPerSlide, fps = 10 }: VideoOptions): Promise<Buffer> {
  if (width % 16 !== 0 || height % 16 !== 0) throw new Error("width and height must be multiples of 16");
  const widthMbs = width / 16;
  const heightMbs = height / 16;
  const sps = sequenceParameterSet(widthMbs, heightMbs);
  const pps = pictureParameterSet();
  const samples: Buffer[] = [];
  const syncSamples: number[] = [];
  const framesPerSlide = Math.max(1, Math.round(secondsPerSlide * fps));
  let frameNum = 0;
  for (const [index, slide] of slides.entries()) {
    const { data, info } = await sharp(slide).resize(width, height, { fit: "cover" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const yuv = toYuv420(data, width, height, info.channels);
    const nals = index === 0 ? [sps, pps, idrSlice(yuv, index % 2)] : [idrSlice(yuv, index % 2)];
    syncSamples.push(samples.length + 1);
    samples.push(Buffer.concat(nals.flatMap((nal) => [u32(nal.length), nal])));
    frameNum = 0;
    for (let i = 1; i < framesPerSlide; i++) {
      frameNum++;
      const nal = skipSlice(frameNum, widthMbs * heightMbs);
      samples.push(Buffer.concat([u32(nal.length), nal]));
    }
  }

  const timescale = fps * 100;
  const delta = 100;
  const durationTicks = samples.length * delta;
  const durationMs = Math.round((samples.length * 1000) / fps);
  const ftyp = box("ftyp", Buffer.from("isom", "latin1"), u32(0x200), Buffer.from("isomiso2avc1mp41", "latin1"));

  const avcC = box("avcC", u8(1, PROFILE_BASELINE, CONSTRAINT_FLAGS, LEVEL, 0xff, 0xe1), u16(sps.length), sps, u8(1), u16(pps.length), pps);
  const compressorName = Buffer.alloc(32);
  const avc1 = box(
    "avc1",
    Buffer.alloc(6),
    u16(1), // data_reference_index
    Buffer.alloc(16), // pre_defined, reserved
    u16(width, height),
    u32(0x00480000, 0x00480000, 0), // 72 dpi, reserved
    u16(1), // frame_count
    compressorName,
    u16(0x0018, 0xffff), // depth, pre_defined
    avcC,
  );
  const stbl = (chunkOffset: number) =>
    box(
      "stbl",
      fullBox("stsd", 0, 0, u32(1), avc1),
      fullBox("stts", 0, 0, u32(1, samples.length, delta)),
      fullBox("stss", 0, 0, u32(syncSamples.length, ...syncSamples)),
      fullBox("stsc", 0, 0, u32(1, 1, samples.length, 1)),
      fullBox("stsz", 0, 0, u32(0, samples.length, ...samples.map((sample) => sample.length))),
      fullBox("stco", 0, 0, u32(1, chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      "moov",
      fullBox("mvhd", 0, 0, u32(0, 0, 1000, durationMs, 0x00010000), u16(0x0100), Buffer.alloc(10), IDENTITY_MATRIX, Buffer.alloc(24), u32(2)),
      box(
        "trak",
        fullBox("tkhd", 0, 3, u32(0, 0, 1, 0, durationMs), Buffer.alloc(8), u16(0, 0, 0, 0), IDENTITY_MATRIX, u32(width << 16, height << 16)),
        box(
          "mdia",
          fullBox("mdhd", 0, 0, u32(0, 0, timescale, durationTicks), u16(0x55c4, 0)), // language "und"
          fullBox("hdlr", 0, 0, u32(0), Buffer.from("vide", "latin1"), Buffer.alloc(12), Buffer.from("VideoHandler\0", "latin1")),
          box(
            "minf",
            fullBox("vmhd", 0, 1, u16(0, 0, 0, 0)),
            box("dinf", fullBox("dref", 0, 0, u32(1), fullBox("url ", 0, 1))),
            stbl(chunkOffset),
          ),
        ),
      ),
    );
  const mdatBody = Buffer.concat(samples);
  const moovSize = moov(0).length;
  const chunkOffset = ftyp.length + moovSize + 8;
  return Buffer.concat([ftyp, moov(chunkOffset), box("mdat", mdatBody)]);
}
