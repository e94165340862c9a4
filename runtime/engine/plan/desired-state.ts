/**
 * The desired state of one network: what the compiler's operations would leave behind on an empty
 * project. Building it by replaying the operations keeps one definition of "what the source means".
 */
import type { Operation } from "../../../compiler/lower/operations.js";
import { exportExpression } from "../../../compiler/lower/batch-json.js";
import { rangeEntries } from "./live-state.js";
import { runInSlices, runToEnd, SLICE_MS } from "./slices.js";
import { OWNER_TAG, type CustomPageState, type JsonValue, type NetworkState, type NodeState } from "./network-state.js";

function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(root + "/");
}

/** The network roots the operations build (the COMPs created directly by a network declaration). */
export function networkRoots(operations: readonly Operation[]): string[] {
  const created = new Set(operations.filter((o) => o.kind === "create").map((o) => o.path));
  return [...created].filter((p) => !created.has(p.slice(0, p.lastIndexOf("/")))).sort();
}

export function desiredState(operations: readonly Operation[], root: string): NetworkState {
  return runToEnd(desiredStateSteps(operations, root));
}

/** The same, giving the event loop a turn every few milliseconds (an MCP server planning 10,000 nodes). */
export function desiredStateInSlices(
  operations: readonly Operation[],
  root: string,
  sliceMs = SLICE_MS,
): Promise<NetworkState> {
  return runInSlices(desiredStateSteps(operations, root), sliceMs);
}

/** Operations replayed between two chances to pause. */
const OPERATIONS_PER_STEP = 256;

function* desiredStateSteps(operations: readonly Operation[], root: string): Generator<void, NetworkState> {
  const nodes = new Map<string, NodeState>();
  const state: NetworkState = { root, nodes, wires: [] };
  const at = (path: string): NodeState => {
    const node = nodes.get(path);
    if (node === undefined) throw new Error(`operation on ${path} before it was created`);
    return node;
  };
  for (let i = 0; i < operations.length; i++) {
    if (i % OPERATIONS_PER_STEP === 0) yield;
    const op = operations[i]!;
    if (!isUnder(op.path, root)) continue;
    switch (op.kind) {
      case "create":
        nodes.set(op.path, {
          path: op.path,
          type: op.type,
          params: {},
          flags: {},
          tags: [...new Set([OWNER_TAG, ...op.tags])].sort(),
          source: { file: op.origin.file, range: op.origin.range },
          ...(op.renamedFrom === undefined ? {} : { renamedFrom: op.renamedFrom }),
        });
        break;
      case "set-param":
        at(op.path).params[op.param] = { mode: "constant", value: op.value };
        (at(op.path).paramSources ??= {})[op.param] = op.origin.range;
        break;
      case "set-expression":
        at(op.path).params[op.param] = { mode: "expression", expr: op.expression };
        (at(op.path).paramSources ??= {})[op.param] = op.origin.range;
        break;
      case "set-bind":
        at(op.path).params[op.param] = { mode: "bind", expr: op.expression };
        (at(op.path).paramSources ??= {})[op.param] = op.origin.range;
        break;
      case "set-export":
        // Applied as a channel reference expression (compiler/lower/batch-json.ts): live reads that back.
        at(op.path).params[op.param] = { mode: "expression", expr: exportExpression(op.chop, op.channel) };
        break;
      case "set-text":
        at(op.path).text = op.text;
        at(op.path).textSource = {
          file: op.origin.file,
          offset: op.origin.range.start.offset,
          ...(op.textFile === undefined ? {} : { textFile: op.textFile }),
        };
        break;
      case "connect":
        state.wires.push({ from: op.path, fromOutput: op.fromIndex, to: op.to, toInput: op.toIndex });
        break;
      case "set-flags":
        for (const [flag, on] of Object.entries(op.flags)) if (on !== undefined) at(op.path).flags[flag] = on;
        break;
      case "add-custom-page": {
        const node = at(op.path);
        const page: CustomPageState = {
          name: op.page,
          pars: op.params.map((p) => ({
            name: p.name,
            style: p.style,
            label: p.label,
            ...(p.help ? { help: p.help } : {}),
            ...(p.default === undefined ? {} : { default: p.default as JsonValue }),
            ...rangeEntries(p.min, p.max),
            ...(p.menuNames === undefined ? {} : { menuNames: p.menuNames }),
            // Labels equal to the names are what TouchDesigner shows anyway: compared only when they differ.
            ...(p.menuLabels !== undefined && p.menuLabels.some((l, i) => l !== p.menuNames?.[i])
              ? { menuLabels: p.menuLabels }
              : {}),
            ...(p.clamp === true ? { clamp: true } : {}),
          })),
        };
        node.customPages = [...(node.customPages ?? []), page];
        break;
      }
      case "set-position":
        // TouchDesigner keeps whole-unit positions.
        at(op.path).position = { x: Math.round(op.x), y: Math.round(op.y) };
        break;
      case "set-comment":
        at(op.path).comment = op.comment;
        break;
      case "set-color":
        at(op.path).color = op.color;
        break;
      case "set-tags":
        at(op.path).tags = [...op.tags].sort();
        break;
      case "store-metadata":
        break;
    }
  }
  return state;
}
