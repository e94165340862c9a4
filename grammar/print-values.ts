/**
 * Canonical text of values, flags and declarations. Everything here prints on one line; text
 * blocks (which span lines) are handled by the statement printer.
 */
import type { Declaration, Flag, StringValue, Value } from "./ast.js";
import { scanPythonExpression } from "./lex-expression.js";
import { quoteString } from "./lex-string.js";
import { Scanner } from "./scanner.js";
import { naturalCompare, sortedCopy } from "./natural-order.js";

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PATH = /^(?:\/|(?:\.\.?|[A-Za-z_][A-Za-z0-9_]*)(?=\/))(?:(?:^|\/)(?:\.\.?|[A-Za-z_][A-Za-z0-9_]*))*$/;

/** Names that would read as something else if written bare in a value. */
const RESERVED_IN_VALUES = new Set(["on", "off", "bind", "export", "file"]);

function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** A number as the lexer reads it back; non-finite numbers can only be written as Python. */
function formatNumber(n: number): string {
  if (Number.isNaN(n)) return "= float('nan')";
  if (!Number.isFinite(n)) return n > 0 ? "= float('inf')" : "= -float('inf')";
  return String(n);
}

export function formatValue(v: Value): string {
  switch (v.kind) {
    case "Number":
      return formatNumber(v.value);
    case "String":
      return quoteString(v.value);
    case "Boolean":
      return v.value ? "on" : "off";
    case "Name":
      return isIdentifier(v.name) && !RESERVED_IN_VALUES.has(v.name) ? v.name : quoteString(v.name);
    case "Tuple":
      if (
        v.form === "x" &&
        v.items.length >= 2 &&
        v.items.every((i) => i.kind === "Number" && Number.isSafeInteger(i.value) && i.value >= 0)
      ) {
        return v.items.map((i) => formatValue(i)).join("x");
      }
      return `(${v.items.map(formatValue).join(", ")})`;
    case "Color":
      return `#${v.hex.toLowerCase()}`;
    case "OperatorRef":
      return formatReference(v.path);
    case "Expression":
      return `= ${printablePython(v.python)}`;
    case "Bind":
      return `bind ${v.operator ? `${formatReference(v.operator.path)}.` : ""}${v.parameter.name}`;
    case "Export":
      return `export ${formatReference(v.operator.path)}.${isIdentifier(v.channel) ? v.channel : quoteString(v.channel)}`;
    case "File":
      return `file(${quoteString(v.path.value)})`;
    case "RecipeParamRef":
      return `$${v.name}`;
  }
}

/**
 * Python as it can be written after '=': one line, ending where the lexer will end it. Text that
 * would be cut short (a top-level ',', a line break) is put in parentheses on one line, which
 * Python reads the same way.
 */
function printablePython(python: string): string {
  const text = python.trim();
  if (readsBackWhole(text)) return text;
  const wrapped = `(${text.replace(/\s*\r?\n\s*/g, " ")})`;
  // Unbalanced brackets are not Python; such text cannot be written so that it reads back whole.
  return readsBackWhole(wrapped) ? wrapped : text;
}

function readsBackWhole(python: string): boolean {
  if (/[\r\n]/.test(python)) return false;
  const scanner = new Scanner(`=${python}`);
  const scanned = scanPythonExpression(scanner);
  return scanned.problems.length === 0 && scanner.atEnd() && scanned.python === python;
}

/** An operator reference: a name or a path as written; anything else can only be a string. */
function formatReference(path: string): string {
  return isIdentifier(path) || PATH.test(path) ? path : quoteString(path);
}

/** True when a string value prints as a ``` block: several lines ending with a newline, nothing hidden. */
export function printsAsTextBlock(v: StringValue): boolean {
  return v.value.endsWith("\n") && !/[\r\u0000-\u0008\u000b-\u001f\u007f]/.test(v.value);
}

// ── flags ────────────────────────────────────────────────────────────────────

const FLAG_ORDER = [
  "display",
  "render",
  "viewer",
  "bypass",
  "lock",
  "was",
  "color",
  "summary",
  "tags",
  "difficulty",
  "comment",
];

function flagName(f: Flag): string {
  switch (f.kind) {
    case "BooleanFlag":
      return f.name;
    case "ColorFlag":
      return "color";
    case "TagsFlag":
      return "tags";
    case "NodeCommentFlag":
      return "comment";
    case "RenamedFromFlag":
      return "was";
    case "SummaryFlag":
      return "summary";
    case "DifficultyFlag":
      return "difficulty";
  }
}

export function formatFlags(flags: readonly Flag[]): string {
  if (flags.length === 0) return "";
  const sorted = sortedCopy(flags, (a, b) => FLAG_ORDER.indexOf(flagName(a)) - FLAG_ORDER.indexOf(flagName(b)));
  const parts = sorted.map((f) => {
    switch (f.kind) {
      case "BooleanFlag":
        return f.value ? f.name : `${f.name}: off`;
      case "ColorFlag":
        return `color: ${formatValue(f.color)}`;
      case "TagsFlag": {
        const tags = [...new Set(f.tags.map((t) => t.value))].sort(naturalCompare);
        return tags.length === 1 ? `tags: ${quoteString(tags[0]!)}` : `tags: (${tags.map(quoteString).join(", ")})`;
      }
      case "NodeCommentFlag":
        return `comment: ${quoteString(f.text.value)}`;
      case "RenamedFromFlag":
        return `was: ${f.name.name}`;
      case "SummaryFlag":
        return `summary: ${quoteString(f.text.value)}`;
      case "DifficultyFlag":
        return `difficulty: ${f.level.name}`;
    }
  });
  return `[${parts.join(", ")}]`;
}

// ── declarations ─────────────────────────────────────────────────────────────

export function formatDeclaration(d: Declaration): string {
  let out = `${d.name.name}: ${d.type.name}`;
  if (d.default !== null) out += ` = ${formatDefault(d.default)}`;
  if (d.valueRange !== null)
    out += ` range ${formatNumber(d.valueRange.min.value)}..${formatNumber(d.valueRange.max.value)}`;
  if (d.clamp) out += " clamp";
  // A label equal to the name is what TouchDesigner shows anyway: the canonical form leaves it out,
  // so the text of a network and its export agree.
  if (d.label !== null && d.label.value !== d.name.name) out += ` label ${quoteString(d.label.value)}`;
  if (d.help != null && d.help.value !== "") out += ` help ${quoteString(d.help.value)}`;
  if (d.entries !== null) {
    const entries = d.entries.map((e) => {
      const name = isIdentifier(e.name) ? e.name : quoteString(e.name);
      return e.label === null || e.label.value === e.name ? name : `${name} ${quoteString(e.label.value)}`;
    });
    out += ` entries (${entries.join(", ")})`;
  }
  return out;
}

/** After '=' (which the lexer does not read as an expression there), a value cannot be Python. */
function formatDefault(v: Value): string {
  return v.kind === "Expression" ? quoteString(v.python) : formatValue(v);
}
