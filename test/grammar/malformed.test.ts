import { describe, expect, it } from "vitest";
import { parse } from "../../grammar/parse.js";

/** `code@line:column-line:column` for each diagnostic, in order. */
function found(text: string): string[] {
  return parse(text).diagnostics.map(
    (d) => `${d.code}@${d.range.start.line}:${d.range.start.column}-${d.range.end.line}:${d.range.end.column}`,
  );
}

const net = (body: string) => `svcnet 1\nnetwork a {\n${body}\n}\n`;

// Each case: a broken input and exactly the diagnostics it must give (code and range).
const cases: [string, string, string[]][] = [
  ["empty file", "", ["empty-file@1:1-1:1"]],
  ["only comments", "# nothing here\n", ["empty-file@1:1-1:1"]],
  ["missing version header", "network a {}\n", ["missing-version-header@1:1-1:1"]],
  ["unsupported version", "svcnet 2\nnetwork a {}\n", ["unsupported-version@1:8-1:9"]],
  ["version header not first", "network a {}\nsvcnet 1\n", ["misplaced-version-header@2:1-2:9"]],
  ["unclosed node block at end of line", net("  n1: noiseTOP { period: 3"), ["unclosed-block@3:27-3:27"]],
  [
    "unclosed node block in the middle",
    net("  n1: noiseTOP {\n    period: 3\n  n2: levelTOP"),
    ["unclosed-block@4:14-4:14"],
  ],
  ["unclosed network at end of file", "svcnet 1\nnetwork a {\n  n1: noiseTOP\n", ["unclosed-block@3:15-3:15"]],
  ["one closing brace too many", net("  n1: noiseTOP }"), ["unmatched-bracket@4:1-4:2"]],
  ["unclosed tuple", net("  n1: t { a: (1, 2 }"), ["unclosed-bracket@3:20-3:21"]],
  ["unterminated string", net('  n1: t { a: "abc }'), ["unterminated-string@3:14-3:20"]],
  ["unknown escape", net('  n1: t { a: "a\\qb" }'), ["invalid-escape@3:16-3:18"]],
  ["bad \\u escape", net('  n1: t { a: "\\u{110000}" }'), ["invalid-escape@3:15-3:25"]],
  ["two decimal points", net("  n1: t { a: 1.2.3 }"), ["invalid-number@3:14-3:19"]],
  ["number with a unit", net("  n1: t { a: 12px }"), ["invalid-number@3:14-3:18"]],
  ["number without leading digit", net("  n1: t { a: .5 }"), ["invalid-number@3:14-3:16"]],
  ["exponent without digits", net("  n1: t { a: 1e }"), ["invalid-number@3:14-3:16"]],
  ["hex number", net("  n1: t { a: 0x1f }"), ["invalid-number@3:14-3:18"]],
  ["short colour", net("  n1: t [color: #fff]"), ["invalid-colour@3:17-3:21"]],
  ["colour with a non-hex digit", net("  n1: t { c: #ff88zz }"), ["invalid-colour@3:14-3:21"]],
  ["half-written wire at end of line", net("  a ->\n  b: noiseTOP"), ["incomplete-wire@3:5-3:7"]],
  ["wire with a doubled arrow", net("  a -> -> b"), ["incomplete-wire@3:5-3:7"]],
  ["wire index that is not a number", net("  a -> comp1[x]"), ["invalid-wire-index@3:14-3:15"]],
  ["negative wire index", net("  a -> comp1[-1]"), ["invalid-wire-index@3:14-3:16"]],
  ["node without a type", net("  n1:\n  n2: levelTOP"), ["missing-operator-type@3:6-3:6"]],
  ["parameter without a value", net("  n1: t { period: }"), ["missing-value@3:18-3:18"]],
  // A network is named with one word; a TouchDesigner path, a string or words with '-' is one mistake.
  [
    "network named with a path",
    "svcnet 1\nnetwork /project1/a {\n  n: noiseTOP\n}\n",
    ["invalid-network-name@2:9-2:20"],
  ],
  ["network named with a dash", "svcnet 1\nnetwork my-show {\n}\n", ["invalid-network-name@2:9-2:16"]],
  ["network named with a string", 'svcnet 1\nnetwork "my show" {\n}\n', ["invalid-network-name@2:9-2:18"]],
  ["network named with a number", "svcnet 1\nnetwork 3d {\n}\n", ["invalid-network-name@2:9-2:11"]],
  ["missing colon between node and type", net("  n1 noiseTOP"), ["unexpected-token@3:3-3:14"]],
  ["missing colon in a parameter", net("  n1: t { period 3 }"), ["unexpected-token@3:11-3:19"]],
  ["unknown flag", net("  n1: t [displya]"), ["unknown-flag@3:10-3:17"]],
  ["flag with a wrong value", net("  n1: t [lock: maybe]"), ["invalid-flag-value@3:16-3:21"]],
  ["parameter given twice", net("  n1: t { a: 1, a: 2 }"), ["duplicate-entry@3:17-3:18"]],
  ["unknown control type", net("  controls { Gain: flaot }"), ["unknown-declaration-type@3:20-3:25"]],
  [
    "control without a type",
    net("  controls { Gain: = 1 }"),
    ["missing-declaration-type@3:19-3:19", "unexpected-token@3:20-3:23"],
  ],
  ["empty range", net("  controls { Gain: float range 1..0 }"), ["invalid-range@3:26-3:36"]],
  ["params outside a recipe", net("  params { a: float }"), ["params-outside-recipe@3:3-3:9"]],
  // fmt merges a recipe's params blocks: a name in two of them must be refused before, not after.
  [
    "recipe parameter in two params blocks",
    "svcnet 1\nrecipe r {\n  params { A: float }\n  params { A: float = 2 }\n}\n",
    ["duplicate-entry@4:12-4:13"],
  ],
  [
    "controls among a node's parameters",
    net("  c: baseCOMP { controls { A: float } }"),
    ["misplaced-controls@3:17-3:25"],
  ],
  ["node outside any network", "svcnet 1\nn1: noiseTOP\n", ["statement-outside-network@2:1-2:13"]],
  ["empty Python expression", net("  n1: t { a: = }"), ["empty-expression@3:14-3:15"]],
  ["unclosed bracket in Python", net("  n1: t { a: = max(1, 2 }"), ["unclosed-expression-bracket@3:19-3:20"]],
  ["unterminated text block", net("  s: textDAT {\n    text: ```\n      hello"), ["unterminated-text-block@4:11-4:14"]],
  [
    "text block line indented too little",
    net("  s: textDAT {\n    text: ```\n      ok\n    bad\n      ```\n  }"),
    ["text-block-indentation@6:1-6:5"],
  ],
  [
    "tab where the fence has spaces",
    net("  s: textDAT {\n    text: ```\n\tok\n      ```\n  }"),
    ["text-block-indentation@5:1-5:2"],
  ],
  [
    "text after the opening fence",
    net("  s: textDAT {\n    text: ``` glsl please\n      x\n      ```\n  }"),
    ["invalid-text-block@4:15-4:26"],
  ],
  ["comment in another language's style", net("  // note"), ["unexpected-character@3:3-3:10"]],
  ["semicolon", net("  n1: t;"), ["unexpected-character@3:8-3:9"]],
  ["single-quoted string", net("  n1: t { a: 'x' }"), ["unexpected-character@3:14-3:17"]],
  ["non-ASCII name", net("  nöise: t"), ["unexpected-character@3:3-3:8"]],
  ["NUL byte", net("  n1: t\u0000"), ["unexpected-character@3:8-3:9"]],
  ["layout entry that is not a pair", "svcnet 1\nlayout { a/b: 3 }\n", ["invalid-layout-entry@2:15-2:16"]],
  ["flag list left open", net("  n1: noiseTOP [display\n  n2: levelTOP"), ["unclosed-bracket@3:24-3:24"]],
  [
    "declaration with '=' and no default",
    net("  controls { Gain: float = range 0..1 }"),
    ["missing-default@3:27-3:27"],
  ],
  ["import path without quotes", "svcnet 1\nimport lib.svcnet\n", ["unexpected-token@2:1-2:18"]],
  ["network without a name", "svcnet 1\nnetwork {\n  n1: t\n}\n", ["unexpected-token@2:1-2:8"]],
  ["file() without a string", net("  n: t { a: file(x) }"), ["unexpected-token@3:18-3:19"]],
  ["export without a channel", net("  n: t { a: export lfo1 }"), ["unexpected-token@3:25-3:26"]],
];

