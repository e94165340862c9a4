/**
 * A node's fields (flags, comment, colour, tags, DAT text, controls, position) as the plan prints
 * them: each change readable on its own line, controls compared one by one.
 */
import {
  hexColour,
  sameValue,
  type CustomPageState,
  type CustomParState,
  type JsonValue,
  type NodeState,
} from "./network-state.js";
import type { FieldChange } from "./plan-types.js";

const MAX_SHOWN = 60;

function clip(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 3)}...` : text;
}

function lineCount(text: string): number {
  return text === "" ? 0 : text.replace(/\n$/, "").split("\n").length;
}

/** One field's value for people: `#ff8800`, `on`, tags by name, DAT text by its size and first line. */
function describeField(field: string, value: JsonValue | undefined): string {
  if (value === undefined || value === null) return "(none)";
  if (field.startsWith("flag:")) return value === true ? "on" : "off";
  if (field === "color" && Array.isArray(value)) return `#${hexColour(value as number[])}`;
  if (field === "tags" && Array.isArray(value)) return value.length === 0 ? "(none)" : value.join(", ");
  if (field === "position" && Array.isArray(value)) return value.join(", ");
  if (field === "text" && typeof value === "string") {
    if (value === "") return "(empty)";
    const n = lineCount(value);
    return `${n} line${n === 1 ? "" : "s"}: ${clip(JSON.stringify(value.split("\n")[0]))}`;
  }
  return clip(JSON.stringify(value));
}

/** A control as declared: `Gain float = 0.94 range 0..1 clamp "Feedback Gain"`. */
function describeControl(p: CustomParState): string {
  let out = `${p.name} ${p.style.toLowerCase()}`;
  if (p.default !== undefined) out += ` = ${clip(JSON.stringify(p.default))}`;
  if (p.min !== undefined || p.max !== undefined) out += ` range ${p.min ?? 0}..${p.max ?? 1}`;
  if (p.clamp) out += " clamp";
  if (p.label !== undefined && p.label !== p.name) out += ` ${JSON.stringify(p.label)}`;
  if (p.menuNames) out += ` entries (${p.menuNames.join(", ")})`;
  return out;
}

function controlsByName(pages: JsonValue | undefined): Map<string, { page: string; par: CustomParState }> {
  const out = new Map<string, { page: string; par: CustomParState }>();
  for (const page of (pages ?? []) as unknown as CustomPageState[])
    for (const par of page.pars) out.set(par.name, { page: page.name, par });
  return out;
}

/** Controls added (+), removed (-) and changed (~), by name, with the page they are on. */
function controlLines(from: JsonValue | undefined, to: JsonValue | undefined): string[] {
  const before = controlsByName(from);
  const after = controlsByName(to);
  const lines: string[] = [];
  for (const [name, b] of after) {
    const a = before.get(name);
    if (a === undefined) lines.push(`+ control ${describeControl(b.par)} (page "${b.page}")`);
    else if (a.page !== b.page || !sameValue(a.par as unknown as JsonValue, b.par as unknown as JsonValue)) {
      lines.push(
        `~ control ${describeControl(a.par)} -> ${describeControl(b.par)}${a.page !== b.page ? ` (page "${a.page}" -> "${b.page}")` : ""}`,
      );
    }
  }
  for (const [name, a] of before)
    if (!after.has(name)) lines.push(`- control ${describeControl(a.par)} (page "${a.page}")`);
  // Only the pages' order or names moved: say so rather than nothing.
  if (lines.length === 0) lines.push("~ control pages reordered or renamed");
  return lines;
}

/** The plan's lines for one changed field. */
export function fieldChangeLines(f: FieldChange): string[] {
  if (f.field === "customPages") return controlLines(f.from, f.to);
  const name = f.field.replace("flag:", "flag ");
  return [`${name}: ${describeField(f.field, f.from)} -> ${describeField(f.field, f.to)}`];
}

/** What a new node gets besides its parameters: flags, comment, colour, tags, DAT text, controls. */
export function createdFieldLines(node: NodeState): string[] {
  const lines: string[] = [];
  const flags = Object.entries(node.flags)
    .filter(([, on]) => on)
    .map(([f]) => f);
  if (flags.length) lines.push(`flags: ${flags.join(", ")}`);
  if (node.comment) lines.push(`comment: ${describeField("comment", node.comment)}`);
  if (node.color) lines.push(`color: ${describeField("color", node.color)}`);
  const tags = node.tags.filter((t) => t !== "svc");
  if (tags.length) lines.push(`tags: ${tags.join(", ")}`);
  if (node.text !== undefined && node.text !== "") lines.push(`text: ${describeField("text", node.text)}`);
  for (const page of node.customPages ?? [])
    for (const par of page.pars) lines.push(`control ${describeControl(par)} (page "${page.name}")`);
  return lines;
}
