import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/parse.js";
import { wireEdges } from "../../grammar/wires.js";
import { network, node, parseClean, shape, value } from "./helpers.js";

describe("file structure", () => {
  it("reads the version header, imports, networks, recipes and layout", () => {
    const ast = parseClean(`svcnet 1
import "lib/a.svcnet"
network main {}
recipe glow {}
layout { main/n1: (0, 10) }
`);
    expect(ast.version?.version).toBe(1);
    expect(ast.imports.map((i) => i.path.value)).toEqual(["lib/a.svcnet"]);
    expect(ast.networks.map((n) => n.name.name)).toEqual(["main"]);
    expect(ast.recipes.map((r) => r.name.name)).toEqual(["glow"]);
    expect(shape(ast.layout?.entries)).toEqual([{ kind: "LayoutEntry", path: "main/n1", x: 0, y: 10 }]);
  });

  it("gives every node a range that points at its text", () => {
    const text = "svcnet 1\nnetwork main {\n  noise1: noiseTOP { period: 3 }\n}\n";
    const n = parseClean(text).networks[0]!.nodes[0]!;
    expect(text.slice(n.range.start.offset, n.range.end.offset)).toBe("noise1: noiseTOP { period: 3 }");
    expect(n.name.range.start).toEqual({ line: 3, column: 3, offset: 26 });
    expect(text.slice(n.params[0]!.value.range.start.offset, n.params[0]!.value.range.end.offset)).toBe("3");
  });

  it("merges several layout blocks into one", () => {
    const ast = parseClean("svcnet 1\nlayout { a/b: (1, 2) }\nlayout { a/c: (3, 4) }\n");
    expect(ast.layout?.entries.map((e) => e.path)).toEqual(["a/b", "a/c"]);
  });

  it("reads a file with CRLF line ends and a byte order mark like any other", () => {
    const lf = "svcnet 1\nnetwork a {\n  n1: noiseTOP { period: 3 }\n}\n";
    const crlf = "\ufeff" + lf.replace(/\n/g, "\r\n");
    expect(shape(parseClean(crlf))).toEqual(shape(parseClean(lf)));
  });

  it("treats tabs as ordinary whitespace outside text blocks", () => {
    const ast = parseClean("svcnet 1\nnetwork a {\n\tn1:\tnoiseTOP\t{ period:\t3 }\n}\n");
    expect(ast.networks[0]!.nodes[0]!.params[0]!.name.name).toBe("period");
  });
});

describe("nodes", () => {
  it("reads name, type, flags and parameters", () => {
    const n = node("out1: nullTOP [display, render: off] { cooktype: always }");
    expect(n.name.name).toBe("out1");
    expect(n.type.name).toBe("nullTOP");
    expect(shape(n.flags)).toEqual([
      { kind: "BooleanFlag", name: "display", value: true },
      { kind: "BooleanFlag", name: "render", value: false },
    ]);
    expect(shape(n.params)).toEqual([
      { kind: "Param", name: { kind: "Identifier", name: "cooktype" }, value: { kind: "Name", name: "always" } },
    ]);
  });

  it("accepts parameters separated by commas or by lines", () => {
    const a = node("n: levelTOP { a: 1, b: 2 }");
    const b = node("n: levelTOP {\n  a: 1\n  b: 2\n}");
    expect(shape(a)).toEqual(shape(b));
  });

  it("reads metadata flags: color, tags and the node comment", () => {
    const n = node('n: nullTOP [color: #FF8800, tags: ("b", "a"), comment: "why"]');
    expect(shape(n.flags)).toEqual([
      { kind: "ColorFlag", color: { kind: "Color", hex: "ff8800" } },
      {
        kind: "TagsFlag",
        tags: [
          { kind: "String", value: "b" },
          { kind: "String", value: "a" },
        ],
      },
      { kind: "NodeCommentFlag", text: { kind: "String", value: "why" } },
    ]);
    expect(shape(node('n: nullTOP [tags: "one"]').flags)).toEqual([
      { kind: "TagsFlag", tags: [{ kind: "String", value: "one" }] },
    ]);
  });

  it("reads a COMP's parameters and its inner network separately", () => {
    const n = node("fx: baseCOMP { w: 640, network { in1: inTOP\n out1: outTOP\n in1 -> out1 } }");
    expect(n.params.map((p) => p.name.name)).toEqual(["w"]);
    expect(n.network?.nodes.map((c) => c.name.name)).toEqual(["in1", "out1"]);
    expect(n.network?.wires).toHaveLength(1);
  });

  it("nests COMPs to any depth", () => {
    const n = node("a: baseCOMP { network { b: baseCOMP { network { c: baseCOMP { network { d: nullTOP } } } } } }");
    expect(n.network?.nodes[0]?.network?.nodes[0]?.network?.nodes[0]?.name.name).toBe("d");
  });

  it("keeps 'network' usable as a parameter name and keywords usable as node names", () => {
    const n = node("layout: baseCOMP { network: 3 }");
    expect(n.name.name).toBe("layout");
    expect(n.params[0]?.name.name).toBe("network");
    expect(n.network).toBeNull();
  });

  it("reads a recipe instance like any node: the type is the recipe, the parameters its arguments", () => {
    const n = node("glow1: glow { amount: 0.8 }");
    expect(n.type.name).toBe("glow");
    expect(shape(n.params[0]!.value)).toEqual({ kind: "Number", value: 0.8 });
  });
});

