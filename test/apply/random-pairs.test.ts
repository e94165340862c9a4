/**
 * Property: from any network A to any network B, apply goes through, a second plan is empty, and
 * export prints exactly `svc fmt` of B. Pairs are random, with a fixed seed and a bounded count so
 * a run is repeatable; a failure prints the seed and the shrunk pair.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";
import { exportProgram, readExport } from "../../runtime/engine/export/export-network.js";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const ROOT = "/project1/pairs";
const NAMES = ["a1", "a2", "a3", "a4", "a5"];

/** Operator types with what they accept and a few parameters to vary. */
const TYPES: Record<string, { inputs: number; params: Record<string, readonly string[]> }> = {
  noiseTOP: { inputs: 0, params: { period: ["1.5", "3"], seed: ["2", "7"] } },
  constantTOP: { inputs: 0, params: { colorr: ["0.25", "1"] } },
  levelTOP: { inputs: 1, params: { brightness1: ["0.5", "2"], opacity: ["0.75"] } },
  blurTOP: { inputs: 1, params: { size: ["4", "12"] } },
  nullTOP: { inputs: 1, params: {} },
  compositeTOP: { inputs: 3, params: { operand: ["add", "multiply"] } },
  // A COMP with its own network (its In TOP gives it one input), to move whole subtrees.
  baseCOMP: { inputs: 1, params: {} },
};

/** What a baseCOMP holds, by the type of its middle node. */
const INNER = ["blurTOP", "levelTOP"] as const;

interface NodeSpec {
  name: string;
  type: string;
  params: Array<[string, string]>;
  display: boolean;
  comment: string | undefined;
  /** Indices (into the network's nodes) of the sources of inputs 0, 1, ... */
  inputs: number[];
  inner: (typeof INNER)[number];
}

const nodeArb = (name: string) =>
  fc.constantFrom(...Object.keys(TYPES)).chain((type) => {
    const spec = TYPES[type]!;
    const params = Object.entries(spec.params).map(([p, values]) =>
      fc.option(fc.constantFrom(...values.map((v) => [p, v] as [string, string])), { nil: undefined }),
    );
    return fc.record({
      name: fc.constant(name),
      type: fc.constant(type),
      params: fc.tuple(...params).map((ps) => ps.filter((p): p is [string, string] => p !== undefined)),
      display: fc.boolean(),
      comment: fc.option(fc.constantFrom("first", "second"), { nil: undefined }),
      inputs: fc.array(fc.nat(NAMES.length - 1), { maxLength: spec.inputs }),
      inner: fc.constantFrom(...INNER),
    });
  });

/** A network: a subset of the names, each with a type; wires only from earlier nodes (no loops). */
const networkArb = fc
  .subarray(NAMES, { minLength: 1 })
  .chain((names) => fc.tuple(...names.map(nodeArb)))
  .map((nodes): NodeSpec[] => {
    const displayAt = nodes.findIndex((n) => n.display);
    return nodes.map((n, i) => ({ ...n, display: i === displayAt, inputs: i === 0 ? [] : n.inputs.map((s) => s % i) }));
  });

function source(nodes: readonly NodeSpec[]): string {
  const lines = ["svcnet 1", "network pairs {"];
  for (const n of nodes) {
    const attrs = [...(n.display ? ["display"] : []), ...(n.comment === undefined ? [] : [`comment: "${n.comment}"`])];
    const params = n.params.map(([p, v]) => `${p}: ${v}`);
    const head = `  ${n.name}: ${n.type}${attrs.length ? ` [${attrs.join(", ")}]` : ""}`;
    if (n.type === "baseCOMP")
      lines.push(
        `${head} {`,
        "    network {",
        "      in1: inTOP",
        `      m1: ${n.inner}`,
        "      out1: outTOP",
        "      in1 -> m1 -> out1",
        "    }",
        "  }",
      );
    else lines.push(`${head}${params.length ? ` { ${params.join(", ")} }` : ""}`);
  }
  for (const n of nodes) n.inputs.forEach((s, input) => lines.push(`  ${nodes[s]!.name} -> ${n.name}[${input}]`));
  lines.push("}", "");
  return lines.join("\n");
}

async function applyText(text: string, file: string) {
  const result = await applyFile(live.client, { text, file }, { verify: false });
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  expect(result.ok).toBe(true);
}

describe("any network to any other", () => {
  it("applies, re-plans to nothing and exports as svc fmt of the target", async () => {
    await fc.assert(
      fc.asyncProperty(networkArb, networkArb, async (a, b) => {
        await live.client
          .post("/api/batch", { operations: [{ action: "delete", path: ROOT, confirmation_policy: "yolo" }] })
          .catch(() => undefined);
        const textA = source(a);
        const textB = source(b);
        await applyText(textA, "a.svcnet");
        await applyText(textB, "b.svcnet");
        const again = await planFile(live.client, { text: textB, file: "b.svcnet" });
        expect(
          again.plans.map((p) => ({
            changes: p.plan.changes,
            added: p.plan.wiresAdded,
            removed: p.plan.wiresRemoved,
            conflicts: p.plan.conflicts,
          })),
        ).toEqual([{ changes: [], added: [], removed: [], conflicts: [] }]);
        const exported = await exportProgram([(await readExport(live.client, ROOT))!]);
        expect(exported).toBe(print(parse(textB, "b.svcnet").ast));
      }),
      {
        seed: Number(process.env.PAIRS_SEED ?? 1515),
        numRuns: Number(process.env.PAIRS_RUNS ?? 30),
        endOnFailure: false,
      },
    );
    // Bounded by the run count, not by time: a busy machine only makes it slower.
  }, 900_000);
});
