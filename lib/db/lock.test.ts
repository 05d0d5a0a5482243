import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./lock";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "fcs-lock-"));

describe("acquireDataDirLock", () => {
  it("writes the owner's pid and removes the lock on release", () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, ".lock"), "utf8")).pid).toBe(process.pid);
    release();
    expect(existsSync(path.join(dir, ".lock"))).toBe(false);
  });

  it("refuses while a live process holds the directory, naming it", async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(path.join(dir, ".lock"), JSON.stringify({ pid: holder.pid, host: (await import("node:os")).hostname() }));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`is in use by process ${holder.pid}; stop it or set DATABASE_URL`);
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("takes over the lock of a process that died", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.once("exit", resolve));
    writeFileSync(path.join(dir, ".lock"), JSON.stringify({ pid: dead.pid, host: (await import("node:os")).hostname() }));
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, ".lock"), "utf8")).pid).toBe(process.pid);
    release();
  });

  it("takes over a half-written lock", () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, ".lock"), "{");
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(readFileSync(path.join(dir, ".lock"), "utf8")).pid).toBe(process.pid);
    release();
  });
});
