/**
 * A readable listing of an operation list: one line per operation (DAT text follows indented), each
 * ending with the source line it came from. `svc compile` prints it; snapshot tests store it.
 */
import type { Origin } from "../model.js";
import { formatNumber } from "../util/describe.js";
import type { Batch } from "./batch.js";
import type { ConstantValue, CustomParamSpec, Operation } from "./operations.js";

export interface RenderOptions {
  /** Show where each operation came from (default true). */
  origins?: boolean;
}

function constant(v: ConstantValue | ConstantValue[]): string {
  if (Array.isArray(v)) return `(${v.map(constant).join(", ")})`;
  if (typeof v === "number") return formatNumber(v);
  if (typeof v === "boolean") return v ? "on" : "off";
  return JSON.stringify(v);
}

function customParam(p: CustomParamSpec): string {
  const parts = [`${p.name}: ${p.style}`];
  if (p.default !== undefined) parts.push(`= ${constant(p.default)}`);
  if (p.min !== undefined || p.max !== undefined) parts.push(`range ${p.min ?? ""}..${p.max ?? ""}`);
  if (p.clamp === true) parts.push("clamp");
  if (p.menuNames !== undefined) parts.push(`entries (${p.menuNames.join(", ")})`);
  if (p.label !== p.name) parts.push(`label ${JSON.stringify(p.label)}`);
  return parts.join(" ");
}

function where(origin: Origin): string {
  const at = `${origin.file}:${origin.range.start.line}`;
  return origin.via === undefined ? at : `${at} (via ${where(origin.via)})`;
}

/** The operation as one line (plus the text of a set-text, indented). */
function renderOperation(op: Operation): string {
  switch (op.kind) {
    case "create":
      // Every node carries the ownership tag; only other tags are worth a mention.
      return `create     ${op.path} ${op.type}${op.tags.length > 1 ? ` tags ${op.tags.join(", ")}` : ""}`;
    case "set-param":
      return `set        ${op.path}.${op.param} = ${constant(op.value)}`;
    case "set-expression":
      return `expression ${op.path}.${op.param} = ${op.expression}`;
    case "set-bind":
      return `bind       ${op.path}.${op.param} <- ${op.expression}`;
    case "set-export":
      return `export     ${op.path}.${op.param} <- ${op.chop} channel ${JSON.stringify(op.channel)}`;
    case "set-text": {
      const lines = op.text.replace(/\n$/, "").split("\n");
      return [
        `text       ${op.path} (${lines.length} line${lines.length === 1 ? "" : "s"})`,
        ...lines.map((l) => `  | ${l}`.trimEnd()),
      ].join("\n");
    }
    case "connect":
      return `connect    ${op.path}[${op.fromIndex}] -> ${op.to}[${op.toIndex}]`;
    case "set-flags":
      return `flags      ${op.path} ${Object.entries(op.flags)
        .map(([k, v]) => `${k}=${v ? "on" : "off"}`)
        .join(" ")}`;
    case "add-custom-page":
      return [
        `page       ${op.path} ${JSON.stringify(op.page)}`,
        ...op.params.map((p) => `  + ${customParam(p)}`),
      ].join("\n");
    case "set-position":
      return `position   ${op.path} (${op.x}, ${op.y})`;
    case "set-comment":
      return `comment    ${op.path} ${JSON.stringify(op.comment)}`;
    case "set-color":
      return `color      ${op.path} (${op.color.map(formatNumber).join(", ")})`;
    case "set-tags":
      return `tags       ${op.path} ${op.tags.join(", ")}`;
    case "store-metadata":
      return `metadata   ${op.path} ${op.key} = ${JSON.stringify(op.value)}`;
  }
}

export function renderOperations(operations: readonly Operation[], options: RenderOptions = {}): string {
  const lines = operations.map((op) => {
    const text = renderOperation(op);
    if (options.origins === false) return text;
    const [first, ...rest] = text.split("\n");
    return [`${first}  @ ${where(op.origin)}`, ...rest].join("\n");
  });
  return lines.join("\n") + (lines.length > 0 ? "\n" : "");
}

/** The batches, each under a header with its size. */
export function renderBatches(batches: readonly Batch[], options: RenderOptions = {}): string {
  return batches
    .map(
      (b) =>
        `# batch ${b.index + 1} of ${batches.length}: ${b.operations.length} operation${b.operations.length === 1 ? "" : "s"}\n${renderOperations(b.operations, options)}`,
    )
    .join("\n");
}
