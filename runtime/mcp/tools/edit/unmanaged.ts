/**
 * Changes to a node svc did not build, made only when a call says `allow_unmanaged: true`. They do
 * not go through a plan (svc manages none of that node, so there is nothing to reconcile): the
 * change is sent as one atomic bridge request, so it is one undo step in TouchDesigner, and each
 * value is read before and after and returned, so the reply says exactly what was changed.
 */
import { type BridgeClient, encodePath } from "../../../engine/index.js";
import { resolveTuplet } from "../../../../kb/index.js";
import { success, type ToolOutcome } from "../result.js";
import type { RunResult } from "./apply-edit.js";
import type { Edit } from "./edits.js";
import { parentOf } from "./live-network.js";
import { EditRefusal } from "./refusal.js";
import type { ParamInput } from "./param-values.js";

interface UnmanagedChange {
  path: string;
  /** A parameter name, `text`, `bypass` or `input N`. */
  what: string;
  before: unknown;
  after: unknown;
}

interface NodeDetail {
  path: string;
  type: string;
  tags: string[];
  flags: Record<string, boolean>;
  inputs: Array<{ source: string; source_output: number; target_input: number }>;
}

type BridgeOp = Record<string, unknown>;

/** The node an edit changes, for the unmanaged check: a wire belongs to the node it feeds. */
export function targetOf(edit: Edit): string | undefined {
  switch (edit.op) {
    case "connect":
    case "disconnect":
      return edit.to;
    case "set_parameter":
    case "reset_parameter":
    case "set_dat_content":
    case "bypass":
      return edit.path;
    case "create_node":
      return edit.name === undefined ? undefined : `${edit.parent === "/" ? "" : edit.parent}/${edit.name}`;
    default:
      return undefined;
  }
}

/**
 * create_td_node naming an operator the artist built, of the same type: reused as it is (spec 4.4)
 * rather than refused or renamed. It stays the artist's, so parameters are not set on it here.
 */
export function reuseArtistNode(
  edit: Extract<Edit, { op: "create_node" }>,
  node: NodeDetail,
): ToolOutcome<RunResult> | undefined {
  if (node.type !== edit.type) return undefined;
  if (Object.keys(edit.parameters ?? {}).length > 0) {
    throw new EditRefusal(
      "not-owned",
      `${node.path} already exists, a ${node.type} the artist built; it is reused as it is, and svc sets no parameters on it. Set them with set_parameter and allow_unmanaged: true, or choose another name for a node of svc's own`,
      { path: node.path, flag: "allow_unmanaged" },
    );
  }
  const data: RunResult = {
    root: parentOf(node.path),
    changed: false,
    summary: { add: 0, change: 0, destroy: 0 },
    nodes: [node.path],
    errors: 0,
    warnings: 0,
    issues: [],
    steps: [`reused ${node.path} (${node.type}, the artist's)`],
    path: node.path,
    reused: true,
  };
  return success(data, `reused ${node.path}: a ${node.type} the artist built, left as it is (svc does not manage it)`);
}

export async function readNode(client: BridgeClient, path: string): Promise<NodeDetail> {
  return client.get<NodeDetail>(`/api/nodes/${encodePath(path)}`);
}

const COLOUR = /^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;

function colourParts(hex: string): number[] {
  const h = hex.slice(1);
  return Array.from(
    { length: h.length / 2 },
    (_, i) => Math.round((parseInt(h.slice(i * 2, i * 2 + 2), 16) / 255) * 1e6) / 1e6,
  );
}

/** Parameter name → value (constant) or expression, one bridge operation each. */
function paramOps(path: string, type: string, name: string, value: ParamInput): BridgeOp[] {
  if (typeof value === "object" && !Array.isArray(value)) {
    if ("expression" in value) {
      if (/[\r\n]/.test(value.expression))
        throw new EditRefusal("invalid-value", `parameter '${name}': an expression is one line of Python`);
      return [{ action: "set_mode", path, param: name, mode: "expression", expr: value.expression.trim() }];
    }
    throw new EditRefusal(
      "unmanaged-bind",
      `a bind or export on a node svc did not build is not offered: svc checks those against a network it manages. Use an expression (op('lfo1')['chan1'] for a channel) instead`,
      { path },
    );
  }
  const tuplet = resolveTuplet(type, name);
  const parts = Array.isArray(value)
    ? value
    : typeof value === "string" && COLOUR.test(value) && tuplet && tuplet.index === null
      ? colourParts(value)
      : undefined;
  if (parts !== undefined) {
    if (tuplet === undefined || tuplet.index !== null)
      throw new EditRefusal("invalid-value", `parameter '${name}' of a ${type} is not a tuplet; give one value`);
    if (parts.length > tuplet.components.length)
      throw new EditRefusal(
        "invalid-value",
        `${name} has ${tuplet.components.length} parts (${tuplet.components.join(", ")}), not ${parts.length}`,
      );
    return parts.map((v, i) => ({
      action: "set_mode",
      path,
      param: tuplet.components[i]!,
      mode: "constant",
      value: v,
    }));
  }
  if (tuplet !== undefined && tuplet.index === null) {
    return tuplet.components.map((c) => ({ action: "set_mode", path, param: c, mode: "constant", value }));
  }
  return [{ action: "set_mode", path, param: name, mode: "constant", value }];
}

function resetOps(path: string, type: string, name: string): BridgeOp[] {
  const tuplet = resolveTuplet(type, name);
  const names = tuplet !== undefined && tuplet.index === null ? tuplet.components : [name];
  return names.map((param) => ({ action: "reset_param", path, param }));
}

