import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createRoundRobinProxy, type RoundRobinProxy } from "./proxy";

type Backend = { name: string; url: string; server: http.Server; close: () => Promise<void> };

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function startBackend(name: string, handler?: http.RequestListener): Promise<Backend> {
  const server = http.createServer(
    handler ??
      ((req, res) => {
        req.resume();
        req.once("end", () => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ name, headers: req.headers }));
        });
      }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const backend = {
    name,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  opened.push(backend);
  return backend;
}

/** A URL where nothing listens: a server started and stopped again. */
async function deadUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}

async function startProxy(backends: string[]): Promise<{ proxy: RoundRobinProxy; url: string }> {
  // The timer's probes would race the tests' own calls to `probe`.
  const proxy = createRoundRobinProxy({ backends, probeIntervalMs: 3_600_000 });
  const url = await proxy.listen(0);
  opened.push(proxy);
  return { proxy, url };
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("round-robin proxy", () => {
  it("sends requests to the backends in turn", async () => {
    const [a, b] = await Promise.all([startBackend("a"), startBackend("b")]);
    const { url } = await startProxy([a.url, b.url]);
    const names = [];
    for (let i = 0; i < 4; i += 1) names.push((await getJson(`${url}/x`)).body.name);
    expect(names).toEqual(["a", "b", "a", "b"]);
  });

  it("skips a backend that refuses connections, and answers every request through the others", async () => {
    const b = await startBackend("b");
    const dead = await deadUrl();
    const { proxy, url } = await startProxy([dead, b.url]);
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await getJson(`${url}/x`));
    expect(answers.map((answer) => [answer.status, answer.body.name])).toEqual([
      [200, "b"],
      [200, "b"],
      [200, "b"],
    ]);
    expect(proxy.backends().map((backend) => backend.isUp)).toEqual([false, true]);
  });

  it("gives a request whose body was refused by one backend to the next one, body intact", async () => {
    const b = await startBackend("b", (req, res) => {
      const hash = createHash("sha256");
      req.on("data", (chunk: Buffer) => hash.update(chunk));
      req.once("end", () => res.end(hash.digest("hex")));
    });
    const { url } = await startProxy([await deadUrl(), b.url]);
    const body = randomBytes(256 * 1024);
    const response = await fetch(`${url}/upload`, { method: "POST", body });
    expect(await response.text()).toBe(createHash("sha256").update(body).digest("hex"));
  });

  it("sends no traffic to a backend whose readiness check fails, until it passes again", async () => {
    let isReady = false;
    const a = await startBackend("a", (req, res) => {
      if (req.url === "/api/v3/health/ready") return void res.writeHead(isReady ? 200 : 503).end();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ name: "a" }));
    });
    const b = await startBackend("b");
    const { proxy, url } = await startProxy([a.url, b.url]);
    await proxy.probe();
    const names = [];
    for (let i = 0; i < 3; i += 1) names.push((await getJson(`${url}/x`)).body.name);
    expect(names).toEqual(["b", "b", "b"]);

    isReady = true;
    await proxy.probe();
    const after = [];
    for (let i = 0; i < 2; i += 1) after.push((await getJson(`${url}/x`)).body.name);
    expect(after.sort()).toEqual(["a", "b"]);
  });

  it("answers 502 with the API's error body when no backend answers", async () => {
    const { url } = await startProxy([await deadUrl(), await deadUrl()]);
    expect(await getJson(`${url}/api/v3/health`)).toEqual({ status: 502, body: { code: "502", message: "no server of the cluster answered" } });
  });

  it("adds the client's address to X-Forwarded-For and sets the forwarded host and protocol it saw", async () => {
    const a = await startBackend("a");
    const { url } = await startProxy([a.url]);
    const plain = (await getJson(`${url}/x`)).body.headers as Record<string, string>;
    expect(plain["x-forwarded-for"]).toBe("127.0.0.1");
    expect(plain["x-forwarded-host"]).toBe(new URL(url).host);
    expect(plain["x-forwarded-proto"]).toBe("http");
    const claimed = (await getJson(`${url}/x`, { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Host": "evil.example" })).body.headers as Record<string, string>;
    expect(claimed["x-forwarded-for"]).toBe("203.0.113.9, 127.0.0.1");
    expect(claimed["x-forwarded-host"]).toBe(new URL(url).host);
    expect(claimed.host).toBe(new URL(url).host);
  });

  it("drops the headers of one connection, and those its Connection header names", async () => {
    const a = await startBackend("a");
    const { url } = await startProxy([a.url]);
    const seen = await new Promise<Record<string, string>>((resolve, reject) => {
      const request = http.get(`${url}/x`, { headers: { Connection: "keep-alive, X-Hop", "X-Hop": "1", "Proxy-Authorization": "Basic eA==", "X-Kept": "yes" } }, (answer) => {
        let text = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk: string) => (text += chunk));
        answer.once("end", () => resolve((JSON.parse(text) as { headers: Record<string, string> }).headers));
      });
      request.once("error", reject);
    });
    expect(seen["x-kept"]).toBe("yes");
    expect(seen["x-hop"]).toBeUndefined();
    expect(seen["proxy-authorization"]).toBeUndefined();
  });

  it("streams a request body: the backend reads its start before the client has sent the rest", async () => {
    let firstChunkSeen!: () => void;
    const seen = new Promise<void>((resolve) => (firstChunkSeen = resolve));
    const a = await startBackend("a", (req, res) => {
      let bytes = 0;
      req.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        firstChunkSeen();
      });
      req.once("end", () => res.end(String(bytes)));
    });
    const { url } = await startProxy([a.url]);
    const answer = new Promise<string>((resolve, reject) => {
      const request = http.request(`${url}/upload`, { method: "POST" }, (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.once("end", () => resolve(text));
      });
      request.once("error", reject);
      request.write(Buffer.alloc(1000, 1));
      // The rest only once the backend holds the first part: a proxy that waits for the whole body never gets here.
      void seen.then(() => request.end(Buffer.alloc(500, 2)));
    });
    expect(await answer).toBe("1500");
  });

  it("streams a response body: the client reads its start before the backend has written the rest", async () => {
    let clientSawStart!: () => void;
    const clientSaw = new Promise<void>((resolve) => (clientSawStart = resolve));
    const a = await startBackend("a", (req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("first part;");
      void clientSaw.then(() => res.end("second part"));
    });
    const { url } = await startProxy([a.url]);
    const text = await new Promise<string>((resolve, reject) => {
      http
        .get(`${url}/download`, (response) => {
          let received = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            received += chunk;
            if (received.startsWith("first part;")) clientSawStart();
          });
          response.once("end", () => resolve(received));
        })
        .once("error", reject);
    });
    expect(text).toBe("first part;second part");
  });

  it("passes large bodies both ways intact", async () => {
    const a = await startBackend("a", (req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream" });
      req.pipe(res);
    });
    const { url } = await startProxy([a.url]);
    const body = randomBytes(8 * 1024 * 1024);
    const response = await fetch(`${url}/echo`, { method: "PUT", body });
    const echoed = Buffer.from(await response.arrayBuffer());
    expect(echoed.length).toBe(body.length);
    expect(echoed.equals(body)).toBe(true);
  });

  it("stops the backend's request when the client goes away", async () => {
    let backendClosed!: (finished: boolean) => void;
    const closed = new Promise<boolean>((resolve) => (backendClosed = resolve));
    const a = await startBackend("a", (req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("partial");
      res.once("close", () => backendClosed(res.writableFinished));
    });
    const { url } = await startProxy([a.url]);
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${url}/slow`, (response) => {
        response.once("data", () => {
          request.destroy();
          resolve();
        });
      });
      request.once("error", () => undefined);
      request.once("close", () => resolve());
      setTimeout(() => reject(new Error("no data")), 5_000).unref();
    });
    expect(await closed).toBe(false);
  });
});
