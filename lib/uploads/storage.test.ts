import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalStorage } from "./storage";

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "storage-test-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function text(stream: AsyncIterable<Buffer>): Promise<string> {
  let result = "";
  for await (const chunk of stream) result += chunk.toString();
  return result;
}

describe("LocalStorage", () => {
  it("writes, stats, reads ranges and removes by prefix", async () => {
    const storage = new LocalStorage(root);
    expect(await storage.write("org/upload/original", [Buffer.from("hello "), Buffer.from("world")])).toBe(11);
    expect(await storage.stat("org/upload/original")).toEqual({ size: 11 });
    expect(await text(storage.read("org/upload/original"))).toBe("hello world");
    expect(await text(storage.read("org/upload/original", { start: 6, end: 10 }))).toBe("world");
    await storage.removePrefix("org/upload/");
    expect(await storage.stat("org/upload/original")).toBeUndefined();
  });

  it("leaves nothing behind when the source fails, and keeps the previous object", async () => {
    const storage = new LocalStorage(root);
    await storage.write("a/b", [Buffer.from("old")]);
    async function* failing() {
      yield Buffer.from("partial new bytes");
      throw new Error("client went away");
    }
    await expect(storage.write("a/b", failing())).rejects.toThrow("client went away");
    expect(readFileSync(path.join(root, "a", "b"), "utf8")).toBe("old");
    await expect(storage.write("a/c", failing())).rejects.toThrow("client went away");
    expect(existsSync(path.join(root, "a", "c"))).toBe(false);
    expect(readdirSync(path.join(root, ".tmp"))).toEqual([]);
  });

  it("refuses keys that could leave the directory", async () => {
    const storage = new LocalStorage(root);
    for (const key of ["../x", "a/../../x", "/etc/passwd", "a//b", ".hidden"]) {
      await expect(storage.write(key, [Buffer.from("x")])).rejects.toThrow(`invalid storage key: ${key}`);
    }
  });
});
