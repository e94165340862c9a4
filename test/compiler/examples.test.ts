import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { renderOperations } from "../../compiler/lower/render.js";

// Every example compiles without a single diagnostic, and its lowering is kept as a readable
// snapshot (review the .ops.txt diff when the compiler's output changes on purpose).
const examples = readdirSync("examples")
  .filter((f) => f.endsWith(".svcnet"))
  .sort();

describe("examples", () => {
  it("has at least ten networks, the feedback tunnel among them", () => {
    expect(examples.length).toBeGreaterThanOrEqual(10);
    expect(examples).toContain("feedback-tunnel.svcnet");
  });

  it.each(examples)("%s compiles cleanly and lowers as recorded", async (file) => {
    const result = await compile(`examples/${file}`);
    expect(result.diagnostics).toEqual([]);
    expect(result.operations!.length).toBeGreaterThan(0);
    await expect(renderOperations(result.operations!)).toMatchFileSnapshot(
      `__snapshots__/examples/${file.replace(/\.svcnet$/, ".ops.txt")}`,
    );
  });

  it("the library of recipes compiles to nothing on its own", async () => {
    const result = await compile("examples/lib/looks.svcnet");
    expect(result.diagnostics).toEqual([]);
    expect(result.operations).toEqual([]);
  });
});
