import { describe, expect, it } from "vitest";
import { fitInside, planLadder } from "./plan-ladder";

const video = (width: number, height: number, has_audio = true) => ({ has_video: true, has_audio, width, height });
const rungs = (width: number, height: number) => planLadder(video(width, height)).video.map((rung) => `${rung.name} ${rung.width}x${rung.height}`);

describe("planLadder", () => {
  it.each([
    [3840, 2160, ["240p 426x240", "360p 640x360", "540p 960x540", "720p 1280x720", "1080p 1920x1080"]],
    [1920, 1080, ["240p 426x240", "360p 640x360", "540p 960x540", "720p 1280x720", "1080p 1920x1080"]],
    [1280, 720, ["240p 426x240", "360p 640x360", "540p 960x540", "720p 1280x720"]],
    [1000, 562, ["240p 426x240", "360p 640x360", "540p 960x540"]],
    [640, 360, ["240p 426x240", "360p 640x360"]],
    [426, 240, ["240p 426x240"]],
    // Portrait: the boxes turn.
    [1080, 1920, ["240p 240x426", "360p 360x640", "540p 540x960", "720p 720x1280", "1080p 1080x1920"]],
    // Wider than 16:9 fills a box by its width; 4:3 by its height.
    [1920, 800, ["240p 426x178", "360p 640x266", "540p 960x400", "720p 1280x534", "1080p 1920x800"]],
    [1440, 1080, ["240p 320x240", "360p 480x360", "540p 720x540", "720p 960x720", "1080p 1440x1080"]],
    // Smaller than the lowest box: one rendition at its own (even) size.
    [320, 180, ["180p 320x180"]],
    [177, 99, ["100p 178x100"]],
  ])("plans %i×%i as no more than the source", (width, height, expected) => {
    expect(rungs(width, height)).toEqual(expected);
  });

  it("caps each rung's bitrate, higher rungs more", () => {
    expect(planLadder(video(1920, 1080)).video.map((rung) => rung.maxBitrate)).toEqual([400_000, 800_000, 1_600_000, 2_800_000, 5_000_000]);
  });

  it("plans audio alone for audio, and for a video file with no picture", () => {
    expect(planLadder({ has_video: false, has_audio: true, width: null, height: null })).toEqual({ video: [], hasAudio: true });
    expect(planLadder(video(640, 360, false))).toMatchObject({ hasAudio: false });
  });
});

describe("fitInside", () => {
  it("scales down to the square and never up", () => {
    expect(fitInside(1920, 1080, 320)).toEqual({ width: 320, height: 180 });
    expect(fitInside(1080, 1920, 320)).toEqual({ width: 180, height: 320 });
    expect(fitInside(200, 100, 320)).toEqual({ width: 200, height: 100 });
    expect(fitInside(201, 101, 320)).toEqual({ width: 202, height: 102 });
  });
});
