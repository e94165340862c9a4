/** Completion from the knowledge base and the file, over a real LSP connection. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { CompletionItem, CompletionList } from "vscode-languageserver";
import { fileUri, positionOf, useLsp } from "./lsp-client.js";

const lsp = useLsp();

describe("svc lsp completion", () => {
  let n = 0;
  beforeAll(async () => {
    writeFileSync(
      join(lsp.dir, "looks.svcnet"),
      [
        "svcnet 1",
        'recipe glow [summary: "A soft bloom around bright areas."] {',
        "  params {",
        "    Amount: float = 0.5 range 0..1",
        '    Mode: menu = add entries (add "Add", screen "Screen")',
        "  }",
        "  in1: inTOP",
        "  out1: outTOP",
        "  in1 -> out1",
        "}",
        "",
      ].join("\n"),
    );
  });

  /** Opens `text` and completes where `|` stands (the bar is removed). */
  async function completeAt(text: string): Promise<CompletionItem[]> {
    const at = text.indexOf("|");
    const clean = text.slice(0, at) + text.slice(at + 1);
    const uri = fileUri(join(lsp.dir, `c${n++}.svcnet`));
    await lsp.client.open(uri, clean);
    const list = await lsp.client.request<CompletionList | CompletionItem[]>("textDocument/completion", {
      textDocument: { uri },
      position: positionOf(text, "|"),
    });
    return Array.isArray(list) ? list : list.items;
  }
  const labels = (items: CompletionItem[]) => items.map((i) => i.label);

  const HEAD =
    'svcnet 1\nimport "looks.svcnet"\nnetwork main {\n  controls {\n    Gain: float = 0.5 range 0..1\n    Zoom: float = 1\n  }\n';

  it("offers operator types of every family, and the recipes in reach, after 'name:'", async () => {
    const items = await completeAt(`${HEAD}  noise1: |\n}\n`);
    const byLabel = new Map(items.map((i) => [i.label, i]));
    expect(byLabel.get("noiseTOP")?.detail).toBe("Noise TOP");
    expect(byLabel.get("lfoCHOP")?.detail).toBe("LFO CHOP");
    for (const family of ["TOP", "CHOP", "SOP", "POP", "DAT", "MAT", "COMP"])
      expect(items.some((i) => i.detail?.endsWith(family))).toBe(true);
    const glow = byLabel.get("glow")!;
    expect(glow.detail).toBe("recipe");
    expect(JSON.stringify(glow.documentation)).toContain("A soft bloom around bright areas.");
  });

  it("offers the node type's parameters with style, default, range and menu, leaving out those already set", async () => {
    const items = await completeAt(`${HEAD}  noise1: noiseTOP { period: 2, | }\n}\n`);
    const byLabel = new Map(items.map((i) => [i.label, i]));
    expect(byLabel.has("period")).toBe(false);
    expect(byLabel.get("amp")?.detail).toMatch(/^Amplitude: Float, default 0\.5 \(assumed\)/);
    expect(byLabel.get("type")?.detail).toMatch(/menu .*simplex2d/i);
    expect(byLabel.get("resolution")?.insertText).toBe("resolution: ");
    expect(byLabel.has("resolutionw")).toBe(true);
    // The documentation gives no default for a menu like this: said, never a '?'.
    expect(byLabel.get("type")?.detail).toMatch(/^Type: Menu, no documented default, menu /);
  });

  it("resolves a parameter item into its hover's text: every menu entry with its label, and the docs page", async () => {
    const items = await completeAt(`${HEAD}  noise1: noiseTOP { | }\n}\n`);
    const type = items.find((i) => i.label === "type")!;
    const resolved = await lsp.client.request<CompletionItem>("completionItem/resolve", type);
    const doc = (resolved.documentation as { value: string }).value;
    expect(doc).toContain("- `simplex3d` Simplex 3D (GPU)");
    expect(doc).toContain("[Noise TOP](https://docs.derivative.ca/Noise_TOP), Noise page");
  });

  it("offers menu entries after a menu parameter's colon", async () => {
    const items = await completeAt(`${HEAD}  comp1: compositeTOP { operand: | }\n}\n`);
    expect(labels(items)).toEqual(expect.arrayContaining(["add", "multiply", "over", "bind"]));
    expect(items.find((i) => i.label === "add")?.kind).toBe(20);
  });

  it("offers nodes of the right family for an operator parameter", async () => {
    const items = await completeAt(`${HEAD}  level1: levelTOP\n  lfo1: lfoCHOP\n  fb: feedbackTOP { top: | }\n}\n`);
    expect(labels(items)).toContain("level1");
    expect(labels(items)).not.toContain("lfo1");
  });

  it("offers node names after '->' in a wire", async () => {
    const items = await completeAt(`${HEAD}  noise1: noiseTOP\n  out1: nullTOP\n  noise1 -> |\n}\n`);
    expect(labels(items)).toEqual(expect.arrayContaining(["noise1", "out1"]));
    expect(items.find((i) => i.label === "out1")?.detail).toBe("nullTOP");
  });

  it("offers the controls in reach after 'bind'", async () => {
    const items = await completeAt(`${HEAD}  level1: levelTOP { brightness1: bind | }\n}\n`);
    expect(labels(items)).toEqual(["Gain", "Zoom"]);
    expect(items[0]!.detail).toBe("Gain: float = 0.5 range 0..1");
  });

  it("offers a recipe's arguments, and its menu entries as values", async () => {
    const args = await completeAt(`${HEAD}  g: glow { | }\n}\n`);
    expect(labels(args)).toEqual(["Amount", "Mode"]);
    expect(args[0]!.detail).toBe("Amount: float = 0.5 range 0..1");
    const values = await completeAt(`${HEAD}  g: glow { Mode: | }\n}\n`);
    expect(labels(values)).toEqual(expect.arrayContaining(["add", "screen"]));
  });

  it("continues a parameter sequence with its next block", async () => {
    const items = await completeAt(`${HEAD}  c: constantCHOP { const0name: "a", const0value: 1, | }\n}\n`);
    const next = items.filter((i) => i.label.startsWith("const1"));
    expect(labels(next)).toEqual(expect.arrayContaining(["const1name", "const1value"]));
    expect(next[0]!.detail).toMatch(/block 1/);
  });

  it("offers flags inside a node's brackets and types in a controls block", async () => {
    expect(labels(await completeAt(`${HEAD}  out1: nullTOP [|]\n}\n`))).toEqual(
      expect.arrayContaining(["display", "bypass", "color", "comment"]),
    );
    const types = labels(await completeAt("svcnet 1\nnetwork main {\n  controls {\n    Speed: |\n  }\n}\n"));
    expect(types).toEqual(expect.arrayContaining(["float", "menu", "rgb", "toggle"]));
  });

  it("answers while the line being typed does not parse", async () => {
    const items = await completeAt(`${HEAD}  noise1: noiseTOP { per|\n}\n`);
    expect(labels(items)).toContain("period");
  });
});