describe("values", () => {
  it.each([
    ["3", { kind: "Number", value: 3 }],
    ["-0.5", { kind: "Number", value: -0.5 }],
    ["1e-3", { kind: "Number", value: 0.001 }],
    ["2.5E+2", { kind: "Number", value: 250 }],
    ['"a \\"b\\" \\n \\t \\\\ \\u{e9}"', { kind: "String", value: 'a "b" \n \t \\ é' }],
    ["on", { kind: "Boolean", value: true }],
    ["off", { kind: "Boolean", value: false }],
    ["add", { kind: "Name", name: "add" }],
    [
      "(1280, 720)",
      {
        kind: "Tuple",
        items: [
          { kind: "Number", value: 1280 },
          { kind: "Number", value: 720 },
        ],
      },
    ],
    [
      "1280x720",
      {
        kind: "Tuple",
        form: "x",
        items: [
          { kind: "Number", value: 1280 },
          { kind: "Number", value: 720 },
        ],
      },
    ],
    ["#ff8800", { kind: "Color", hex: "ff8800" }],
    ["#FF880080", { kind: "Color", hex: "ff880080" }],
    ["../level1", { kind: "OperatorRef", path: "../level1" }],
    ["/project1/out1", { kind: "OperatorRef", path: "/project1/out1" }],
    ["comp1/out1", { kind: "OperatorRef", path: "comp1/out1" }],
    ["= absTime.seconds * 10", { kind: "Expression", python: "absTime.seconds * 10" }],
    ["bind Gain", { kind: "Bind", operator: null, parameter: { kind: "Identifier", name: "Gain" } }],
    [
      "bind lfo1.Speed",
      {
        kind: "Bind",
        operator: { kind: "OperatorRef", path: "lfo1" },
        parameter: { kind: "Identifier", name: "Speed" },
      },
    ],
    ["export lfo1.chan1", { kind: "Export", operator: { kind: "OperatorRef", path: "lfo1" }, channel: "chan1" }],
    [
      'export ../lfo1."chan 1"',
      { kind: "Export", operator: { kind: "OperatorRef", path: "../lfo1" }, channel: "chan 1" },
    ],
    ['file("shaders/a.glsl")', { kind: "File", path: { kind: "String", value: "shaders/a.glsl" } }],
    ["$gain", { kind: "RecipeParamRef", name: "gain" }],
    ['"4x"', { kind: "String", value: "4x" }],
  ])("%s", (written, expected) => {
    expect(value(written)).toEqual(expected);
  });

  it("ends a Python expression at a comma or brace outside brackets and strings", () => {
    const n = node('n: t { a: = max(1, 2), b: = "x,}" + f(")"), c: 3 }');
    expect(n.params.map((p) => shape(p.value))).toEqual([
      { kind: "Expression", python: "max(1, 2)" },
      { kind: "Expression", python: '"x,}" + f(")")' },
      { kind: "Number", value: 3 },
    ]);
  });

  it("allows expressions inside tuples", () => {
    expect(value("(= me.time.frame, 0)")).toEqual({
      kind: "Tuple",
      items: [
        { kind: "Expression", python: "me.time.frame" },
        { kind: "Number", value: 0 },
      ],
    });
  });

  it("ends an expression at a comment", () => {
    const n = node("n: t {\n  a: = x + 1  # note\n}");
    expect(shape(n.params[0]!.value)).toEqual({ kind: "Expression", python: "x + 1" });
    expect(n.params[0]!.comments?.trailing?.[0]?.text).toBe("note");
  });

  it("reads a text block, removing the closing fence's indentation", () => {
    const n = node("s: textDAT {\n  text: ```glsl\n    void main() {\n        x();\n    }\n\n    ```\n}");
    expect(shape(n.params[0]!.value)).toEqual({
      kind: "String",
      value: "void main() {\n    x();\n}\n\n",
      language: "glsl",
    });
  });

  it("lets a longer fence hold a shorter one", () => {
    const n = node("s: textDAT {\n  text: ````\n    ```\n    ````\n}");
    expect(shape(n.params[0]!.value)).toEqual({ kind: "String", value: "```\n" });
  });
});

