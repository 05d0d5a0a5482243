/**
 * Peaks of a sound of any length in constant memory. Samples go into at most `2 × points` buckets of
 * equal length; when all are full, neighbours are merged (each bucket keeps the louder peak) and
 * buckets become twice as long. At the end the buckets (between `points` and `2 × points` of them) are
 * spread over exactly `points` points, so each point covers its share of the sound to within one
 * point's length, without knowing the length beforehand.
 */
export class PeakAccumulator {
  private readonly buckets: Float64Array;
  private used = 0;
  private samplesPerBucket = 1;
  private samplesInBucket = 0;
  private samples = 0;
  /** The first byte of a 16-bit sample split across two chunks. */
  private pendingByte: number | undefined;

  constructor(readonly points: number) {
    if (!Number.isInteger(points) || points < 1) throw new RangeError("points must be a positive integer");
    this.buckets = new Float64Array(points * 2);
  }

  /** Adds one sample's level, its absolute amplitude from 0 to 1. */
  add(level: number): void {
    if (this.samplesInBucket === 0) {
      if (this.used === this.buckets.length) this.halve();
      this.buckets[this.used++] = 0;
    }
    const current = this.used - 1;
    if (level > this.buckets[current]!) this.buckets[current] = level;
    this.samples++;
    this.samplesInBucket++;
    if (this.samplesInBucket === this.samplesPerBucket) this.samplesInBucket = 0;
  }

  /** Adds signed 16-bit little-endian mono samples, as they arrive from a stream. */
  addPcm16(chunk: Buffer): void {
    let offset = 0;
    if (this.pendingByte !== undefined && chunk.length > 0) {
      this.add(Math.abs(((chunk[0]! << 24) >> 16) | this.pendingByte) / 32768);
      this.pendingByte = undefined;
      offset = 1;
    }
    for (; offset + 1 < chunk.length; offset += 2) this.add(Math.abs(chunk.readInt16LE(offset)) / 32768);
    if (offset < chunk.length) this.pendingByte = chunk[offset];
  }

  /** Samples added so far. */
  get sampleCount(): number {
    return this.samples;
  }

  /** Buckets in use: never more than `2 × points`, however many samples were added. */
  get bucketCount(): number {
    return this.used;
  }

  /** Exactly `points` peaks, each from 0 to 1, rounded to 3 decimals; all 0 when nothing was added. */
  peaks(): number[] {
    const result = new Array<number>(this.points).fill(0);
    if (this.used === 0) return result;
    for (let point = 0; point < this.points; point++) {
      const from = Math.floor((point * this.used) / this.points);
      const to = Math.max(from + 1, Math.floor(((point + 1) * this.used) / this.points));
      let peak = 0;
      for (let bucket = from; bucket < to; bucket++) peak = Math.max(peak, this.buckets[bucket]!);
      result[point] = Math.round(Math.min(1, peak) * 1000) / 1000;
    }
    return result;
  }

  private halve(): void {
    const half = this.buckets.length / 2;
    for (let index = 0; index < half; index++) this.buckets[index] = Math.max(this.buckets[2 * index]!, this.buckets[2 * index + 1]!);
    this.used = half;
    this.samplesPerBucket *= 2;
  }
}
