import { describe, expect, it } from "vitest";
import { deletionVariants, MAX_TYPO_WORD_LENGTH, typoBound, typoDistance } from "./typos";

describe("typoBound", () => {
  it.each([
    ["", 0],
    ["abs", 0],
    ["core", 0],
    ["cardo", 1],
    ["interval", 1],
    ["intervals", 2],
    ["kettlebell", 2],
    ["a".repeat(MAX_TYPO_WORD_LENGTH), 2],
    ["a".repeat(MAX_TYPO_WORD_LENGTH + 1), 0],
  ])("allows %j %i typos", (word, bound) => {
    expect(typoBound(word)).toBe(bound);
  });

  it("counts characters, not UTF-16 units", () => {
    // Four letters, eight UTF-16 units: no typos.
    expect(typoBound("𝒂𝒃𝒄𝒅")).toBe(0);
    expect(typoBound("übung")).toBe(1);
  });
});

describe("typoDistance", () => {
  it.each([
    ["interval", "interval", 0],
    ["intreval", "interval", 1], // transposition
    ["cardoi", "cardio", 1], // transposition at the end
    ["intervl", "interval", 1], // deletion
    ["intervall", "interval", 1], // insertion
    ["intarval", "interval", 1], // substitution
    ["intarvl", "interval", 2],
    ["itnreval", "interval", 2], // two transpositions
    ["intervalzzqx", "interval", 4],
    ["ca", "abc", 3], // optimal string alignment: no edit of a transposed pair
    ["", "abc", 3],
    ["übung", "ubung", 1],
    ["𝒂𝒃𝒄", "𝒃𝒂𝒄", 1],
  ])("%s → %s is %i", (a, b, distance) => {
    expect(typoDistance(a, b, 10)).toBe(distance);
    expect(typoDistance(b, a, 10)).toBe(distance);
  });

  it("answers max + 1 once the words are farther apart than max", () => {
    expect(typoDistance("intervalzzqx", "interval", 2)).toBe(3);
    expect(typoDistance("abcdef", "uvwxyz", 1)).toBe(2);
    expect(typoDistance("itnreval", "interval", 1)).toBe(2);
    expect(typoDistance("itnreval", "interval", 2)).toBe(2);
  });
});

describe("deletionVariants", () => {
  it("is the word itself while no typo is allowed", () => {
    expect(deletionVariants("core")).toEqual(["core"]);
  });

  it("deletes one character from words of 5 to 8 and two from longer ones", () => {
    expect(deletionVariants("cardo")).toEqual(["ardo", "cado", "card", "cardo", "caro", "crdo"]);
    const long = deletionVariants("intervals");
    expect(long).toContain("intervals");
    expect(long).toContain("intrvals");
    expect(long).toContain("itrvals");
    expect(long.every((variant) => [...variant].length >= 7)).toBe(true);
    // 1 + 9 + 36 at most; repeated letters make some equal.
    expect(long.length).toBeLessThanOrEqual(46);
  });

  // Random words over a small alphabet (many near neighbours) and their edits: whenever two words are
  // within the query word's bound, their variants overlap, so the vocabulary lookup finds the word.
  it("overlaps for every pair within the bound, so the index lookup misses no candidate", () => {
    let seed = 17;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const alphabet = ["a", "b", "c", "d", "ü"];
    const randomWord = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join("");
    const edit = (word: string) => {
      const characters = [...word];
      const at = random(characters.length + 1);
      switch (random(4)) {
        case 0:
          characters.splice(at, 0, alphabet[random(alphabet.length)]!);
          break;
        case 1:
          characters.splice(Math.min(at, characters.length - 1), 1);
          break;
        case 2:
          characters[Math.min(at, characters.length - 1)] = alphabet[random(alphabet.length)]!;
          break;
        default:
          if (at + 1 < characters.length) [characters[at], characters[at + 1]] = [characters[at + 1]!, characters[at]!];
      }
      return characters.join("");
    };
    let within = 0;
    for (let trial = 0; trial < 3000; trial++) {
      const query = randomWord(4 + random(9));
      const word = [...Array(1 + random(3))].reduce<string>((text) => edit(text), query);
      if ([...word].length < 4) continue;
      const bound = typoBound(query);
      if (typoDistance(query, word, bound) > bound) continue;
      within += 1;
      const mine = new Set(deletionVariants(word));
      expect({ query, word, overlap: deletionVariants(query).some((variant) => mine.has(variant)) }).toEqual({ query, word, overlap: true });
    }
    expect(within).toBeGreaterThan(1000);
  });
});
