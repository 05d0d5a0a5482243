import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startS3Server, type TestS3Server } from "@/e2e/support/s3-server";
import { LocalStorage } from "./local-storage";
import { statusOf } from "@/lib/http/errors";
import { readWhole, StorageObjectMissingError, StorageUnavailableError, type ObjectStorage } from "./object-storage";
import { S3Storage } from "./s3-storage";

/**
 * The storage contract: every driver passes the same cases. The S3 driver runs against a real S3 API
 * server (s3rver) started here on a free port.
 */
type Driver = {
  storage: ObjectStorage;
  /** Makes the store refuse or stop answering; `restore` undoes it. */
  breakStore: () => Promise<void>;
  restore: () => Promise<void>;
  /** Values that must never appear in an error or a log line. */
  secrets: string[];
};

const MiB = 1024 * 1024;

async function text(stream: AsyncIterable<Buffer>): Promise<string> {
  let result = "";
  for await (const chunk of stream) result += chunk.toString();
  return result;
}

async function* chunks(total: number, chunkSize = 64 * 1024, seed = 7): AsyncGenerator<Buffer> {
  for (let sent = 0; sent < total; sent += chunkSize) yield Buffer.alloc(Math.min(chunkSize, total - sent), (seed + sent / chunkSize) % 251);
}

const md5 = (buffer: Buffer) => createHash("md5").update(buffer).digest("hex");

async function expectUnavailable(promise: Promise<unknown>, secrets: string[]): Promise<StorageUnavailableError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageUnavailableError);
  const unavailable = error as StorageUnavailableError;
  expect(statusOf(unavailable)).toBe(503);
  for (const secret of secrets) expect(`${unavailable.message} ${unavailable.reason}`).not.toContain(secret);
  return unavailable;
}

let s3: TestS3Server;
let localRoot: string;
const drivers: Record<"local" | "s3", () => Driver> = {
  local: () => {
    const root = path.join(localRoot, randomBytes(4).toString("hex"));
    return {
      storage: new LocalStorage(root),
      // A file where the directory should be: every write and check is refused.
      breakStore: async () => {
        rmSync(root, { recursive: true, force: true });
        writeFileSync(root, "not a directory");
      },
      restore: async () => {
        if (existsSync(root) && !statSync(root).isDirectory()) rmSync(root);
      },
      secrets: [],
    };
  },
  s3: () => ({
    storage: new S3Storage(s3.config),
    breakStore: () => s3.halt(),
    restore: () => s3.resume(),
    secrets: [s3.config.secretAccessKey, "S3RVER"],
  }),
};

beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = mkdtempSync(path.join(tmpdir(), "storage-contract-"));
});
afterAll(async () => {
  await s3?.stop();
  rmSync(localRoot, { recursive: true, force: true });
});

