import { describe, expect, it } from "vitest";
import { MediaToolError } from "./errors";
import { describeToolFailure, runTool } from "./run-tool";

describe("runTool", () => {
  it("kills the process at once when aborted and rejects with the reason", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = runTool("/bin/sleep", ["30"], { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("cancelled")), 50);
    await expect(run).rejects.toThrow("cancelled");
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("passes standard output and progress lines on, and keeps standard error", async () => {
    const chunks: string[] = [];
    const lines: string[] = [];
    const run = await runTool("/bin/sh", ["-c", "printf out; printf 'a=1\\nb=2\\n' >&3; printf oops >&2; exit 3"], {
      onStdout: (chunk) => chunks.push(chunk.toString()),
      onProgressLine: (line) => lines.push(line),
    });
    expect(run).toEqual({ exitCode: 3, signal: null, stderr: "oops" });
    expect(chunks.join("")).toBe("out");
    expect(lines).toEqual(["a=1", "b=2"]);
  });

  it("says which binary could not be started", async () => {
    await expect(runTool("/nonexistent/ffmpeg", [])).rejects.toThrow(new MediaToolError("ffmpeg could not be started (ENOENT); check FFMPEG_PATH and FFPROBE_PATH"));
  });
});

describe("describeToolFailure", () => {
  it.each([
    ["[mov,mp4,m4a,3gp,3g2,mj2 @ 0x1b8ba240] moov atom not found\n/srv/data/org/upload/class.mp4: Invalid data found when processing input\n", "Invalid data found when processing input"],
    ["[h264 @ 0x14fd0980] Invalid NAL unit size (1 > 2).\nError while decoding stream #0:0: Invalid data found when processing input\nConversion failed!\n", "Error while decoding stream #0:0: Invalid data found when processing input"],
    ["https://store.example/bucket/key.mp4?X-Amz-Signature=abc: Server returned 403 Forbidden (access denied)\n", "Server returned 403 Forbidden (access denied)"],
    ["Could not write header for output file #0 (incorrect codec parameters ?): /tmp/work/720p/index.m3u8 is busy\n", "Could not write header for output file #0 (incorrect codec parameters ?): the file is busy"],
    ["", "no reason given"],
  ])("keeps the telling line of %j without paths", (stderr, expected) => {
    expect(describeToolFailure(stderr)).toBe(expected);
  });
});
