/**
 * Comments survive formatting: comments inserted at random places (own lines and line ends) of a
 * file all come out of `print` exactly once, and printing the result again changes nothing.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lex } from "../../grammar/lexer.js";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";

const source = readFileSync(new URL("./fixtures/everything.canonical.svcnet", import.meta.url), "utf8");

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Lines a comment cannot be added to or between: the inside of text blocks. */
function textBlockLines(text: string): Set<number> {
  const lines = new Set<number>();
  for (const t of lex(text).tokens) {
    if (t.tokenType.name !== "TextBlock") continue;
    for (let l = t.startLine!; l <= t.endLine!; l++) lines.add(l);
  }
  return lines;
}

describe("comments", () => {
  it("all survive formatting, wherever they are put", () => {
    const rnd = random(7);
    const lines = source.replace(/\n$/, "").split("\n");
    const blocked = textBlockLines(source);
    for (let round = 0; round < 60; round++) {
      const out: string[] = [];
      const inserted: string[] = [];
      lines.forEach((line, i) => {
        const lineNo = i + 1;
        const free = !blocked.has(lineNo) && !blocked.has(lineNo + 1);
        if (free && rnd() < 0.2) {
          const text = `own line ${round}.${i}`;
          inserted.push(text);
          out.push(`${" ".repeat(Math.floor(rnd() * 6))}# ${text}`);
        }
        if (!blocked.has(lineNo) && line.trim() !== "" && rnd() < 0.2) {
          const text = `end of line ${round}.${i}`;
          inserted.push(text);
          out.push(`${line}  # ${text}`);
        } else {
          out.push(line);
        }
      });
      const text = out.join("\n") + "\n";
      const parsed = parse(text);
      expect(parsed.diagnostics, text).toEqual([]);
      const printed = print(parsed.ast);
      for (const c of inserted) expect(printed.split(`# ${c}\n`).length - 1, `${c}\n${printed}`).toBe(1);
      const again = parse(printed);
      expect(again.diagnostics).toEqual([]);
      expect(print(again.ast)).toBe(printed);
    }
  });
});
