/**
 * A JSON reader that keeps where every value was written. `JSON.parse` gives neither positions nor
 * a readable reason, and the importer's diagnostics must point at the offending field of the user's
 * file; so this small recursive-descent parser (RFC 8259, nothing more) builds a tree of values
 * with source ranges, and a syntax error is a result with its line and column, never a throw.
 */
import type { Position, SourceRange } from "../../../diagnostics/source-range.js";

export type JsonValue = JsonObject | JsonArray | JsonString | JsonNumber | JsonBoolean | JsonNull;

export interface JsonObject {
  kind: "object";
  /** In written order; a key written twice appears twice (the reader reports it). */
  entries: JsonEntry[];
  range: SourceRange;
}
interface JsonEntry {
  key: string;
  keyRange: SourceRange;
  value: JsonValue;
}
interface JsonArray {
  kind: "array";
  items: JsonValue[];
  range: SourceRange;
}
interface JsonString {
  kind: "string";
  value: string;
  range: SourceRange;
}
interface JsonNumber {
  kind: "number";
  value: number;
  range: SourceRange;
}
interface JsonBoolean {
  kind: "boolean";
  value: boolean;
  range: SourceRange;
}
interface JsonNull {
  kind: "null";
  range: SourceRange;
}

export type JsonParseResult = { ok: true; value: JsonValue } | { ok: false; problem: string; range: SourceRange };

/** Deeper nesting than this is refused rather than risking the stack. */
const MAX_JSON_DEPTH = 200;

class JsonSyntaxError {
  constructor(
    readonly problem: string,
    readonly start: number,
    readonly end: number,
  ) {}
}

/** Turns offsets into 1-based lines and columns (columns count UTF-16 units, as editors do for ASCII). */
class Lines {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  position(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1, offset };
  }
}

const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

function describeChar(ch: string | undefined): string {
  if (ch === undefined) return "the end of the file";
  if (ch === "\n") return "a line break";
  return /[\x00-\x1f]/.test(ch) ? `control character U+${ch.charCodeAt(0).toString(16).padStart(4, "0")}` : `'${ch}'`;
}

class Parser {
  private pos = 0;
  constructor(
    private readonly text: string,
    private readonly lines: Lines,
  ) {}

  range(start: number, end: number): SourceRange {
    return { start: this.lines.position(start), end: this.lines.position(end) };
  }

  private fail(problem: string, start = this.pos, end = Math.min(this.text.length, start + 1)): never {
    throw new JsonSyntaxError(problem, start, end);
  }

  private skipSpace(): void {
    while (this.pos < this.text.length) {
      const c = this.text.charCodeAt(this.pos);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.pos++;
      else break;
    }
  }

  document(): JsonValue {
    // A byte order mark is not JSON, but editors write one; it carries no meaning.
    if (this.text.charCodeAt(0) === 0xfeff) this.pos = 1;
    this.skipSpace();
    if (this.pos >= this.text.length) this.fail("the file is empty: expected a JSON object");
    const value = this.value(0);
    this.skipSpace();
    if (this.pos < this.text.length)
      this.fail(`unexpected ${describeChar(this.text[this.pos])} after the end of the JSON value`);
    return value;
  }

  private value(depth: number): JsonValue {
    if (depth > MAX_JSON_DEPTH) this.fail(`values are nested more than ${MAX_JSON_DEPTH} deep`);
    const ch = this.text[this.pos];
    const start = this.pos;
    switch (ch) {
      case "{":
        return this.object(depth);
      case "[":
        return this.array(depth);
      case '"': {
        const value = this.string();
        return { kind: "string", value, range: this.range(start, this.pos) };
      }
      case "t":
      case "f":
      case "n":
        return this.literal();
      default: {
        if (ch === "-" || (ch !== undefined && ch >= "0" && ch <= "9")) return this.number();
        if (ch === "'") this.fail("strings use double quotes in JSON");
        return this.fail(`expected a value, found ${describeChar(ch)}`);
      }
    }
  }

  private literal(): JsonValue {
    const start = this.pos;
    for (const [word, make] of [
      ["true", (): JsonValue => ({ kind: "boolean", value: true, range: this.range(start, start + 4) })],
      ["false", (): JsonValue => ({ kind: "boolean", value: false, range: this.range(start, start + 5) })],
      ["null", (): JsonValue => ({ kind: "null", range: this.range(start, start + 4) })],
    ] as const) {
      if (this.text.startsWith(word, start)) {
        this.pos = start + word.length;
        return make();
      }
    }
    const word = /^[A-Za-z_]+/.exec(this.text.slice(start, start + 40))?.[0] ?? this.text[start]!;
    return this.fail(`'${word}' is not a JSON value (strings need double quotes)`, start, start + word.length);
  }

