import { describe, expect, it } from "vitest";
import { compile } from "../../compiler/index.js";
import { layoutProgram } from "../../compiler/layout/layout.js";
import { clearLayoutCache } from "../../compiler/layout/layout-cache.js";

/** A network of `comps` COMPs, each a chain of `chain` TOPs with a side input; `extra` adds a node to COMP 0. */
function source(comps: number, chain: number, extra = false): string {
  const lines = ["svcnet 1", "network big {"];
  for (let c = 0; c < comps; c++) {
    lines.push(`  comp${c}: baseCOMP {`, "    network {");
    for (let i = 0; i < chain; i++) lines.push(`      t${i}: ${i % 3 === 0 ? "noiseTOP" : i % 3 === 1 ? "levelTOP" : "compositeTOP"}`);
    for (let i = 1; i < chain; i++) lines.push(`      t${i - 1} -> t${i}${i % 3 === 2 ? "[0]" : ""}`);
    for (let i = 2; i < chain; i += 3) lines.push(`      t${i - 2} -> t${i}[1]`);
    if (extra && c === 0) lines.push("      added: nullTOP", `      t${chain - 1} -> added`);
    lines.push("    }", "  }");
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}

async function program(text: string) {
  const result = await compile({ text, file: "big.svcnet" }, { layout: false });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.program;
}

describe("layout of a whole program", () => {
  it("gives the same coordinates from the worker pool, levels in parallel, as in this thread one by one", async () => {
    const p = await program(source(6, 30));
    clearLayoutCache();
    const here = await layoutProgram(p, { workerThreshold: Number.POSITIVE_INFINITY });
    clearLayoutCache();
    const pooled = await layoutProgram(p, { workerThreshold: 0 });
    expect(pooled.levels).toEqual({ laidOut: 7, reused: 0 }); // six COMPs and the network itself
    expect([...pooled.positions]).toEqual([...here.positions]);
    expect(pooled.positions.size).toBe(6 * 30 + 6);
  });

  it("reuses the layout of every COMP whose nodes and wires did not change, and lays out only the changed one", async () => {
    clearLayoutCache();
    const before = await layoutProgram(await program(source(5, 20)));
    expect(before.levels).toEqual({ laidOut: 6, reused: 0 });
    const changedProgram = await program(source(5, 20, true));
    const after = await layoutProgram(changedProgram);
    expect(after.levels).toEqual({ laidOut: 1, reused: 5 });
    // Unchanged COMPs keep their coordinates; the changed one gets its new node.
    for (const [path, p] of before.positions) if (!path.includes("/comp0/")) expect(after.positions.get(path), path).toEqual(p);
    expect(after.positions.has("/project1/big/comp0/added")).toBe(true);
    // And reuse changes nothing: a cold layout of the changed program gives the same coordinates.
    clearLayoutCache();
    const cold = await layoutProgram(changedProgram);
    expect([...after.positions]).toEqual([...cold.positions]);
  });
});
