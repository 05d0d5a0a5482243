import { describe, expect, it } from "vitest";
import { pixelsInUse, runWithinPixelBudget } from "./pixel-budget";

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe("runWithinPixelBudget", () => {
  it("runs work together while its pixels fit, and the rest in arrival order as pixels free up", async () => {
    const budget = 100;
    const started: string[] = [];
    const gates = { a: deferred(), b: deferred(), c: deferred(), d: deferred() };
    const job = (name: keyof typeof gates, pixels: number) =>
      runWithinPixelBudget(pixels, budget, async () => {
        started.push(name);
        await gates[name].promise;
        return name;
      });

    const a = job("a", 60);
    const b = job("b", 30);
    const c = job("c", 50); // does not fit beside a and b
    const d = job("d", 5); // would fit, but waits behind c: no overtaking
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(["a", "b"]);
    expect(pixelsInUse()).toBe(90);

    gates.a.release();
    expect(await a).toBe("a");
    expect(started).toEqual(["a", "b", "c", "d"]);
    expect(pixelsInUse()).toBe(85);

    for (const gate of [gates.b, gates.c, gates.d]) gate.release();
    expect(await Promise.all([b, c, d])).toEqual(["b", "c", "d"]);
    expect(pixelsInUse()).toBe(0);
  });

  it("counts an image larger than the budget as the whole budget, and frees it when the work fails", async () => {
    const failing = runWithinPixelBudget(1_000, 100, async () => {
      expect(pixelsInUse()).toBe(100);
      throw new Error("decoding failed");
    });
    await expect(failing).rejects.toThrow("decoding failed");
    expect(pixelsInUse()).toBe(0);
  });
});
