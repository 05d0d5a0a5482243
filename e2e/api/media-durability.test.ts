import { readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { describeMedia, generateVideo } from "@/lib/media/testing/generate-media";
import { useTemporaryDirectory as temporaryDirectory } from "@/lib/media/testing/temporary-directory";
import { call, loginAs } from "../support/api";
import { prepareDatabase, startTestServer, stopProcess, type TestServer } from "../support/server";

/**
 * A server killed (SIGKILL) in the middle of processing a video: its job is taken over once its
 * lease ends, processing reaches ready, and of the killed attempt nothing is left or visible
 * (docs/decisions/0014, amendment). Leases are short here (20 s, checked every second).
 */
const SHORT_LEASE = { JOBS_EXPIRE_SECONDS: "20", JOBS_MAINTENANCE_SECONDS: "1" };
type Upload = { id: string; processing?: { state: string; progress: number }; playback_url?: string | null; preview_url?: string | null };

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
const { file } = temporaryDirectory("media-durability");

async function server(prepared: { dataDir: string; databaseUrl?: string; s3?: TestServer["s3"] }): Promise<TestServer> {
  const started = await startTestServer({ reuse: prepared, keepData: true, env: SHORT_LEASE });
  cleanup.push(() => stopProcess(started.process));
  return started;
}

async function until(target: TestServer, token: string, id: string, isDone: (upload: Upload) => boolean, timeoutMs: number): Promise<Upload> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call<Upload>(target, "GET", `/uploads/${id}`, { token });
    if (isDone(body)) return body;
    if (Date.now() > deadline) throw new Error(`not reached: ${JSON.stringify(body.processing)}\n${target.output().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("media processing durability", () => {
  it("a server killed mid-transcode: the job reruns after its lease and leaves nothing of the killed attempt", async () => {
    const prepared = await prepareDatabase();
    cleanup.push(prepared.drop);
    await generateVideo(file("class.mp4"), { width: 640, height: 360, seconds: 6 });
    const first = await server(prepared);
    const editor = (await loginAs(first, "alphaEditor")).token;
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await readFile(file("class.mp4")))]), "class.mp4");
    const created = (await (await fetch(`${first.apiUrl}/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form })).json()) as Upload;
    await until(first, editor, created.id, (upload) => upload.processing?.state === "processing", 60_000);
    await stopProcess(first.process, "SIGKILL");

    const second = await server(prepared);
    const token = (await loginAs(second, "alphaEditor")).token;
    const ready = await until(second, token, created.id, (upload) => upload.processing?.state === "ready", 150_000);
    expect(ready.processing).toEqual({ state: "ready", progress: 1 });
    const probed = await describeMedia(ready.playback_url!);
    expect(Math.abs(probed.duration - 6)).toBeLessThanOrEqual(0.5);

    // Every derived file is the visible attempt's: the killed one's folder is gone.
    const generation = new URL(ready.preview_url!).pathname.split("/").at(-2)!;
    const derived = (await second.storedKeys()).filter((key) => key.includes("/media/"));
    expect(derived.length).toBeGreaterThan(0);
    expect(derived.filter((key) => key.split("/")[3] !== generation)).toEqual([]);
  }, 300_000);
});
