import { describe, expect, it } from "vitest";
import { editDistance, editDistanceIgnoringCase } from "../../diagnostics/edit-distance.js";
import { closestNames } from "../../compiler/util/closest.js";
import { closestWord } from "../../grammar/suggest.js";
import { similarity } from "../../kb/distance.js";

describe("the one edit distance", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("abc", "")).toBe(3);
    expect(editDistance("same", "same")).toBe(0);
  });

  it("counts a swap of two neighbouring letters as one edit", () => {
    expect(editDistance("flaot", "float")).toBe(1);
    expect(editDistance("resolutoinw", "resolutionw")).toBe(1);
    // Optimal string alignment: a swapped pair is not edited again.
    expect(editDistance("ca", "abc")).toBe(3);
  });

  it("is case-sensitive unless asked to ignore case", () => {
    expect(editDistance("Float", "float")).toBe(1);
    expect(editDistanceIgnoringCase("Float", "float")).toBe(0);
  });

  it("is the distance every did-you-mean uses: grammar words, compiler names, kb similarity", () => {
    expect(closestWord("flaot", ["float", "int", "string"])).toBe("float");
    expect(closestNames("nosie1", ["noise1", "level1", "null1"])).toEqual(["noise1"]);
    expect(similarity("noiseTOP", "noiseTOP")).toBe(1);
    expect(similarity("abcd", "abdc")).toBeCloseTo(0.75);
  });
});
