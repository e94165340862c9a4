/** Plain-text descriptions of operators and parameters, for the CLI and documentation resources. */
import { UNBOUNDED_INPUTS, type Inputs, type Operator, type Param, type ParValue } from "./types.js";

const MAX_MENU_SHOWN = 8;

export function formatValue(value: ParValue | null): string {
  if (value === null) return "?";
  if (Array.isArray(value)) return value.map((v) => formatValue(v)).join(" ");
  if (typeof value === "string") return JSON.stringify(value);
  return String(value);
}

export function formatInputs(inputs: Inputs | null): string {
  if (!inputs) return "unknown";
  const min = inputs.min === null ? "?" : String(inputs.min);
  const max = inputs.max === null ? "?" : inputs.max >= UNBOUNDED_INPUTS ? "any" : String(inputs.max);
  return min === max ? min : `${min}..${max}`;
}

function formatRange(p: Param): string {
  if (p.min === null && p.max === null) return "";
  const lo = p.min === null ? "" : `${p.clampMin ? "[" : "("}${p.min}`;
  const hi = p.max === null ? "" : `${p.max}${p.clampMax ? "]" : ")"}`;
  return `range ${lo}..${hi}`;
}

function formatMenu(p: Param): string {
  if (!p.menuNames) return "";
  const shown = p.menuNames.slice(0, MAX_MENU_SHOWN).join("|");
  const more = p.menuNames.length > MAX_MENU_SHOWN ? `|… (+${p.menuNames.length - MAX_MENU_SHOWN})` : "";
  return shown + more;
}

/** One line per parameter: name (with components), style, default, range or menu. */
function formatParamLine(p: Param, nameWidth = 22): string {
  const name = p.components ? `${p.name} (${p.components.join(" ")})` : p.name;
  const parts = [
    name.padEnd(nameWidth),
    (p.style ?? "?").padEnd(9),
    p.default === null
      ? "no documented default"
      : `default ${formatValue(p.default)}${p.defaultSource === "curated" ? " (assumed)" : ""}`,
  ];
  const extra = [formatRange(p), formatMenu(p)].filter(Boolean).join("  ");
  if (extra) parts.push(extra);
  return parts.join("  ").trimEnd();
}

export function formatOperatorText(op: Operator, alsoNamed: readonly string[] = []): string {
  const lines: string[] = [];
  lines.push(
    `${op.type} — ${op.label} ${op.family}${op.namespace && op.namespace !== "main" ? ` (${op.namespace})` : ""}`,
  );
  if (op.summary) lines.push(op.summary);
  const generator = op.isGenerator === null ? "unknown" : op.isGenerator ? "yes" : "no";
  lines.push(`inputs: ${formatInputs(op.inputs)}   outputs: ${op.outputs ?? "unknown"}   generator: ${generator}`);
  if (alsoNamed.length) lines.push(`same label in other families: ${alsoNamed.join(", ")}`);
  const width = Math.min(
    28,
    Math.max(12, ...op.params.map((p) => (p.components ? `${p.name} (${p.components.join(" ")})` : p.name).length)),
  );
  let page: string | null | undefined;
  for (const p of op.params) {
    if (p.page !== page) {
      page = p.page;
      lines.push("", `${page ?? "(no page)"}:`);
    }
    lines.push("  " + formatParamLine(p, width));
  }
  if (!op.params.length) lines.push("", "no parameters known");
  if (op.params.some((p) => p.default === null || p.defaultSource === "curated"))
    lines.push(
      "",
      "TouchDesigner's documentation gives no parameter defaults: 'assumed' marks svc's own reading of one,",
      "'no documented default' a parameter svc leaves as TouchDesigner makes it.",
    );
  return lines.join("\n") + "\n";
}
