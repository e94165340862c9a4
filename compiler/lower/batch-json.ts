/**
 * The bridge's `/api/batch` request for a batch of operations (schema in bridge/README.md). Pure:
 * the runtime sends the body and, when the bridge reports `index` of a failed operation, finds the
 * operations (and so the source lines) it came from in `sources[index]`.
 *
 * Consecutive parameter constants for one operator become one `update`, consecutive comment,
 * colour and tag changes one `set_meta`. A custom page becomes `add_custom_page` plus one
 * `add_custom_par` per parameter. The bridge has no export mode, so an export becomes an
 * expression reading the channel (`op('/path/lfo1')['chan1']`): the parameter follows the channel
 * all the same, but TouchDesigner shows it as an expression.
 */
import type { Batch } from "./batch.js";
import type { ConstantValue, Operation } from "./operations.js";

export type BridgeOperation = { action: string } & Record<string, unknown>;

export interface BatchRequest {
  body: { operations: BridgeOperation[] };
  /** For each bridge operation, the IR operations it carries out. */
  sources: Operation[][];
}

function pythonString(s: string): string {
  return `'${s.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** How an export is applied: an expression reading the channel (the bridge has no export mode). */
export function exportExpression(chop: string, channel: string): string {
  return `op(${pythonString(chop)})[${pythonString(channel)}]`;
}

/** The bridge operations for one IR operation (several for a custom page). */
function translate(op: Operation): BridgeOperation[] {
  switch (op.kind) {
    case "create":
      return [{ action: "create", parent_path: op.parent, type: op.type, name: op.name, tags: op.tags }];
    case "set-param":
      return [{ action: "update", path: op.path, parameters: { [op.param]: op.value } }];
    case "set-expression":
      return [{ action: "set_mode", path: op.path, param: op.param, mode: "expression", expr: op.expression }];
    case "set-bind":
      return [{ action: "set_mode", path: op.path, param: op.param, mode: "bind", expr: op.expression }];
    case "set-export":
      return [
        {
          action: "set_mode",
          path: op.path,
          param: op.param,
          mode: "expression",
          expr: exportExpression(op.chop, op.channel),
        },
      ];
    case "set-text":
      return [{ action: "set_text", path: op.path, text: op.text }];
    case "connect":
      return [
        {
          action: "connect",
          source_path: op.path,
          source_output: op.fromIndex,
          target_path: op.to,
          target_input: op.toIndex,
        },
      ];
    case "set-flags":
      return [{ action: "set_flags", path: op.path, flags: { ...op.flags } }];
    case "add-custom-page":
      return [
        { action: "add_custom_page", path: op.path, page: op.page },
        ...op.params.map((p) => {
          const par: BridgeOperation = {
            action: "add_custom_par",
            path: op.path,
            page: op.page,
            name: p.name,
            style: p.style,
            label: p.label,
          };
          if (p.default !== undefined) par.default = p.default;
          if (p.min !== undefined) par.min = p.min;
          if (p.max !== undefined) par.max = p.max;
          if (p.clamp === true) {
            if (p.min !== undefined) par.clamp_min = true;
            if (p.max !== undefined) par.clamp_max = true;
          }
          if (p.menuNames !== undefined) par.menu_names = p.menuNames;
          if (p.menuLabels !== undefined) par.menu_labels = p.menuLabels;
          if (p.help !== undefined) par.help = p.help;
          return par;
        }),
      ];
    case "set-position":
      return [{ action: "set_position", path: op.path, node_x: op.x, node_y: op.y }];
    case "set-comment":
      return [{ action: "set_meta", path: op.path, comment: op.comment }];
    case "set-color":
      return [{ action: "set_meta", path: op.path, color: op.color }];
    case "set-tags":
      return [{ action: "set_meta", path: op.path, tags: op.tags }];
    case "store-metadata":
      return [{ action: "store", path: op.path, key: op.key, value: op.value }];
  }
}

/** Folds `next` into `previous` when both write the same operator the same way. */
function merge(previous: BridgeOperation, next: BridgeOperation): boolean {
  if (previous.path !== next.path || previous.action !== next.action) return false;
  if (next.action === "update") {
    Object.assign(
      previous.parameters as Record<string, ConstantValue>,
      next.parameters as Record<string, ConstantValue>,
    );
    return true;
  }
  if (next.action === "set_meta") {
    const overlap = Object.keys(next).some((k) => k !== "action" && k !== "path" && k in previous);
    if (overlap) return false;
    Object.assign(previous, next);
    return true;
  }
  return false;
}

export function toBatchRequest(operations: readonly Operation[]): BatchRequest {
  const out: BridgeOperation[] = [];
  const sources: Operation[][] = [];
  for (const op of operations) {
    for (const bridgeOp of translate(op)) {
      const last = out[out.length - 1];
      if (last !== undefined && merge(last, bridgeOp)) {
        const from = sources[sources.length - 1]!;
        if (from[from.length - 1] !== op) from.push(op);
        continue;
      }
      out.push(bridgeOp);
      sources.push([op]);
    }
  }
  return { body: { operations: out }, sources };
}

/** One request per batch, in order. */
export function toBatchRequests(batches: readonly Batch[]): BatchRequest[] {
  return batches.map((b) => toBatchRequest(b.operations));
}
