import { describe, expect, it } from "vitest";
import { PeakAccumulator } from "./waveform-peaks";

describe("PeakAccumulator", () => {
  it("keeps no more than twice the points in memory, however long the sound", () => {
    const peaks = new PeakAccumulator(100);
    let most = 0;
    for (let sample = 0; sample < 1_000_000; sample++) {
      peaks.add(0.5);
      most = Math.max(most, peaks.bucketCount);
    }
    expect(most).toBe(200);
    expect(peaks.sampleCount).toBe(1_000_000);
    expect(peaks.peaks()).toEqual(Array.from({ length: 100 }, () => 0.5));
  });

  it("puts each stretch of the sound at its place, to within one point", () => {
    const peaks = new PeakAccumulator(10);
    // 12,345 samples: loud in the third tenth only.
    for (let sample = 0; sample < 12_345; sample++) peaks.add(sample >= 2469 && sample < 3703 ? 0.8 : 0.1);
    const result = peaks.peaks();
    expect(result).toHaveLength(10);
    expect(result[2]).toBe(0.8);
    expect(result.filter((peak) => peak === 0.8).length).toBeLessThanOrEqual(3);
    expect([result[0], result[5], result[9]]).toEqual([0.1, 0.1, 0.1]);
  });

  it("spreads a sound shorter than the points over all of them", () => {
    const peaks = new PeakAccumulator(6);
    [0.1, 0.9, 0.3].forEach((level) => peaks.add(level));
    expect(peaks.peaks()).toEqual([0.1, 0.1, 0.9, 0.9, 0.3, 0.3]);
  });

  it("gives silence for no sound at all", () => {
    expect(new PeakAccumulator(4).peaks()).toEqual([0, 0, 0, 0]);
  });

  it("reads 16-bit samples split anywhere between chunks", () => {
    const pcm = Buffer.alloc(8);
    [16384, -32768, 8192, -1].forEach((value, index) => pcm.writeInt16LE(value, index * 2));
    const whole = new PeakAccumulator(4);
    whole.addPcm16(pcm);
    const split = new PeakAccumulator(4);
    split.addPcm16(pcm.subarray(0, 3));
    split.addPcm16(pcm.subarray(3, 5));
    split.addPcm16(pcm.subarray(5));
    expect(whole.peaks()).toEqual([0.5, 1, 0.25, 0]);
    expect(split.peaks()).toEqual(whole.peaks());
    expect(split.sampleCount).toBe(4);
  });

  it("refuses a count of points that is not a positive whole number", () => {
    expect(() => new PeakAccumulator(0)).toThrow("points must be a positive integer");
  });
});