describe.each(["local", "s3"] as const)("the %s driver", (kind) => {
  let driver: Driver;
  let prefix: string;
  beforeAll(() => {
    driver = drivers[kind]();
  });
  afterEach(async () => {
    await driver.restore();
  });
  const key = (name: string) => `${prefix}${name}`;
  beforeAll(() => {
    prefix = `org-${kind}/upload-${randomBytes(3).toString("hex")}/`;
  });

  it("writes, stats, reads whole and by byte range, and removes by prefix", async () => {
    const { storage } = driver;
    expect(await storage.write(key("original"), [Buffer.from("hello "), Buffer.from("world")])).toBe(11);
    expect(await storage.stat(key("original"))).toEqual({ size: 11 });
    expect(await text(await storage.read(key("original")))).toBe("hello world");
    expect(await text(await storage.read(key("original"), { start: 6, end: 10 }))).toBe("world");
    expect(await text(await storage.read(key("original"), { start: 0, end: 0 }))).toBe("h");

    await storage.write(key("thumbnails/square/a"), [Buffer.from("thumb")]);
    const sibling = `${prefix.replace(/\/$/, "")}-sibling/original`;
    await storage.write(sibling, [Buffer.from("kept")]);
    await storage.removePrefix(key("thumbnails/"));
    expect(await storage.stat(key("thumbnails/square/a"))).toBeUndefined();
    expect(await storage.stat(key("original"))).toEqual({ size: 11 });
    await storage.removePrefix(prefix);
    expect(await storage.stat(key("original"))).toBeUndefined();
    // A prefix is a folder: `org/upload/` leaves `org/upload-sibling/` alone.
    expect(await text(await storage.read(sibling))).toBe("kept");
    await storage.removePrefix(`${sibling.replace(/original$/, "")}`);
    await storage.removePrefix(prefix);
  });

  it("lists the objects under a prefix in key order with their sizes, and nothing of a sibling or a missing prefix", async () => {
    const { storage } = driver;
    await storage.write(key("original"), [Buffer.from("hello")]);
    await storage.write(key("thumbnails/square/b"), [Buffer.from("bb")]);
    await storage.write(key("thumbnails/landscape/a"), [Buffer.from("a")]);
    const sibling = `${prefix.replace(/\/$/, "")}-sibling/original`;
    await storage.write(sibling, [Buffer.from("kept")]);
    const listed: { key: string; size: number }[] = [];
    for await (const object of storage.list(prefix)) listed.push(object);
    expect(listed).toEqual([
      { key: key("original"), size: 5 },
      { key: key("thumbnails/landscape/a"), size: 1 },
      { key: key("thumbnails/square/b"), size: 2 },
    ]);
    const missing: unknown[] = [];
    for await (const object of storage.list(key("nothing/"))) missing.push(object);
    expect(missing).toEqual([]);
    await storage.removePrefix(prefix);
    await storage.removePrefix(sibling.replace(/original$/, ""));
  });

  it("removes one object by its key, leaving its neighbours", async () => {
    const { storage } = driver;
    await storage.write(key("captions/de-1.vtt"), [Buffer.from("WEBVTT")]);
    await storage.write(key("captions/de-2.vtt"), [Buffer.from("WEBVTT")]);
    await storage.removeKey(key("captions/de-1.vtt"));
    expect(await storage.stat(key("captions/de-1.vtt"))).toBeUndefined();
    expect(await storage.stat(key("captions/de-2.vtt"))).toEqual({ size: 6 });
    await storage.removePrefix(key("captions/"));
  });

  it("replaces an object whole", async () => {
    const { storage } = driver;
    await storage.write(key("replaced"), [Buffer.from("first version")]);
    await storage.write(key("replaced"), [Buffer.from("second")]);
    expect(await text(await storage.read(key("replaced")))).toBe("second");
    expect(await storage.stat(key("replaced"))).toEqual({ size: 6 });
  });

  // Megabytes through a real HTTP server: generous on a busy machine.
  it("streams a file of several parts in and out unchanged, with ranges across part boundaries", { timeout: 60_000 }, async () => {
    const { storage } = driver;
    const size = 12 * MiB + 123;
    const expected: Buffer[] = [];
    for await (const chunk of chunks(size)) expected.push(chunk);
    const whole = Buffer.concat(expected);
    expect(await storage.write(key("large"), chunks(size), { contentType: "video/mp4" })).toBe(size);
    expect(await storage.stat(key("large"))).toEqual({ size });
    expect(md5(await readWhole(storage, key("large")))).toBe(md5(whole));
    const start = 5 * MiB - 10;
    const end = 10 * MiB + 10;
    const ranged: Buffer[] = [];
    for await (const chunk of await storage.read(key("large"), { start, end })) ranged.push(chunk as Buffer);
    expect(Buffer.concat(ranged).equals(whole.subarray(start, end + 1))).toBe(true);
  });

  it.each([
    ["before the first part is full", 1 * MiB],
    ["after several parts were sent", 11 * MiB],
  ])("rethrows the source's failure %s, keeps the previous object and leaves no new one", { timeout: 60_000 }, async (_, failAfter) => {
    const { storage } = driver;
    await storage.write(key("kept"), [Buffer.from("old")]);
    const failing = async function* () {
      yield* chunks(failAfter);
      throw new Error("client went away");
    };
    await expect(storage.write(key("kept"), failing())).rejects.toThrow("client went away");
    expect(await text(await storage.read(key("kept")))).toBe("old");
    await expect(storage.write(key("never"), failing())).rejects.toThrow("client went away");
    expect(await storage.stat(key("never"))).toBeUndefined();
  });

  it("reports a missing object: stat answers undefined, read fails before streaming, removing it is no error", async () => {
    const { storage } = driver;
    expect(await storage.stat(key("missing"))).toBeUndefined();
    await expect(storage.read(key("missing"))).rejects.toBeInstanceOf(StorageObjectMissingError);
    await expect(storage.read(key("missing"))).rejects.toMatchObject({ code: "not_found", message: "the file is not in storage" });
    await expect(storage.removePrefix(key("missing/"))).resolves.toBeUndefined();
    await expect(storage.removeKey(key("missing"))).resolves.toBeUndefined();
  });

  it("refuses keys that could leave their place", async () => {
    const { storage } = driver;
    for (const bad of ["../x", "a/../../x", "/etc/passwd", "a//b", ".hidden"]) {
      await expect(storage.write(bad, [Buffer.from("x")])).rejects.toThrow(`invalid storage key: ${bad}`);
    }
    await expect(storage.removePrefix("a/b")).rejects.toThrow("a prefix ends with '/': a/b");
  });

  it("answers its readiness check, and fails it (and every operation) with a 503 error naming no secret when the store is broken", { timeout: 30_000 }, async () => {
    const { storage, secrets } = driver;
    await storage.write(key("before"), [Buffer.from("x")]);
    await expect(storage.check()).resolves.toBeUndefined();
    const logged: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((line) => {
      logged.push(String(line));
      return true;
    });
    try {
      await driver.breakStore();
      await expectUnavailable(storage.check(), secrets);
      const refused = await expectUnavailable(storage.write(key("after"), chunks(64 * 1024)), secrets);
      expect(refused.message).toBe("the file store refused to store the file; try again later");
      if (kind === "s3") {
        const read = await expectUnavailable(storage.read(key("before")), secrets);
        expect(read.message).toBe("the file store is unavailable; try again later");
        await expectUnavailable(storage.stat(key("before")), secrets);
        await expectUnavailable(storage.removePrefix(prefix), secrets);
      }
    } finally {
      spy.mockRestore();
      await driver.restore();
    }
    for (const secret of secrets) expect(logged.join("")).not.toContain(secret);
    await expect(storage.check()).resolves.toBeUndefined();
  });
});

