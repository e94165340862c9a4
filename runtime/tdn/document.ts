/**
 * Reading a `.tdn` file: JSON first (a document starting with `{` or `[`, after a byte order mark
 * and whitespace, as the TDN specification's legacy 1.x files are), YAML otherwise (2.x). Every
 * value can be located back in the text by its path, so a diagnostic shows the field it is about.
 */
import { parseDocument, type Document } from "yaml";
import { NO_RANGE, positionAt, type SourceRange } from "../../diagnostics/source-range.js";

/** What a TDN file may hold after parsing: plain JSON-like data. */
export type TdnValue = null | boolean | number | string | TdnValue[] | { [key: string]: TdnValue };
export type TdnObject = { [key: string]: TdnValue };

/** Files larger than this are refused before parsing (a network of tens of thousands of operators fits). */
const MAX_TDN_BYTES = 16 * 1024 * 1024;

export type ReadResult =
  | { ok: true; value: TdnValue; locate: (path: readonly (string | number)[]) => SourceRange; json: boolean }
  | { ok: false; problem: string; range: SourceRange };

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function locator(text: string, doc: Document | undefined): (path: readonly (string | number)[]) => SourceRange {
  return (path) => {
    if (doc === undefined || doc.errors.length > 0) return NO_RANGE;
    // The deepest node of the path that exists: a missing field is shown at its object.
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return { start: positionAt(text, node.range[0]), end: positionAt(text, node.range[1]) };
    }
    return NO_RANGE;
  };
}

export function readTdnText(raw: string): ReadResult {
  const text = stripBom(raw);
  if (text.length > MAX_TDN_BYTES)
    return { ok: false, problem: `it is larger than ${MAX_TDN_BYTES / 1024 / 1024} MB`, range: NO_RANGE };
  const trimmed = text.trimStart();
  if (trimmed === "") return { ok: false, problem: "it is empty", range: NO_RANGE };
  const doc = parseDocument(text, { uniqueKeys: true });
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return { ok: true, value: JSON.parse(trimmed) as TdnValue, locate: locator(text, doc), json: true };
    } catch (e) {
      const message = (e as Error).message.split("\n")[0]!;
      // Node names the offset in some versions only; the YAML parser (a JSON superset) places most errors.
      const at = /position (\d+)/.exec(message);
      const offset = at ? Number(at[1]) + (text.length - trimmed.length) : (doc.errors[0]?.pos[0] ?? 0);
      const start = positionAt(text, Math.min(offset, text.length));
      return { ok: false, problem: `invalid JSON: ${message}`, range: { start, end: start } };
    }
  }
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    const start = positionAt(text, first.pos[0]);
    return {
      ok: false,
      problem: `invalid YAML: ${first.message.split("\n")[0]}`,
      range: { start, end: positionAt(text, first.pos[1]) },
    };
  }
  return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) as TdnValue, locate: locator(text, doc), json: false };
}

export function isObject(v: TdnValue | undefined): v is TdnObject {
  return v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v);
}

export function kindOf(v: TdnValue | undefined): string {
  if (v === undefined) return "missing";
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "a mapping";
  return `a ${typeof v}`;
}
