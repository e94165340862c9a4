/**
 * Generative robustness: thousands of token-level mutations of valid files (drop, duplicate, swap,
 * insert a stray token, cut the file). Whatever comes in, `parse` returns a tree and well-formed
 * diagnostics and never fails internally; a mutant that happens to be valid formats idempotently.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hasErrors } from "../../diagnostics/index.js";
import { lex } from "../../grammar/lexer.js";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

const SEEDS = [
  fixture("everything.canonical.svcnet"),
  `svcnet 1
network tunnel {
  controls {
    Gain: float = 0.96 range 0..1 label "Feedback Gain"
  }
  noise1: noiseTOP { period: 3, mono: on, resolution: 1280x720 }
  feedback1: feedbackTOP { top: level1 }
  level1: levelTOP { brightness1: bind Gain, opacity: = me.time.frame % 10 }
  out1: nullTOP [display]
  noise1 -> feedback1 -> level1 -> out1
}
`,
];

const STRAY = [
  "{",
  "}",
  "[",
  "]",
  "(",
  ")",
  ":",
  ",",
  "->",
  "=",
  "..",
  ".",
  "#ff8800",
  "# c\n",
  '"s"',
  "```\n",
  "3",
  "x",
  "$p",
  "\n",
  "bind",
  "network",
  "'",
  "\u0000",
  "é",
];

/** A small deterministic generator, so a failure can be replayed from its seed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text: string, rnd: () => number): string {
  const tokens = lex(text).tokens;
  const pick = () => tokens[Math.floor(rnd() * tokens.length)]!;
  const span = (t: (typeof tokens)[number]) => [t.startOffset, t.endOffset! + 1] as const;
  // With fewer than two tokens left only insertion makes sense.
  switch (tokens.length < 2 ? 3 : Math.floor(rnd() * 5)) {
    case 0: {
      const [a, b] = span(pick());
      return text.slice(0, a) + text.slice(b);
    }
    case 1: {
      const [a, b] = span(pick());
      return text.slice(0, b) + " " + text.slice(a, b) + text.slice(b);
    }
    case 2: {
      const i = Math.floor(rnd() * (tokens.length - 1));
      const [a1, b1] = span(tokens[i]!);
      const [a2, b2] = span(tokens[i + 1]!);
      return text.slice(0, a1) + text.slice(a2, b2) + text.slice(b1, a2) + text.slice(a1, b1) + text.slice(b2);
    }
    case 3: {
      const at = Math.floor(rnd() * (text.length + 1));
      return text.slice(0, at) + STRAY[Math.floor(rnd() * STRAY.length)]! + text.slice(at);
    }
    default:
      return text.slice(0, Math.floor(rnd() * text.length));
  }
}

/** What is wrong with a parse result, or undefined (plain checks: expect() per item would dominate the run time). */
function problemWith(text: string, r: ReturnType<typeof parse>): string | undefined {
  if (r.ast.kind !== "Program") return "no program";
  for (const d of r.diagnostics) {
    if (d.code === "parser-internal-error") return d.message;
    const { start, end } = d.range;
    if (d.message === "" || d.help.length === 0) return `${d.code} without message or help`;
    if (start.offset < 0 || end.offset < start.offset || end.offset > text.length)
      return `${d.code} has range ${start.offset}..${end.offset}`;
    if (start.line < 1 || start.column < 1) return `${d.code} starts at ${start.line}:${start.column}`;
  }
  return undefined;
}

describe("mutated files", () => {
  it("never break the parser, and valid mutants format idempotently", () => {
    const rnd = random(20240601);
    let valid = 0;
    let runs = 0;
    const problems: string[] = [];
    for (const seed of SEEDS) {
      for (let i = 0; i < 1000; i++) {
        let text = seed;
        const rounds = 1 + Math.floor(rnd() * 3);
        for (let k = 0; k < rounds; k++) text = mutate(text, rnd);
        const r = parse(text);
        runs++;
        const problem = problemWith(text, r);
        if (problem !== undefined) problems.push(`${problem}\n--- input ---\n${text}`);
        if (problem === undefined && !hasErrors(r.diagnostics)) {
          valid++;
          const once = print(r.ast);
          const again = parse(once);
          if (again.diagnostics.length > 0 || print(again.ast) !== once)
            problems.push(`not idempotent\n--- input ---\n${text}`);
        }
      }
    }
    expect(problems.slice(0, 3)).toEqual([]);
    expect(runs).toBe(2000);
    // Some mutations (a duplicated comment, a swapped pair of parameters) stay valid: they exercise the printer.
    expect(valid).toBeGreaterThan(30);
  });
});