function operationsFor(edit: Edit, node: NodeDetail): BridgeOp[] {
  switch (edit.op) {
    case "set_parameter":
      return paramOps(node.path, node.type, edit.parameter, edit.value);
    case "reset_parameter":
      return resetOps(node.path, node.type, edit.parameter);
    case "set_dat_content":
      if (!node.type.endsWith("DAT"))
        throw new EditRefusal("not-a-dat", `${node.path} is a ${node.type}; only DATs hold text`);
      return [{ action: "set_text", path: node.path, text: edit.text }];
    case "bypass":
      return [{ action: "set_flags", path: node.path, flags: { bypass: edit.on } }];
    case "connect":
      if (parentOf(edit.from) !== parentOf(edit.to))
        throw new EditRefusal(
          "not-siblings",
          `${edit.from} and ${edit.to} are in different networks; wires join nodes of one network`,
        );
      return [
        {
          action: "connect",
          source_path: edit.from,
          target_path: edit.to,
          source_output: edit.from_output ?? 0,
          target_input: edit.to_input ?? 0,
        },
      ];
    case "disconnect":
      return [
        {
          action: "disconnect",
          to_path: edit.to,
          ...(edit.from === undefined ? {} : { from_path: edit.from }),
          ...(edit.to_input === undefined ? {} : { to_input: edit.to_input }),
        },
      ];
    default:
      throw new EditRefusal(
        "not-owned",
        `${node.path} was not built by svc, and ${edit.op} is never done to such a node`,
        { path: node.path },
      );
  }
}

interface Observed {
  params: Record<string, { value: unknown; mode?: string; expr?: string }>;
  text?: string;
  bypass: boolean;
  inputs: string[];
}

const CLIP = 200;
const clip = (t: string) => (t.length > CLIP ? `${t.slice(0, CLIP)}… (${t.length} characters)` : t);

async function observe(client: BridgeClient, path: string, params: string[], withText: boolean): Promise<Observed> {
  const node = await readNode(client, path);
  const out: Observed = {
    params: {},
    bypass: node.flags.bypass === true,
    inputs: node.inputs.map((w) => `${w.source}[${w.source_output}] -> input ${w.target_input}`),
  };
  if (params.length > 0) {
    const r = await client.get<{ params: Array<{ name: string; value: unknown; mode?: string; expr?: string }> }>(
      `/api/nodes/${encodePath(path)}/params`,
      { keys: params.join(","), modes: true },
    );
    for (const p of r.params)
      out.params[p.name] =
        p.mode === "expression" ? { value: p.value, mode: p.mode, expr: p.expr } : { value: p.value };
  }
  if (withText) out.text = (await client.get<{ text: string }>(`/api/nodes/${encodePath(path)}/text`)).text;
  return out;
}

function differences(path: string, before: Observed, after: Observed): UnmanagedChange[] {
  const out: UnmanagedChange[] = [];
  for (const [name, b] of Object.entries(before.params)) {
    const a = after.params[name];
    if (JSON.stringify(a) !== JSON.stringify(b))
      out.push({
        path,
        what: name,
        before: b.mode ? `= ${b.expr}` : b.value,
        after: a?.mode ? `= ${a.expr}` : a?.value,
      });
  }
  if (before.text !== undefined && before.text !== after.text)
    out.push({ path, what: "text", before: clip(before.text), after: clip(after.text ?? "") });
  if (before.bypass !== after.bypass) out.push({ path, what: "bypass", before: before.bypass, after: after.bypass });
  if (JSON.stringify(before.inputs) !== JSON.stringify(after.inputs))
    out.push({ path, what: "inputs", before: before.inputs, after: after.inputs });
  return out;
}

const show = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

/** Applies one edit to a node svc did not build, as one undo step, and says what changed. */
export async function editUnmanaged(
  client: BridgeClient,
  edit: Edit,
  node: NodeDetail,
): Promise<ToolOutcome<RunResult>> {
  const ops = operationsFor(edit, node);
  const params = [...new Set(ops.filter((o) => typeof o.param === "string").map((o) => o.param as string))];
  const withText = edit.op === "set_dat_content";
  const before = await observe(client, node.path, params, withText);
  const sent = await client.post<{ undo_label?: string }>("/api/batch", { operations: ops });
  const after = await observe(client, node.path, params, withText);
  const changes = differences(node.path, before, after);
  const errors = await client.get<{ errors: string[]; warnings: string[] }>(
    `/api/nodes/${encodePath(node.path)}/errors`,
  );
  const issues = [
    ...errors.errors.map((e) => `error: ${node.path}: ${e}`),
    ...errors.warnings.map((w) => `warning: ${node.path}: ${w}`),
  ];
  const lines =
    changes.length === 0
      ? [`no change: ${node.path} already was as asked`]
      : changes.map(
          (c) =>
            `~ ${c.path} ${c.what}: ${show(c.before)} -> ${show(c.after)} (not svc's node; changed because allow_unmanaged was given)`,
        );
  const data: RunResult = {
    root: parentOf(node.path),
    changed: changes.length > 0,
    summary: { add: 0, change: changes.length > 0 ? 1 : 0, destroy: 0 },
    nodes: [node.path],
    errors: errors.errors.length,
    warnings: errors.warnings.length,
    issues,
    steps: lines,
    unmanaged: changes,
    // The bridge names the undo step only when the request made exactly one.
    ...(sent.undo_label === undefined ? {} : { undoStep: sent.undo_label }),
  };
  return success(data, [...lines, "One undo step in TouchDesigner (Ctrl+Z) puts it back.", ...issues].join("\n"));
}
