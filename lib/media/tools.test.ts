import { accessSync, constants, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resolveMediaTools } from "./tools";

describe("resolveMediaTools", () => {
  it("uses the binaries the npm packages install, present and executable after npm install", async () => {
    const tools = await resolveMediaTools({ FFMPEG_PATH: undefined, FFPROBE_PATH: undefined });
    for (const binary of [tools.ffmpeg, tools.ffprobe]) {
      expect(binary).toContain("node_modules");
      expect(statSync(binary).isFile()).toBe(true);
      expect(() => accessSync(binary, constants.X_OK)).not.toThrow();
    }
  });

  it("prefers FFMPEG_PATH and FFPROBE_PATH", async () => {
    expect(await resolveMediaTools({ FFMPEG_PATH: "/usr/local/bin/ffmpeg", FFPROBE_PATH: "/usr/local/bin/ffprobe" })).toEqual({
      ffmpeg: "/usr/local/bin/ffmpeg",
      ffprobe: "/usr/local/bin/ffprobe",
    });
  });
});
