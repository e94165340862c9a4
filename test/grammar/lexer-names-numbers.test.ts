/**
 * The lexer's fast paths: names taken from its table of recent names (a name that lands in a slot
 * another name holds must still read as itself), and valid numbers and sizes read without the
 * general number reader (an invalid one still goes to it and is reported).
 */
import { describe, expect, it } from "vitest";
import { lex } from "../../grammar/lexer.js";

describe("lexer fast paths", () => {
  it("reads every name as written, and keywords as keywords, when names outnumber the table's slots", () => {
    const words: string[] = [];
    for (let i = 0; i < 6000; i++)
      words.push(`w${i.toString(36)}`, i % 7 === 0 ? "network" : i % 11 === 0 ? "bind" : `x${i}y`);
    // Each word twice, far apart, so a slot is refilled by other names in between.
    const text = [...words, ...words].join(" ");
    const { tokens, diagnostics } = lex(text);
    expect(diagnostics).toEqual([]);
    const source = text.split(" ");
    expect(tokens.map((t) => t.image)).toEqual(source);
    expect(tokens.map((t) => t.tokenType.name)).toEqual(
      source.map((w) => (w === "network" ? "Kw_network" : w === "bind" ? "Kw_bind" : "Identifier")),
    );
    expect(
      tokens.every(
        (t) =>
          t.endOffset === t.startOffset + t.image.length - 1 && t.endColumn === t.startColumn! + t.image.length - 1,
      ),
    ).toBe(true);
  });

  it("reads valid numbers and sizes with their values, and hands anything else number-like to the reporting reader", () => {
    const { tokens, diagnostics } = lex("3 -0.5 1e-3 2.5E+4 7e 1280x720 4x5x6 0..1 12px");
    expect(tokens.map((t) => [t.tokenType.name, t.image, t.payload])).toEqual([
      ["NumberLit", "3", 3],
      ["NumberLit", "-0.5", -0.5],
      ["NumberLit", "1e-3", 0.001],
      ["NumberLit", "2.5E+4", 25000],
      ["NumberLit", "7e", 0],
      ["Dimensions", "1280x720", [1280, 720]],
      ["Dimensions", "4x5x6", [4, 5, 6]],
      ["NumberLit", "0", 0],
      ["DotDot", "..", undefined],
      ["NumberLit", "1", 1],
      ["NumberLit", "12px", 0],
    ]);
    expect(diagnostics.map((d) => [d.code, d.range.start.column, d.range.end.column])).toEqual([
      ["invalid-number", 20, 22],
      ["invalid-number", 43, 47],
    ]);
  });
});
