import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, FEED_START, isBefore } from "./cursor";

const KEY = "ab".repeat(32);
const OTHER_KEY = "cd".repeat(32);
const ORG = "9a0e4a43-6a1c-4f55-8d3c-5f2e0b8f1a11";
const OTHER_ORG = "1b7f2c90-3d4e-4a5b-9c6d-7e8f9a0b1c2d";
const cursor = { txid: 123_456_789_012n, position: 42n, origin: 123_000_000_000n, database: 0x1234_5678_9abc_def0n, issuedAt: 1_800_000_000 };

describe("change feed cursors", () => {
  it("read back as written, for the organization they were issued to", () => {
    const text = encodeCursor(cursor, ORG, KEY);
    expect(text).toMatch(/^[A-Za-z0-9_-]{63}$/);
    expect(decodeCursor(text, ORG, KEY)).toEqual(cursor);
    const extremes = { txid: 2n ** 64n - 1n, position: 2n ** 63n - 1n, origin: 2n ** 64n - 1n, database: 2n ** 64n - 1n, issuedAt: 2 ** 32 - 1 };
    expect(decodeCursor(encodeCursor(extremes, ORG, KEY), ORG, KEY)).toEqual(extremes);
  });

  it("are refused when altered, made up, issued elsewhere or under another key", () => {
    const text = encodeCursor(cursor, ORG, KEY);
    const flipped = (index: number) => text.slice(0, index) + (text[index] === "A" ? "B" : "A") + text.slice(index + 1);
    for (let index = 0; index < text.length; index++) expect(decodeCursor(flipped(index), ORG, KEY)).toBeUndefined();
    expect(decodeCursor(text, OTHER_ORG, KEY)).toBeUndefined();
    expect(decodeCursor(text, ORG, OTHER_KEY)).toBeUndefined();
    for (const junk of ["", "abc", "0", `${text}A`, text.slice(1), `${text}=`, text.replace(/-/g, "+"), " ".repeat(63), "é".repeat(63), Buffer.alloc(47).toString("base64url")]) {
      expect(decodeCursor(junk, ORG, KEY)).toBeUndefined();
    }
  });

  it("order by transaction, then position", () => {
    expect(isBefore(FEED_START, { txid: 1n, position: 1n })).toBe(true);
    expect(isBefore({ txid: 5n, position: 9n }, { txid: 6n, position: 1n })).toBe(true);
    expect(isBefore({ txid: 6n, position: 1n }, { txid: 6n, position: 2n })).toBe(true);
    expect(isBefore({ txid: 6n, position: 2n }, { txid: 6n, position: 2n })).toBe(false);
    expect(isBefore({ txid: 7n, position: 1n }, { txid: 6n, position: 9n })).toBe(false);
  });
});