  private number(): JsonNumber {
    const start = this.pos;
    NUMBER.lastIndex = start;
    const m = NUMBER.exec(this.text);
    const after = this.text[start + (m?.[0].length ?? 0)];
    if (!m || m[0] === "-" || (after !== undefined && /[0-9.eExX]/.test(after))) {
      const bad = /^[-+0-9A-Za-z.]+/.exec(this.text.slice(start, start + 40))?.[0] ?? this.text[start]!;
      this.fail(`'${bad}' is not a JSON number`, start, start + bad.length);
    }
    this.pos = start + m[0].length;
    return { kind: "number", value: Number(m[0]), range: this.range(start, this.pos) };
  }

  private string(): string {
    const open = this.pos;
    this.pos++;
    let out = "";
    let run = this.pos;
    for (;;) {
      const ch = this.text[this.pos];
      if (ch === undefined) this.fail("the string is never closed", open, open + 1);
      if (ch === '"') {
        out += this.text.slice(run, this.pos);
        this.pos++;
        return out;
      }
      if (ch === "\n" || ch.charCodeAt(0) < 0x20)
        this.fail(`${describeChar(ch)} inside a string (write it as an escape such as \\n)`);
      if (ch === "\\") {
        out += this.text.slice(run, this.pos);
        const e = this.text[this.pos + 1];
        if (e === "u") {
          const hex = this.text.slice(this.pos + 2, this.pos + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex))
            this.fail("\\u must be followed by four hex digits", this.pos, this.pos + 2);
          out += String.fromCharCode(parseInt(hex, 16));
          this.pos += 6;
        } else if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          this.pos += 2;
        } else {
          this.fail(`'\\${e ?? ""}' is not a JSON escape`, this.pos, this.pos + 2);
        }
        run = this.pos;
        continue;
      }
      this.pos++;
    }
  }

  private object(depth: number): JsonObject {
    const start = this.pos;
    this.pos++;
    const entries: JsonEntry[] = [];
    this.skipSpace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return { kind: "object", entries, range: this.range(start, this.pos) };
    }
    for (;;) {
      this.skipSpace();
      const ch = this.text[this.pos];
      if (ch !== '"') {
        if (ch === "}") this.fail("a comma before '}' is not allowed in JSON");
        this.fail(`expected a property name in double quotes, found ${describeChar(ch)}`);
      }
      const keyStart = this.pos;
      const key = this.string();
      const keyRange = this.range(keyStart, this.pos);
      this.skipSpace();
      if (this.text[this.pos] !== ":")
        this.fail(`expected ':' after the property name "${key}", found ${describeChar(this.text[this.pos])}`);
      this.pos++;
      this.skipSpace();
      const value = this.value(depth + 1);
      entries.push({ key, keyRange, value });
      this.skipSpace();
      const next = this.text[this.pos];
      if (next === ",") {
        this.pos++;
        continue;
      }
      if (next === "}") {
        this.pos++;
        return { kind: "object", entries, range: this.range(start, this.pos) };
      }
      if (next === undefined)
        this.fail(
          `the object opened at ${this.lines.position(start).line}:${this.lines.position(start).column} is never closed`,
          start,
          start + 1,
        );
      this.fail(`expected ',' or '}' after the value of "${key}", found ${describeChar(next)}`);
    }
  }

  private array(depth: number): JsonArray {
    const start = this.pos;
    this.pos++;
    const items: JsonValue[] = [];
    this.skipSpace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return { kind: "array", items, range: this.range(start, this.pos) };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === "]") this.fail("a comma before ']' is not allowed in JSON");
      items.push(this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.pos];
      if (next === ",") {
        this.pos++;
        continue;
      }
      if (next === "]") {
        this.pos++;
        return { kind: "array", items, range: this.range(start, this.pos) };
      }
      if (next === undefined)
        this.fail(
          `the array opened at ${this.lines.position(start).line}:${this.lines.position(start).column} is never closed`,
          start,
          start + 1,
        );
      this.fail(`expected ',' or ']' after an array item, found ${describeChar(next)}`);
    }
  }
}

export function parseJson(text: string): JsonParseResult {
  const lines = new Lines(text);
  const parser = new Parser(text, lines);
  try {
    return { ok: true, value: parser.document() };
  } catch (err) {
    if (err instanceof JsonSyntaxError)
      return { ok: false, problem: err.problem, range: parser.range(err.start, err.end) };
    throw err;
  }
}

/** What a value is, in words, for "must be a string, not a number" messages. */
export function jsonKind(v: JsonValue): string {
  switch (v.kind) {
    case "object":
      return "an object";
    case "array":
      return "an array";
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "null":
      return "null";
  }
}

/** The plain JavaScript value of a JSON tree (for values passed on whole). */
export function plainJson(v: JsonValue): unknown {
  switch (v.kind) {
    case "object":
      return Object.fromEntries(v.entries.map((e) => [e.key, plainJson(e.value)]));
    case "array":
      return v.items.map(plainJson);
    case "null":
      return null;
    default:
      return v.value;
  }
}
