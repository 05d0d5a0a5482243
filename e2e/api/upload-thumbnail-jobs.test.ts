import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { loginAs } from "../support/api";
import { jobsOf, waitForJob } from "../support/jobs";
import { startTestServer, type TestServer } from "../support/server";

/**
 * An image's four crop formats are rendered by a job once its upload commits (docs/decisions/0019),
 * and the thumbnail route still renders a thumbnail whose job has not run.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

const STYLES = ["portrait", "landscape", "widescreen", "square"] as const;

async function uploadImage(server: TestServer, token: string): Promise<{ id: string; url: string }> {
  const image = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(image)]), "cover.jpg");
  const response = await fetch(`${server.apiUrl}/uploads`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; url: string };
}

const styled = (url: string, style: string) => {
  const address = new URL(url);
  address.searchParams.set("style", style);
  return address.toString();
};

describe("thumbnails made by a job at upload time", () => {
  it("renders the four crop formats into the cache once the upload commits", async () => {
    const server = await startTestServer();
    servers.push(server);
    const [editor, admin] = await Promise.all([loginAs(server, "alphaEditor"), loginAs(server, "alphaAdmin")]).then((pairs) => pairs.map((pair) => pair.token));
    const upload = await uploadImage(server, editor!);
    const job = await waitForJob(server, admin!, "uploads.thumbnails", (payload) => payload.upload_id === upload.id);
    expect(job.last_error).toBeNull();
    for (const style of STYLES) {
      const response = await fetch(styled(upload.url, style));
      expect({ style, status: response.status, cache: response.headers.get("x-thumbnail-cache") }).toEqual({ style, status: 200, cache: "hit" });
    }
    const square = await fetch(styled(upload.url, "square"));
    expect(await sharp(Buffer.from(await square.arrayBuffer())).metadata()).toMatchObject({ width: 600, height: 600 });

    // Files that are not images get no job.
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypisom", "latin1"), Buffer.alloc(2048)]))]), "clip.mp4");
    const video = (await (await fetch(`${server.apiUrl}/uploads`, { method: "POST", headers: { Authorization: `Bearer ${editor}` }, body: form })).json()) as { id: string };
    expect((await jobsOf(server, admin!, "uploads.thumbnails")).map((entry) => entry.payload.upload_id)).not.toContain(video.id);
  });

  it.runIf(process.env.TEST_DB_KIND === "postgresql")("still serves a thumbnail whose job has not run (no runner: JOBS=off)", async () => {
    const server = await startTestServer({ env: { JOBS: "off" } });
    servers.push(server);
    const [editor, admin] = await Promise.all([loginAs(server, "alphaEditor"), loginAs(server, "alphaAdmin")]).then((pairs) => pairs.map((pair) => pair.token));
    const upload = await uploadImage(server, editor!);
    const [job] = (await jobsOf(server, admin!, "uploads.thumbnails")).filter((entry) => entry.payload.upload_id === upload.id);
    expect(job).toMatchObject({ state: "created" });
    const response = await fetch(styled(upload.url, "portrait"));
    expect({ status: response.status, cache: response.headers.get("x-thumbnail-cache") }).toEqual({ status: 200, cache: "miss" });
    expect(await sharp(Buffer.from(await response.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 600 });
  });
});
