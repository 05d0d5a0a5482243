import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { redisAnswers, ROOT } from "./processes";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("processes of the cluster", () => {
  it("a process stops (as on SIGTERM) when the process that started it is killed with SIGKILL", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "fcs-orphan-"));
    const marker = path.join(directory, "stopped");
    // The child writes output all the time (into a pipe nobody reads once the parent is gone) and
    // records a SIGTERM before exiting.
    const childCode = `
      const { writeFileSync } = await import("node:fs");
      setInterval(() => console.log("working"), 20);
      process.once("SIGTERM", () => { writeFileSync(${JSON.stringify(marker)}, "SIGTERM"); process.exit(0); });
    `;
    const parentFile = path.join(directory, "parent.mts");
    writeFileSync(
      parentFile,
      `import { spawnNode } from ${JSON.stringify(path.join(ROOT, "scripts/cluster/processes.ts"))};
       const child = spawnNode("child", ["--input-type=module", "-e", ${JSON.stringify(childCode)}], process.env);
       await child.waitForLine((line) => line === "working", 10_000);
       console.log(JSON.stringify({ child: child.pid }));
       setInterval(() => undefined, 1000);`,
    );
    const parent = spawn(process.execPath, ["--import", "tsx", parentFile], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
    let childPid = 0;
    cleanups.push(() => {
      parent.kill("SIGKILL");
      if (childPid && isAlive(childPid)) process.kill(childPid, "SIGKILL");
      rmSync(directory, { recursive: true, force: true });
    });
    childPid = await new Promise<number>((resolve, reject) => {
      let text = "";
      parent.stdout!.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        const match = /\{"child":(\d+)\}/.exec(text);
        if (match) resolve(Number(match[1]));
      });
      parent.once("exit", (code) => reject(new Error(`the parent exited (${code}) before starting its child`)));
    });
    expect(isAlive(childPid)).toBe(true);

    parent.kill("SIGKILL");
    const deadline = Date.now() + 10_000;
    while (isAlive(childPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isAlive(childPid)).toBe(false);
    expect(existsSync(marker)).toBe(true);
  });

  it("finds Redis only where a Redis server answers PING", async () => {
    const net = await import("node:net");
    // Something listens, but it is not Redis: it answers with HTTP.
    const impostor = net.createServer((socket) => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"));
    await new Promise<void>((resolve) => impostor.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => impostor.close());
    const port = (impostor.address() as import("node:net").AddressInfo).port;
    expect(await redisAnswers(`redis://127.0.0.1:${port}`)).toBe(false);

    const fake = net.createServer((socket) => socket.once("data", () => socket.write("+PONG\r\n")));
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => fake.close());
    expect(await redisAnswers(`redis://127.0.0.1:${(fake.address() as import("node:net").AddressInfo).port}`)).toBe(true);
  });
});
