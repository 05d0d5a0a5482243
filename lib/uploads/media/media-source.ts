import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline } from "node:stream/promises";
import { getStorage } from "@/lib/storage";
import { parseRange } from "../range";

/** Where ffmpeg reads a stored file from, and how to stop offering it. */
export type MediaSource = { input: string; close: () => Promise<void> };

/**
 * An address ffmpeg can read a stored object from without the object ever being copied or held in
 * memory: its path for the local driver; otherwise a private HTTP server on 127.0.0.1, for this one
 * object under an unguessable path, answering byte ranges from the store (ffmpeg seeks with ranges,
 * so a poster or a preview reads only the bytes it needs).
 */
export async function openMediaSource(key: string, size: number): Promise<MediaSource> {
  const storage = getStorage();
  const localPath = storage.localPathOf?.(key);
  if (localPath) return { input: localPath, close: async () => undefined };

  const secret = randomBytes(16).toString("hex");
  const server = http.createServer((req, res) => {
    if (req.url !== `/${secret}` || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404).end();
      return;
    }
    const range = parseRange(req.headers.range ?? null, size, null, "");
    if (range === "unsatisfiable") {
      res.writeHead(416, { "Content-Range": `bytes */${size}` }).end();
      return;
    }
    const headers: Record<string, string> = { "Accept-Ranges": "bytes", "Content-Type": "application/octet-stream" };
    if (range) {
      headers["Content-Range"] = `bytes ${range.start}-${range.end}/${size}`;
      headers["Content-Length"] = String(range.end - range.start + 1);
    } else headers["Content-Length"] = String(size);
    res.writeHead(range ? 206 : 200, headers);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    storage
      .read(key, range ?? undefined)
      .then((body) => pipeline(body, res))
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    input: `http://127.0.0.1:${port}/${secret}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
