import { describe, expect, it } from "vitest";
import type { ComponentModel } from "../../compiler/model.js";
import { codes, compileFiles, covered, only } from "./helpers.js";

const GLOW = `svcnet 1
recipe glow {
  params {
    amount: float = 0.5 range 0..1 clamp
    size: int = 8
    mode: menu = add entries (add, multiply)
    source: op
  }
  controls { Mix: float = $amount }
  in1: inTOP
  blur1: blurTOP { size: $size }
  level1: levelTOP { opacity: $amount }
  comp1: compositeTOP { operand: $mode, top: $source }
  in1 -> blur1 -> level1 -> comp1
}
`;

describe("resolve: imports", () => {
  it("reads relative imports, once each, and uses their recipes", () => {
    const r = compileFiles({
      "lib/glow.svcnet": GLOW,
      "lib/more.svcnet": 'svcnet 1\nimport "glow.svcnet"\n',
      "main.svcnet":
        'svcnet 1\nimport "lib/glow.svcnet"\nimport "lib/more.svcnet"\nnetwork net {\n  noise1: noiseTOP\n  g: glow { source: noise1 }\n}\n',
    });
    expect(r.diagnostics).toEqual([]);
    expect([...r.program.sources.keys()]).toEqual(["main.svcnet", "lib/glow.svcnet", "lib/more.svcnet"]);
    const g = r.program.networks[0]!.root.body.nodes.find((n) => n.name === "g") as ComponentModel;
    expect(g.type).toBe("baseCOMP");
    expect(g.recipe).toBe("glow");
    expect(g.body.nodes.map((n) => n.path)).toEqual([
      "/project1/net/g/in1",
      "/project1/net/g/blur1",
      "/project1/net/g/level1",
      "/project1/net/g/comp1",
    ]);
    // The node created from the recipe remembers both where it is written and where the recipe is used.
    const blur = g.body.nodes[1]!;
    expect(blur.origin.file).toBe("lib/glow.svcnet");
    expect(blur.origin.via?.file).toBe("main.svcnet");
    expect(blur.origin.via?.range.start.line).toBe(6);
  });

  it("a missing import is file-not-found at the import's path", () => {
    const source = 'svcnet 1\nimport "lib/nope.svcnet"\nnetwork net {}\n';
    const r = compileFiles({ "main.svcnet": source });
    const d = only(r, "file-not-found");
    expect(covered(source, d)).toBe('"lib/nope.svcnet"');
    expect(d.file).toBe("main.svcnet");
    expect(d.help[0]).toMatch(/relative to the file/);
  });

  it("an import cycle is reported at the import that closes it", () => {
    const a = 'svcnet 1\nimport "b.svcnet"\nnetwork net {}\n';
    const r = compileFiles({
      "main.svcnet": a,
      "b.svcnet": 'svcnet 1\nimport "c.svcnet"\n',
      "c.svcnet": 'svcnet 1\nimport "main.svcnet"\n',
    });
    const d = only(r, "import-cycle");
    expect(d.message).toBe("import cycle: main.svcnet -> b.svcnet -> c.svcnet -> main.svcnet");
    expect(d.file).toBe("c.svcnet");
    expect(d.help[0]).toMatch(/third file/);
  });

  it("unknown-library-import: a svc: import that names nothing in svc's library, with the form it takes", () => {
    for (const written of ["svc:recipes/glsl/no_such_recipe", "svc:shaders/x", "svc:recipes/../secret"]) {
      const source = `svcnet 1\nimport "${written}"\nnetwork n {\n}\n`;
      const d = only(compileFiles({ "main.svcnet": source }), "unknown-library-import");
      expect(covered(source, d)).toBe(`"${written}"`);
      expect(d.help[0]).toContain('import "svc:recipes/glsl/glsl_kaleidoscope"');
    }
  });

  it("a missing entry file is file-not-found", () => {
    const r = compileFiles({}, "nope.svcnet");
    expect(codes(r)).toEqual(["file-not-found"]);
  });

  it("file(...) reads text relative to the file that names it", () => {
    const r = compileFiles({
      "main.svcnet": 'svcnet 1\nnetwork net {\n  t1: textDAT { text: file("shaders/a.glsl") }\n}\n',
      "shaders/a.glsl": "void main() {}\n",
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.operations!.find((o) => o.kind === "set-text")).toMatchObject({ text: "void main() {}\n" });
    const missing = compileFiles({
      "main.svcnet": 'svcnet 1\nnetwork net {\n  t1: textDAT { text: file("x.glsl") }\n}\n',
    });
    expect(only(missing, "file-not-found").range.start.line).toBe(3);
  });

  it("syntax errors stop the compile before checking", () => {
    const r = compileFiles({ "main.svcnet": "svcnet 1\nnetwork net {\n  noise1: noiseTOP {\n" });
    expect(codes(r).every((c) => !["unknown-parameter", "required-input-unconnected"].includes(c))).toBe(true);
    expect(r.diagnostics.length).toBeGreaterThan(0);
    expect(r.operations).toBeUndefined();
  });
});

describe("resolve: recipes", () => {
  const use = (args: string) =>
    compileFiles({
      "lib.svcnet": GLOW,
      "main.svcnet": `svcnet 1\nimport "lib.svcnet"\nnetwork net {\n  noise1: noiseTOP\n  g: glow { ${args} }\n}\n`,
    });

  it("fills defaults and substitutes arguments", () => {
    const r = use("source: noise1, size: 4");
    expect(r.diagnostics).toEqual([]);
    const sets = r
      .operations!.filter((o) => o.kind === "set-param")
      .map(
        (o) =>
          `${o.path.split("/").pop()}.${(o as { param: string }).param}=${String((o as { value: unknown }).value)}`,
      );
    expect(sets).toEqual(["blur1.size=4", "level1.opacity=0.5", "comp1.operand=add", "comp1.top=../noise1"]);
    // The recipe's controls become the instance COMP's custom parameters, defaults substituted.
    const page = r.operations!.find((o) => o.kind === "add-custom-page" && o.path === "/project1/net/g");
    expect(page).toMatchObject({ params: [{ name: "Mix", style: "Float", default: 0.5 }] });
  });

  it("recipe-missing-argument for a parameter without default", () => {
    const r = use("size: 4");
    const d = only(r, "recipe-missing-argument");
    expect(d.message).toBe("recipe 'glow' needs a value for 'source' (it has no default)");
    expect(d.help[0]).toMatch(/add 'source: <an operator name or path>' to 'g'/);
  });

  it("recipe-unknown-argument names the closest parameter", () => {
    const r = use("source: noise1, amout: 0.2");
    const d = only(r, "recipe-unknown-argument");
    expect(d.help).toEqual(["did you mean 'amount'?"]);
    expect(d.suggestions[0]?.replacement).toBe("amount");
  });

  it("recipe-argument-type: a string for an int, a menu word not in the entries", () => {
    const r = use('source: noise1, size: "big", mode: screen');
    const types = r.diagnostics.filter((d) => d.code === "recipe-argument-type");
    expect(types.map((d) => d.message)).toEqual([
      "'size' of recipe 'glow' takes a whole number, not a string",
      "'mode' of recipe 'glow' takes a menu entry, not the name 'screen'",
    ]);
    expect(types[1]!.help).toEqual(["the entries: add, multiply"]);
  });

  it("recipe-argument-range: an error when the recipe clamps", () => {
    const r = use("source: noise1, amount: 1.5");
    const d = only(r, "recipe-argument-range");
    expect(d.severity).toBe("error");
    expect(d.message).toBe("'amount' of recipe 'glow' is 1.5, outside 0..1");
  });

  it("recipe-argument-range: a warning when it does not", () => {
    const r = compileFiles({
      "main.svcnet":
        "svcnet 1\nrecipe r {\n  params { v: float = 1 range 0..2 }\n  n: noiseTOP { period: $v }\n}\nnetwork net {\n  a: r { v: 5 }\n}\n",
    });
    const d = only(r, "recipe-argument-range");
    expect(d.severity).toBe("warning");
    expect(r.operations).toBeDefined();
  });

  it("an op argument is read where the recipe is used", () => {
    const r = use("source: nosie1");
    const d = only(r, "unknown-operator-reference");
    expect(d.file).toBe("main.svcnet");
    expect(d.help).toEqual(["did you mean 'noise1'?"]);
  });

  it("recipe-cycle when a recipe ends up using itself", () => {
    const r = compileFiles({
      "main.svcnet": "svcnet 1\nrecipe a {\n  x: b\n}\nrecipe b {\n  y: a\n}\nnetwork net {\n  top: a\n}\n",
    });
    const d = only(r, "recipe-cycle");
    expect(d.message).toBe("recipe 'a' ends up using itself: a -> b -> a");
  });

  it("recipe-use-with-network", () => {
    const r = compileFiles({
      "main.svcnet": "svcnet 1\nrecipe a {\n  x: nullTOP\n}\nnetwork net {\n  u: a { network { y: nullTOP } }\n}\n",
    });
    expect(only(r, "recipe-use-with-network").message).toMatch(/'u' uses recipe 'a'/);
  });

  it("unknown-recipe-parameter and recipe-parameter-outside-recipe", () => {
    const r = compileFiles({
      "main.svcnet":
        "svcnet 1\nrecipe a {\n  params { v: float = 1 }\n  n: noiseTOP { period: $w }\n}\nnetwork net {\n  u: a\n  m: noiseTOP { period: $v }\n}\n",
    });
    expect(only(r, "unknown-recipe-parameter").help).toEqual(["its parameters: v"]);
    expect(only(r, "recipe-parameter-outside-recipe").range.start.line).toBe(8);
  });

  it("a problem inside a recipe used twice is reported once, with where it was used", () => {
    const r = compileFiles({
      "main.svcnet": "svcnet 1\nrecipe a {\n  n: noiseTOP { periodd: 1 }\n}\nnetwork net {\n  u1: a\n  u2: a\n}\n",
    });
    const d = only(r, "unknown-parameter");
    expect(d.help.some((h) => /in the recipe used at main.svcnet:6/.test(h))).toBe(true);
  });

  it("duplicate-recipe between a file and what it imports", () => {
    const r = compileFiles({
      "lib.svcnet": "svcnet 1\nrecipe a {\n  n: nullTOP\n}\n",
      "main.svcnet": 'svcnet 1\nimport "lib.svcnet"\nrecipe a {\n  n: nullTOP\n}\nnetwork net {}\n',
    });
    const d = only(r, "duplicate-recipe");
    expect(d.range.start.line).toBe(3);
  });

  it("a recipe nobody uses is still checked, with neutral values for parameters without default", () => {
    const r = compileFiles({
      "main.svcnet":
        "svcnet 1\nrecipe a {\n  params { src: op\n  n: int }\n  in1: inTOP\n  c: compositeTOP { top: $src, inputindex: $n, operand: addd }\n  in1 -> c\n}\n",
    });
    expect(r.diagnostics.map((d) => d.code)).toEqual(["unknown-menu-entry"]);
    expect(r.diagnostics[0]!.help.some((h) => h.startsWith("in the recipe used at"))).toBe(false);
    expect(r.operations).toBeUndefined();
  });

  it("declaration-default-type for a recipe default that does not fit", () => {
    const r = compileFiles({
      "main.svcnet":
        'svcnet 1\nrecipe a {\n  params { v: int = "x" }\n  n: noiseTOP { harmon: $v }\n}\nnetwork net {\n  u: a\n}\n',
    });
    expect(only(r, "declaration-default-type").message).toBe("the default of 'v' must be a whole number, not a string");
  });
});

describe("resolve: names, wires, binds, layout", () => {
  it("duplicate-node and duplicate-network", () => {
    const r = compileFiles({
      "main.svcnet": "svcnet 1\nnetwork net {\n  a: nullTOP\n  a: noiseTOP\n}\nnetwork net {}\n",
    });
    expect(only(r, "duplicate-node").help[0]).toMatch(/the first 'a' is at line 3/);
    expect(only(r, "duplicate-network").range.start.line).toBe(6);
  });

  it("duplicate-control", () => {
    const r = compileFiles({
      "main.svcnet": 'svcnet 1\nnetwork net {\n  controls { Gain: float }\n  controls "Other" { Gain: int }\n}\n',
    });
    expect(only(r, "duplicate-control").range.start.line).toBe(4);
  });

  it("unknown-wire-node suggests a sibling", () => {
    const source = "svcnet 1\nnetwork net {\n  noise1: noiseTOP\n  null1: nullTOP\n  noise1 -> nul1\n}\n";
    const r = compileFiles({ "main.svcnet": source });
    const d = only(r, "unknown-wire-node");
    expect(covered(source, d)).toBe("nul1");
    expect(d.help[0]).toBe("did you mean 'null1'?");
    expect(d.suggestions).toEqual([{ title: "replace with 'null1'", replacement: "null1" }]);
  });

  it("unknown-bind-control lists the controls in reach", () => {
    const r = compileFiles({
      "main.svcnet": "svcnet 1\nnetwork net {\n  controls { Gain: float }\n  n: noiseTOP { amp: bind Gian }\n}\n",
    });
    const d = only(r, "unknown-bind-control");
    expect(d.help).toEqual(["did you mean 'Gain'?", "controls in reach: Gain"]);
    // The fix replaces what the range covers, the whole `bind Gian`.
    expect(covered(r.program.sources.get("main.svcnet")!, d)).toBe("bind Gian");
    expect(d.suggestions).toEqual([{ title: "bind 'Gain'", replacement: "bind Gain" }]);
  });

  it("a bind reaches controls of enclosing networks, innermost first", () => {
    const r = compileFiles({
      "main.svcnet":
        "svcnet 1\nnetwork net {\n  controls { Gain: float }\n  fx: baseCOMP {\n    network {\n      controls { Size: float }\n      n: noiseTOP { amp: bind Gain, period: bind Size }\n    }\n  }\n}\n",
    });
    expect(r.diagnostics).toEqual([]);
    const binds = r
      .operations!.filter((o) => o.kind === "set-bind")
      .map((o) => (o as { expression: string }).expression);
    expect(binds).toEqual(["parent(2).par.Gain", "parent().par.Size"]);
  });

  it("pins positions from the layout block; an unknown path is a warning", () => {
    const r = compileFiles({
      "main.svcnet":
        "svcnet 1\nnetwork net {\n  fx: baseCOMP { network { n: noiseTOP } }\n}\nlayout {\n  net/fx/n: (10, -20)\n  net/ghost: (0, 0)\n}\n",
    });
    const fx = r.program.networks[0]!.root.body.nodes[0] as ComponentModel;
    expect(fx.body.nodes[0]!.pinned).toMatchObject({ x: 10, y: -20 });
    expect(only(r, "unknown-layout-node").message).toBe(
      "the layout block pins 'net/ghost', which is not a node of this file",
    );
    expect(r.operations!.find((o) => o.kind === "set-position")).toMatchObject({
      path: "/project1/net/fx/n",
      x: 10,
      y: -20,
    });
  });
});
