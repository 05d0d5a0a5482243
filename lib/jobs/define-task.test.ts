import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTask } from "./define-task";

const base = { payload: z.object({}), handle: async () => undefined, retryLimit: 2, retryDelaySeconds: 5, expireSeconds: 60, concurrency: 2 };

describe("defineTask", () => {
  it("takes <domain>.<verb> names and positive settings", () => {
    expect(defineTask({ ...base, name: "uploads.thumbnails" })).toMatchObject({ name: "uploads.thumbnails", concurrency: 2 });
    expect(defineTask({ ...base, name: "webhooks.fan-out", retryLimit: 0 }).retryLimit).toBe(0);
  });

  it.each([["thumbnails"], ["Uploads.thumbnails"], ["uploads.thumb nails"], ["uploads."]])("refuses the name %s", (name) => {
    expect(() => defineTask({ ...base, name })).toThrow(`a task's name is <domain>.<verb> in lowercase: ${name}`);
  });

  it.each([
    ["concurrency", 0],
    ["expireSeconds", 1.5],
    ["retryDelaySeconds", 0],
    ["retryLimit", -1],
  ] as const)("refuses %s = %s", (key, value) => {
    expect(() => defineTask({ ...base, name: "test.task", [key]: value })).toThrow(`test.task: ${key} must be an integer of at least ${key === "retryLimit" ? 0 : 1}`);
  });
});