describe("malformed input", () => {
  it("has at least 25 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
  });

  it.each(cases)("%s", (_name, text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it("reports every problem of a file with several, in order", () => {
    const text = net(`  n1: noiseTOP { period: 1.2.3 }
  n2: levelTOP [displya]
  n3: nullTOP { a: "\\q" }
  n1 ->
  n4: t { b: }`);
    expect(found(text).map((f) => f.split("@")[0])).toEqual([
      "invalid-number",
      "unknown-flag",
      "invalid-escape",
      "incomplete-wire",
      "missing-value",
    ]);
  });

  it("gives every diagnostic a message and help", () => {
    for (const [, text] of cases) {
      for (const d of parse(text, "f.svcnet").diagnostics) {
        expect(d.message.length, d.code).toBeGreaterThan(0);
        expect(d.help.length, d.code).toBeGreaterThan(0);
        expect(d.file).toBe("f.svcnet");
      }
    }
  });

  it("names the block and where it opened in an unclosed-block message", () => {
    const [d] = parse(net("  noise1: noiseTOP { period: 3")).diagnostics;
    expect(d?.message).toBe("expected '}' to close node 'noise1' opened at 3:20");
  });

  it("handles a line of a million characters", () => {
    const long = `svcnet 1\nnetwork a {\n  n: t { a: "${"x".repeat(1_000_000)}" }\n}\n`;
    const r = parse(long);
    expect(r.diagnostics).toEqual([]);
    const p = r.ast.networks[0]!.nodes[0]!.params[0]!.value;
    expect(p.kind === "String" && p.value.length).toBe(1_000_000);
    const broken = parse(`svcnet 1\nnetwork a {\n  n: t { a: ${"1".repeat(1_000_000)}x }\n}\n`);
    expect(broken.diagnostics.map((d) => d.code)).toEqual(["invalid-number"]);
  });

  it("parses deep nesting, and refuses absurd nesting with a diagnostic instead of a crash", () => {
    const nested = (depth: number) =>
      `svcnet 1\nnetwork a { ${"x: baseCOMP { network { ".repeat(depth)}y: nullTOP${" } }".repeat(depth)} }\n`;
    expect(parse(nested(40)).diagnostics).toEqual([]);
    const deep = parse(nested(400));
    expect(deep.diagnostics.map((d) => d.code)).toEqual(["nesting-too-deep"]);
    expect(deep.diagnostics[0]!.range.start.line).toBe(2);
  });
});

describe("a network named as TouchDesigner names places", () => {
  it("suggests the one-word name it most likely means, and says where apply builds it", () => {
    const helpFor = (header: string) =>
      parse(`svcnet 1\n${header}\n  n: noiseTOP\n}\n`).diagnostics.flatMap((d) => d.help ?? []);
    expect(helpFor("network /project1/show {")[0]).toContain("network show { ... }");
    expect(helpFor("network my-show {")[0]).toContain("network my_show { ... }");
    expect(helpFor('network "big room" {')[0]).toContain("network big_room { ... }");
    expect(helpFor("network 3d {")[0]).toContain("network n3d { ... }");
    expect(helpFor("network /project1/show {")[1]).toContain("--root");
  });

  it("still reads the network's body, so a mistake inside it is found on the same run", () => {
    const { ast } = parse("svcnet 1\nnetwork /project1/show {\n  n: noiseTOP\n  m: levelTOP\n  n -> m\n}\n");
    expect(ast.networks.map((n) => n.name.name)).toEqual(["show"]);
    expect(ast.networks[0]!.nodes.map((n) => n.name.name)).toEqual(["n", "m"]);
  });
});
