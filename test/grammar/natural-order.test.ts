import { describe, expect, it } from "vitest";
import { naturalCompare } from "../../grammar/natural-order.js";

describe("natural order", () => {
  it("compares numbers inside names as numbers", () => {
    expect(["noise10", "noise2", "noise1", "a", "noise", "b2c10", "b2c9", "level1"].sort(naturalCompare)).toEqual([
      "a",
      "b2c9",
      "b2c10",
      "level1",
      "noise",
      "noise1",
      "noise2",
      "noise10",
    ]);
  });

  it("is a total order: names equal as numbers still get a fixed order", () => {
    expect(naturalCompare("n01", "n1")).toBeLessThan(0);
    expect(naturalCompare("n1", "n01")).toBeGreaterThan(0);
    expect(naturalCompare("n1", "n1")).toBe(0);
  });

  it("handles numbers longer than any integer type", () => {
    expect(naturalCompare("x123456789012345678901234567890", "x99")).toBeGreaterThan(0);
  });
});
