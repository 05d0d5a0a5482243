import { describe, expect, it } from "vitest";
import { clearDraft, draftKey, readDraft, writeDraft } from "./draft";

function memoryStore() {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  };
}

const failingStore = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};

describe("record drafts", () => {
  it("are kept per organization and record, and read back as written until cleared", () => {
    const store = memoryStore();
    const key = draftKey("e2e", "workouts", "0d0c6f1e-1111-4222-8333-444455556666");
    expect(key).toBe("draft:e2e:workouts:0d0c6f1e-1111-4222-8333-444455556666");
    writeDraft(store, key, { savedAt: "2026-11-21T14:00:00.000Z", values: { title: { en: "Draft" } }, etag: '"x.3"' });
    expect(readDraft(store, key)).toEqual({ savedAt: "2026-11-21T14:00:00.000Z", values: { title: { en: "Draft" } }, etag: '"x.3"' });
    expect(readDraft(store, draftKey("other", "workouts", "0d0c6f1e-1111-4222-8333-444455556666"))).toBeUndefined();
    clearDraft(store, key);
    expect(readDraft(store, key)).toBeUndefined();
  });

  it("treat a damaged or foreign entry as no draft", () => {
    const store = memoryStore();
    store.entries.set("a", "{not json");
    store.entries.set("b", JSON.stringify({ values: {} }));
    store.entries.set("c", JSON.stringify({ savedAt: "2026-11-21T14:00:00.000Z", values: "text" }));
    expect(readDraft(store, "a")).toBeUndefined();
    expect(readDraft(store, "b")).toBeUndefined();
    expect(readDraft(store, "c")).toBeUndefined();
  });

  it("never throw when storage is unavailable or full (the unsaved-changes warning still applies)", () => {
    expect(readDraft(failingStore, "k")).toBeUndefined();
    expect(() => writeDraft(failingStore, "k", { savedAt: "2026-11-21T14:00:00.000Z", values: {} })).not.toThrow();
    expect(() => clearDraft(failingStore, "k")).not.toThrow();
    expect(readDraft(undefined, "k")).toBeUndefined();
  });
});
