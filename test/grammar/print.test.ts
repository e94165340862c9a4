import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { NO_RANGE } from "../../diagnostics/source-range.js";
import type { NodeDecl, Program, Value } from "../../grammar/ast.js";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";
import { formatStable, parseClean, shape } from "./helpers.js";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

describe("canonical printing", () => {
  it("prints the everything fixture in its canonical form, stably", () => {
    const source = fixture("everything.svcnet").replace(/^\s*\/\/.*\n/m, "");
    expect(formatStable(source)).toBe(fixture("everything.canonical.svcnet"));
  });

  it("keeps the meaning: the reparsed tree equals the original apart from wire grouping", () => {
    const source = fixture("everything.canonical.svcnet");
    const once = parseClean(source);
    const again = parseClean(print(once));
    expect(shape(again)).toEqual(shape(once));
  });

  it("prints nodes as the network flows: sources first, each node after what is wired into it", () => {
    const written = `svcnet 1
network a {
  out1: nullTOP
  level1: levelTOP
  seed: noiseTOP
  shader: textDAT
  comp1: compositeTOP
  fb: feedbackTOP { top: level1 }
  comp1 -> level1 -> out1
  seed -> comp1[0]
  seed -> fb -> comp1[1]
}
`;
    const names = (text: string) => [...text.matchAll(/^  (\w+): /gm)].map((m) => m[1]);
    // The loop is read from its seed: the Feedback TOP closes it by a parameter, not a wire.
    // A node no wire touches (the DAT) follows the flow.
    expect(names(formatStable(written))).toEqual(["seed", "fb", "comp1", "level1", "out1", "shader"]);
    // The same network written in any order prints the same.
    const shuffled = written
      .replace("  out1: nullTOP\n", "")
      .replace("  fb: feedbackTOP", "  out1: nullTOP\n  fb: feedbackTOP");
    expect(formatStable(shuffled)).toBe(formatStable(written));
  });

  it("a loop of wires (an error the checker reports) still prints, broken at its first node by name", () => {
    const out = formatStable("svcnet 1\nnetwork a {\n  c: levelTOP\n  b: levelTOP\n  b -> c -> b\n}\n");
    expect([...out.matchAll(/^  (\w+): /gm)].map((m) => m[1])).toEqual(["b", "c"]);
  });

  it("sorts unwired nodes naturally, parameters by name, and flags in a fixed order", () => {
    const out = formatStable(`svcnet 1
network a {
  noise10: noiseTOP
  noise2: noiseTOP { period: 3, amp: 1 }
  out: nullTOP [comment: "c", lock, display]
}
`);
    expect(out).toBe(`svcnet 1

network a {
  noise2: noiseTOP { amp: 1, period: 3 }
  noise10: noiseTOP
  out: nullTOP [display, lock, comment: "c"]
}
`);
  });

  it("breaks a node over lines when it has many parameters or a long line", () => {
    const out = formatStable("svcnet 1\nnetwork a {\n  n: t { a: 1, b: 2, c: 3, d: 4, e: 5 }\n}\n");
    expect(out).toContain("  n: t {\n    a: 1\n    b: 2\n    c: 3\n    d: 4\n    e: 5\n  }\n");
    const long = formatStable(`svcnet 1\nnetwork a {\n  n: t { a: "${"x".repeat(90)}" }\n}\n`);
    expect(long).toContain('  n: t {\n    a: "xxx');
  });

  it("normalises numbers, colours and strings", () => {
    const out = formatStable(
      'svcnet 1\nnetwork a {\n  n: t { a: 1.50, b: 2.5E+2, c: #ABCDEF, d: "tab\\there", e: -0.0 }\n}\n',
    );
    expect(out).toContain('n: t {\n    a: 1.5\n    b: 250\n    c: #abcdef\n    d: "tab\\there"\n    e: 0\n  }');
  });

  it("rebuilds wire chains from the connections they make", () => {
    const out = formatStable(`svcnet 1
network a {
  b -> c
  a -> b
  c -> out
  a -> b
  noise1 -> comp1[1]
  x -> comp1[0]
}
`);
    expect(out).toContain("  a -> b -> c -> out\n  noise1 -> comp1[1]\n  x -> comp1[0]\n");
  });

  it("breaks chains at fan-out and fan-in, and writes [0] beside other inputs", () => {
    const out = formatStable(`svcnet 1
network a {
  src -> a -> mix[0]
  src -> b -> mix[1]
  mix -> out
}
`);
    expect(out).toContain("  mix -> out\n  src -> a -> mix[0]\n  src -> b -> mix[1]\n");
  });

  it("prints a loop of pass-through nodes starting at its smallest connection", () => {
    const out = formatStable("svcnet 1\nnetwork a {\n  c -> a\n  a -> b\n  b -> c\n}\n");
    expect(out).toContain("  a -> b -> c -> a\n");
  });

  it("keeps comments beside their statements through reordering", () => {
    const out = formatStable(`# header
svcnet 1
network a {
  a: nullTOP
  # about z
  z: nullTOP  # z's own
  z -> a  # the only wire
  # closing thoughts
}
# the end
`);
    expect(out).toBe(`# header
svcnet 1

network a {
  # about z
  z: nullTOP  # z's own
  a: nullTOP

  z -> a  # the only wire
  # closing thoughts
}

# the end
`);
  });

  it("adds the space after '#' in comments", () => {
    expect(formatStable("#tight\nsvcnet 1\n")).toBe("# tight\nsvcnet 1\n");
  });

  it("writes multi-line text as a text block and other text as a string", () => {
    const out = formatStable(
      'svcnet 1\nnetwork a {\n  s: textDAT { text: "line1\\n  line2\\n", other: "no newline\\nat end" }\n}\n',
    );
    expect(out).toContain('    other: "no newline\\nat end"\n    text: ```\n      line1\n        line2\n      ```\n');
  });

  it("picks a fence longer than any backtick run in the text", () => {
    const out = formatStable('svcnet 1\nnetwork a {\n  s: textDAT { text: "a ``` b\\n" }\n}\n');
    expect(out).toContain("    text: ````\n      a ``` b\n      ````\n");
  });

  it("quotes names that would read as something else", () => {
    const out = formatStable('svcnet 1\nnetwork a {\n  n: t { a: "off", b: "bind", c: "4x", d: plain }\n}\n');
    expect(out).toContain('{ a: "off", b: "bind", c: "4x", d: plain }');
  });

  it("prints an empty network and a file with only a header", () => {
    expect(formatStable("svcnet 1\nnetwork a { }\n")).toBe("svcnet 1\n\nnetwork a {}\n");
    expect(formatStable("svcnet 1")).toBe("svcnet 1\n");
  });

  it("keeps the x form of a size and the parenthesised form of a pair", () => {
    const out = formatStable("svcnet 1\nnetwork a {\n  n: t { r: 1280x720, s: (2, 2) }\n}\n");
    expect(out).toContain("{ r: 1280x720, s: (2, 2) }");
  });
});