describe("the local driver's directory", () => {
  it("keeps writes in .tmp until complete and leaves nothing there after a failure", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "storage-local-"));
    try {
      const storage = new LocalStorage(root);
      await storage.write("a/b", [Buffer.from("old")]);
      async function* failing() {
        yield Buffer.from("partial new bytes");
        throw new Error("client went away");
      }
      await expect(storage.write("a/b", failing())).rejects.toThrow("client went away");
      expect(readFileSync(path.join(root, "a", "b"), "utf8")).toBe("old");
      expect(existsSync(path.join(root, "a", "c"))).toBe(false);
      expect(readdirSync(path.join(root, ".tmp"))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the S3 driver's credentials", () => {
  it("refused by the store reach neither the error nor a log line", async () => {
    const keys = { accessKeyId: "AKIAUNKNOWN0123456789", secretAccessKey: "wrong-secret-0123456789abcdefghijklmnop" };
    const storage = new S3Storage({ ...s3.config, ...keys });
    const logged: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((line) => {
      logged.push(String(line));
      return true;
    });
    try {
      const refused = await expectUnavailable(storage.write("org/x/original", [Buffer.from("x")]), Object.values(keys));
      expect(refused.reason).toBe("InvalidAccessKeyId (403)");
    } finally {
      spy.mockRestore();
      storage.destroy();
    }
    expect(logged.join("")).toContain("InvalidAccessKeyId (403)");
    for (const secret of Object.values(keys)) expect(logged.join("")).not.toContain(secret);
  });
});
