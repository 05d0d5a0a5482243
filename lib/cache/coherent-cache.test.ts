import { describe, expect, it } from "vitest";
import { CoherentCache } from "./coherent-cache";
import { InvalidationBus, parseInvalidation } from "./invalidations";

function setup(options = { ttlMs: 60_000, unheardTtlMs: 0, maxEntries: 100 }) {
  const bus = new InvalidationBus();
  const cache = new CoherentCache<string>("organization", options, bus);
  let loads = 0;
  const load = (value: string) => async () => {
    loads += 1;
    return value;
  };
  return { bus, cache, load, loads: () => loads };
}

describe("CoherentCache", () => {
  it("serves a copy while changes are heard and drops it when its row is announced", async () => {
    const { bus, cache, load, loads } = setup();
    bus.setLive(true);
    expect(await cache.get("a", load("v1"))).toBe("v1");
    expect(await cache.get("a", load("v2"))).toBe("v1");
    bus.receive("organization:b");
    expect(await cache.get("a", load("v2"))).toBe("v1");
    bus.receive("user:a");
    expect(await cache.get("a", load("v2"))).toBe("v1");
    bus.receive("organization:a");
    expect(await cache.get("a", load("v2"))).toBe("v2");
    expect(loads()).toBe(2);
  });

  it("reads through while changes are not heard (unheard TTL 0) and forgets everything on reconnect", async () => {
    const { bus, cache, load, loads } = setup();
    expect(await cache.get("a", load("v1"))).toBe("v1");
    expect(await cache.get("a", load("v2"))).toBe("v2");
    bus.setLive(true);
    expect(await cache.get("a", load("v3"))).toBe("v3");
    bus.setLive(false);
    expect(await cache.get("a", load("v4"))).toBe("v4");
    bus.setLive(true);
    expect(await cache.get("a", load("v5"))).toBe("v5");
    expect(await cache.get("a", load("v6"))).toBe("v5");
    expect(loads()).toBe(5);
  });

  it("does not keep a value loaded while a change was announced", async () => {
    const { bus, cache } = setup();
    bus.setLive(true);
    const stale = cache.get("a", async () => {
      bus.receive("organization:a");
      return "read before the change committed";
    });
    expect(await stale).toBe("read before the change committed");
    expect(await cache.get("a", async () => "fresh")).toBe("fresh");
  });

  it("expires copies after the TTL", async () => {
    const { bus, cache, load, loads } = setup({ ttlMs: 0.001, unheardTtlMs: 0, maxEntries: 2 });
    bus.setLive(true);
    await cache.get("a", load("v1"));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await cache.get("a", load("v2"))).toBe("v2");
    expect(loads()).toBe(2);
  });
});

describe("parseInvalidation", () => {
  it.each([
    ["organization:1b4e28ba-2fa1-11d2-883f-0016d3cca427", { topic: "organization", id: "1b4e28ba-2fa1-11d2-883f-0016d3cca427" }],
    ["integration-token:abc", { topic: "integration-token", id: "abc" }],
    ["session:", undefined],
    ["weather:1", undefined],
    ["nothing", undefined],
  ])("%s", (payload, expected) => {
    expect(parseInvalidation(payload)).toEqual(expected);
  });
});