describe("printing trees that were built, not parsed", () => {
  const r = NO_RANGE;
  const id = (name: string) => ({ kind: "Identifier" as const, name, range: r });
  const num = (value: number): Value => ({ kind: "Number", value, range: r });
  const built = (nodes: NodeDecl[]): Program => ({
    kind: "Program",
    version: null,
    imports: [],
    networks: [
      {
        kind: "Network",
        name: id("live"),
        controls: [],
        nodes,
        wires: [
          {
            kind: "Wire",
            chain: [
              { kind: "WireEndpoint", node: id("noise1"), index: null, range: r },
              { kind: "WireEndpoint", node: id("out1"), index: null, range: r },
            ],
            range: r,
          },
        ],
        range: r,
      },
    ],
    recipes: [],
    layout: null,
    range: r,
  });

  it("prints an exported network without ranges or comments, and it parses back to the same tree", () => {
    const program = built([
      {
        kind: "Node",
        name: id("out1"),
        type: id("nullTOP"),
        flags: [{ kind: "BooleanFlag", name: "display", value: true, range: r }],
        params: [],
        network: null,
        range: r,
      },
      {
        kind: "Node",
        name: id("noise1"),
        type: id("noiseTOP"),
        flags: [],
        params: [
          { kind: "Param", name: id("period"), value: num(3), range: r },
          {
            kind: "Param",
            name: id("resolution"),
            value: { kind: "Tuple", items: [num(1280), num(720)], form: "x", range: r },
            range: r,
          },
          { kind: "Param", name: id("seed"), value: { kind: "Expression", python: "me.digits", range: r }, range: r },
        ],
        network: null,
        range: r,
      },
    ]);
    const text = print(program);
    expect(text).toBe(`svcnet 1

network live {
  noise1: noiseTOP { period: 3, resolution: 1280x720, seed: = me.digits }
  out1: nullTOP [display]

  noise1 -> out1
}
`);
    const back = parse(text);
    expect(back.diagnostics).toEqual([]);
    expect(print(back.ast)).toBe(text);
  });

  it("writes values no source could contain in a form that parses back", () => {
    const program = built([
      {
        kind: "Node",
        name: id("noise1"),
        type: id("noiseTOP"),
        flags: [],
        params: [
          { kind: "Param", name: id("a"), value: num(Infinity), range: r },
          { kind: "Param", name: id("b"), value: { kind: "Name", name: "2x", range: r }, range: r },
          { kind: "Param", name: id("c"), value: { kind: "String", value: "cr\r\nlf\n", range: r }, range: r },
          { kind: "Param", name: id("d"), value: { kind: "OperatorRef", path: "../x", range: r }, range: r },
          { kind: "Param", name: id("e"), value: { kind: "Expression", python: "1, 2", range: r }, range: r },
          { kind: "Param", name: id("f"), value: { kind: "Expression", python: "max(1,\n    2)", range: r }, range: r },
        ],
        network: null,
        range: r,
      },
    ]);
    const text = print(program);
    const back = parse(text);
    expect(back.diagnostics).toEqual([]);
    const params = back.ast.networks[0]!.nodes.find((n) => n.name.name === "noise1")!.params;
    expect(params.map((p) => shape(p.value))).toEqual([
      { kind: "Expression", python: "float('inf')" },
      { kind: "String", value: "2x" },
      { kind: "String", value: "cr\r\nlf\n" },
      { kind: "OperatorRef", path: "../x" },
      { kind: "Expression", python: "(1, 2)" },
      { kind: "Expression", python: "(max(1, 2))" },
    ]);
  });
});
