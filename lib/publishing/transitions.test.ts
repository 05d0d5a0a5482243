import { describe, expect, it } from "vitest";
import { maySetStatusOf, STATUS_TRANSITIONS, statusForTransitions } from "./transitions";

describe("statusForTransitions", () => {
  it("reads a key's status; a key without an entry, or with an unknown value, is a draft", () => {
    const status = { default: "published", de: "unpublished", fr: "archived" };
    expect(statusForTransitions(status, "default")).toBe("published");
    expect(statusForTransitions(status, "de")).toBe("unpublished");
    expect(statusForTransitions(status, "es")).toBe("draft");
    expect(statusForTransitions(status, "fr")).toBe("draft");
  });
});

describe("STATUS_TRANSITIONS", () => {
  it("allows exactly the transitions docs/api.md \"Publishing\" lists", () => {
    const allowed = Object.entries(STATUS_TRANSITIONS).flatMap(([from, targets]) => targets.map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(["draft→published", "published→unpublished", "unpublished→draft", "unpublished→published"]);
  });
});

describe("maySetStatusOf", () => {
  it("lets admins and editors set any language, translators only theirs, members none", () => {
    expect(maySetStatusOf("admin", [], "fr")).toBe(true);
    expect(maySetStatusOf("editor", [], "en")).toBe(true);
    expect(maySetStatusOf("translator", ["de"], "de")).toBe(true);
    expect(maySetStatusOf("translator", ["de"], "fr")).toBe(false);
    expect(maySetStatusOf("member", ["de"], "de")).toBe(false);
  });
});
