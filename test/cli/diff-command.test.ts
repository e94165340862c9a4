import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { useLiveSim } from "../support/live-sim.js";
import { runSvc } from "./run-cli.js";

const EXAMPLE = "examples/feedback-tunnel.svcnet";
const live = useLiveSim();
let work: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "svc-diff-"));
});

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

function variant(name: string, edit: (text: string) => string): string {
  const file = join(work, name);
  writeFileSync(file, edit(readFileSync(EXAMPLE, "utf8")));
  return file;
}

describe("svc diff", () => {
  it("finds no difference in reordering, comments, or a parameter written at its default", async () => {
    const same = variant("same.svcnet", (t) =>
      t
        .replace(/^\s*#.*$/gm, "")
        .replace("comp1: compositeTOP { operand: add }", "comp1: compositeTOP { operand: add }\n  # moved comment"),
    );
    const run = await runSvc(["diff", EXAMPLE, same]);
    expect(run.stdout).toContain("No differences");
    expect(run.code).toBe(0);
  });

  it("lists changed parameters, nodes and wires, exit 1", async () => {
    const changed = variant("changed.svcnet", (t) =>
      t
        .replace("period: 0.3", "period: 3")
        .replace("out1: nullTOP", "blur1: blurTOP\n  out1: nullTOP")
        .replace("level1 -> out1", "level1 -> blur1 -> out1"),
    );
    const run = await runSvc(["diff", EXAMPLE, changed]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("    period: 0.3 -> 3");
    expect(run.stdout).toContain("+ blur1 (blurTOP)");
    expect(run.stdout).toContain("- wire level1[0] -> out1[0]");
    expect(run.stdout).toContain("+ wire blur1[0] -> out1[0]");
    // Each file side is labelled with its file; the summary counts parameters, not nodes.
    expect(run.stdout).toContain(`--- ${EXAMPLE} (network tunnel)\n+++ ${changed} (network tunnel)`);
    expect(run.stdout).toContain(
      `1 parameter differs in 1 node; 1 node only in ${changed} (network tunnel); 3 wires on one side only.`,
    );
  });

  it("compares a file with the live network it was applied to, then sees a live edit", async () => {
    await applyFile(live.client, EXAMPLE, { verify: false });
    expect((await runSvc(["diff", EXAMPLE, "/project1/tunnel"], live.env)).code).toBe(0);
    await live.client.patch(`/api/nodes/${encodePath("/project1/tunnel/level1")}`, {
      parameters: { opacity: 0.5, gamma1: 2 },
    });
    const text = await runSvc(["diff", EXAMPLE, "/project1/tunnel"], live.env);
    expect(text.stdout).toContain(`--- ${EXAMPLE} (network tunnel)\n+++ /project1/tunnel (live)`);
    expect(text.stdout).toContain("2 parameters differ in 1 node.");
    const run = await runSvc(["diff", "--json", EXAMPLE, "/project1/tunnel"], live.env);
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json.networks[0].changes).toEqual([
      expect.objectContaining({
        kind: "update",
        path: "/project1/tunnel/level1",
        params: [
          { name: "gamma1", from: undefined, to: { mode: "constant", value: 2 } },
          { name: "opacity", from: undefined, to: { mode: "constant", value: 0.5 } },
        ],
      }),
    ]);
  });

  it("reports a side that does not compile with its diagnostics, exit 2", async () => {
    const broken = variant("broken.svcnet", (t) => t.replace("levelTOP", "levelTOPP"));
    const run = await runSvc(["diff", EXAMPLE, broken]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown-operator-type");
  });
});
