/** Generated programs of COMPs holding chains of TOPs, for the layout tests. */
import { expect } from "vitest";
import { compile } from "../../compiler/index.js";

/**
 * A network of `comps` COMPs, each a chain of TOPs with a side input: `chain` of them, plus the
 * COMP's index when `grow` is set (so no two COMPs are alike); `extra` adds a node to COMP 0.
 */
export function compChains(comps: number, chain: number, { extra = false, grow = false } = {}): string {
  const lines = ["svcnet 1", "network big {"];
  for (let c = 0; c < comps; c++) {
    const n = chain + (grow ? c : 0);
    lines.push(`  comp${c}: baseCOMP {`, "    network {");
    for (let i = 0; i < n; i++)
      lines.push(`      t${i}: ${i % 3 === 0 ? "noiseTOP" : i % 3 === 1 ? "levelTOP" : "compositeTOP"}`);
    for (let i = 1; i < n; i++) lines.push(`      t${i - 1} -> t${i}${i % 3 === 2 ? "[0]" : ""}`);
    for (let i = 2; i < n; i += 3) lines.push(`      t${i - 2} -> t${i}[1]`);
    if (extra && c === 0) lines.push("      added: nullTOP", `      t${n - 1} -> added`);
    lines.push("    }", "  }");
  }
  lines.push("}");
  return lines.join("\n") + "\n";
}

/** The program model of `text`, compiled without layout and without errors. */
export async function programOf(text: string) {
  const result = await compile({ text, file: "big.svcnet" }, { layout: false });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return result.program;
}