describe("wires", () => {
  it("reads chains with output and input indices", () => {
    const net = network("a: t\nb: t\nc: t\na -> b -> c\nswitch1[2] -> comp1[1]");
    expect(net.wires.map((w) => w.chain.map((e) => [e.node.name, e.index]))).toEqual([
      [
        ["a", null],
        ["b", null],
        ["c", null],
      ],
      [
        ["switch1", 2],
        ["comp1", 1],
      ],
    ]);
  });

  it("expands a chain: the first index is an output, later ones are inputs", () => {
    const [wire] = network("a[1] -> b[2] -> c[3]").wires;
    expect(wireEdges(wire!).map(({ from, fromOutput, to, toInput }) => ({ from, fromOutput, to, toInput }))).toEqual([
      { from: "a", fromOutput: 1, to: "b", toInput: 2 },
      { from: "b", fromOutput: 0, to: "c", toInput: 3 },
    ]);
  });

  it("lets a chain span lines after an arrow", () => {
    const [wire] = network("a ->\n  b ->\n  c").wires;
    expect(wire!.chain.map((e) => e.node.name)).toEqual(["a", "b", "c"]);
  });
});

describe("controls and recipes", () => {
  it("reads a control with every attribute, in any order", () => {
    const net = network(
      'controls "Look" {\n  Blend: menu label "Mix" = add entries (add "Add", multiply, "4x" "Four") clamp range -1..1\n}',
    );
    expect(net.controls[0]!.page?.value).toBe("Look");
    expect(shape(net.controls[0]!.declarations[0])).toEqual({
      kind: "Declaration",
      name: { kind: "Identifier", name: "Blend" },
      type: { kind: "Identifier", name: "menu" },
      default: { kind: "Name", name: "add" },
      valueRange: { min: { kind: "Number", value: -1 }, max: { kind: "Number", value: 1 } },
      clamp: true,
      label: { kind: "String", value: "Mix" },
      entries: [
        { kind: "MenuEntry", name: "add", label: { kind: "String", value: "Add" } },
        { kind: "MenuEntry", name: "multiply", label: null },
        { kind: "MenuEntry", name: "4x", label: { kind: "String", value: "Four" } },
      ],
    });
  });

  it("keeps controls in written order", () => {
    const net = network("controls {\n  Zed: float\n  Alpha: float\n}");
    expect(net.controls[0]!.declarations.map((d) => d.name.name)).toEqual(["Zed", "Alpha"]);
  });

  it("reads a recipe's typed parameters and their uses", () => {
    const ast = parseClean(
      "svcnet 1\nrecipe glow {\n  params {\n    amount: float = 0.5 range 0..1\n  }\n  l: levelTOP { opacity: $amount }\n}\n",
    );
    const recipe = ast.recipes[0]!;
    expect(recipe.params?.declarations.map((d) => [d.name.name, d.type.name])).toEqual([["amount", "float"]]);
    expect(shape(recipe.nodes[0]!.params[0]!.value)).toEqual({ kind: "RecipeParamRef", name: "amount" });
  });
});

describe("comments", () => {
  it("attaches comments to the statements around them", () => {
    const ast = parseClean(`# file header
svcnet 1
network a {
  # about n1
  n1: noiseTOP  # n1's line
  n1 -> n2
  # at the end
}
# end of file
`);
    const net = ast.networks[0]!;
    expect(ast.version?.comments?.leading?.map((c) => c.text)).toEqual(["file header"]);
    expect(net.nodes[0]!.comments?.leading?.map((c) => c.text)).toEqual(["about n1"]);
    expect(net.nodes[0]!.comments?.trailing?.map((c) => c.text)).toEqual(["n1's line"]);
    expect(net.comments?.dangling?.map((c) => c.text)).toEqual(["at the end"]);
    expect(ast.comments?.dangling?.map((c) => c.text)).toEqual(["end of file"]);
  });

  it("tells a colour from a comment by position", () => {
    const n = node("n: nullTOP [color: #abcdef]  #abcdef is a comment here");
    expect(shape(n.flags)).toEqual([{ kind: "ColorFlag", color: { kind: "Color", hex: "abcdef" } }]);
    expect(n.comments?.trailing?.[0]?.text).toBe("abcdef is a comment here");
  });
});

describe("never throws", () => {
  it("returns an AST and diagnostics for nonsense", () => {
    const r = parse('}{][)(->::==..#"`');
    expect(r.ast.kind).toBe("Program");
    expect(r.diagnostics.length).toBeGreaterThan(0);
  });
});
