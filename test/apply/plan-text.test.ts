import { describe, expect, it } from "vitest";
import { applyFile, planFile } from "../../runtime/engine/loop/run-loop.js";
import { renderPlanText } from "../../runtime/engine/plan/render-plan.js";
import { useLiveSim } from "../support/live-sim.js";

const live = useLiveSim();

const first = `svcnet 1
network shown {
  controls {
    Gain: float = 0.5 range 0..2
  }
  level1: levelTOP [color: #ff8800, tags: "look", comment: "fades"] { brightness1: bind Gain }
  notes: textDAT {
    text: \`\`\`
      first line
      second line
      \`\`\`
  }
  noise1: noiseTOP
  noise1 -> level1
}
`;

const second = first
  .replace("Gain: float = 0.5 range 0..2", "Gain: float = 0.8 range 0..2\n    Mode: menu = add entries (add, multiply)")
  .replace(
    '[color: #ff8800, tags: "look", comment: "fades"]',
    '[color: #0088ff, tags: ("look", "main"), comment: "fades out"]',
  )
  .replace("second line", "second line\n      third line");

async function planText(text: string): Promise<string> {
  const result = await planFile(live.client, { text, file: "shown.svcnet" });
  expect(result.diagnostics).toEqual([]);
  return renderPlanText(result.plans[0]!.plan);
}

describe("the plan prints every change it will make", () => {
  it("on create: comment, colour, tags, DAT text and controls", async () => {
    const text = await planText(first);
    expect(text).toContain('      control Gain float = 0.5 range 0..2 (page "Custom")');
    expect(text).toContain("      color: #ff8800");
    expect(text).toContain("      tags: look");
    expect(text).toContain('      comment: "fades"');
    expect(text).toContain('      text: 2 lines: "first line"');
  });

  it("on update: changed comment, colour, tags, DAT text, a new control and a changed one", async () => {
    const applied = await applyFile(live.client, { text: first, file: "shown.svcnet" }, { verify: false });
    expect(applied.diagnostics).toEqual([]);
    const text = await planText(second);
    expect(text).toContain("  ~ level1 (levelTOP)");
    expect(text).toContain("      color: #ff8800 -> #0088ff");
    expect(text).toContain("      tags: look -> look, main");
    expect(text).toContain('      comment: "fades" -> "fades out"');
    expect(text).toContain('      text: 2 lines: "first line" -> 3 lines: "first line"');
    expect(text).toContain("      ~ control Gain float = 0.5 range 0..2 -> Gain float = 0.8 range 0..2");
    expect(text).toContain('      + control Mode menu = "add" entries (add, multiply) (page "Custom")');
    // What the plan printed is what apply does: the next plan is empty.
    const applied2 = await applyFile(live.client, { text: second, file: "shown.svcnet" }, { verify: false });
    expect(applied2.diagnostics).toEqual([]);
    expect(await planText(second)).toMatch(/^No changes\./);
  });
});
