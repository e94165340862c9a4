/**
 * TDN operator objects (and their `children`, recursively) as nodes of the network state. Each
 * field of the specification's operator object is read here; one with no `.svcnet` meaning (a
 * size, a dock, storage, COMP connectors, annotations, a palette clone's palette content, a .tox)
 * is reported with `tdn-no-meaning` at its field, never dropped quietly.
 */
import { closestOperators, getOperatorByType, type Operator } from "../../kb/index.js";
import { didYouMean } from "../../compiler/util/closest.js";
import { type NodeState, OWNER_TAG } from "../engine/index.js";
import { isObject, kindOf, type TdnObject, type TdnValue } from "./document.js";
import { IDENTIFIER, where, type FieldPath, type FileContext } from "./context.js";
import { mergeCustomPages, noteStubDifferences, readCustomPars } from "./custom-pars.js";
import { readParameters, readSequences } from "./parameters.js";
import { readDatContent } from "./dat-content.js";
import { readColour, readFlags } from "./node-fields.js";

/** Operators in one file, and COMP levels deep: beyond, the file is refused rather than the stack. */
const MAX_OPERATORS = 20_000;
const MAX_DEPTH = 64;

const OPERATOR_FIELDS = new Set([
  "name",
  "type",
  "position",
  "size",
  "color",
  "comment",
  "tags",
  "dock",
  "parameters",
  "custom_pars",
  "flags",
  "storage",
  "startup_storage",
  "inputs",
  "comp_inputs",
  "dat_content",
  "dat_content_format",
  "dat_read_only",
  "children",
  "annotations",
  "palette_clone",
  "sequences",
  "tdn_ref",
  "tox_ref",
]);

interface PendingInputs {
  node: NodeState;
  inputs: TdnValue;
  path: FieldPath;
}

/** `type_defaults[type]` under the operator's own fields: parameters merged, the rest replaced. */
function withTypeDefaults(def: TdnObject, ctx: FileContext): TdnObject {
  const defaults = ctx.typeDefaults[String(def.type)];
  if (defaults === undefined) return def;
  const merged: TdnObject = { ...def };
  for (const key of ["flags", "size", "color", "tags"] as const)
    if (merged[key] === undefined && defaults[key] !== undefined) merged[key] = defaults[key]!;
  if (isObject(defaults.parameters))
    merged.parameters = { ...defaults.parameters, ...(isObject(def.parameters) ? def.parameters : {}) };
  return merged;
}

function isEmpty(v: TdnValue | undefined): boolean {
  return (
    v === undefined ||
    v === null ||
    (Array.isArray(v) && v.length === 0) ||
    (isObject(v) && Object.keys(v).length === 0)
  );
}

function readStringList(v: TdnValue, path: FieldPath, ctx: FileContext): string[] {
  if (Array.isArray(v) && v.every((t) => typeof t === "string")) return v as string[];
  ctx.report.add("tdn-field-type", where(ctx, path), { expected: "a list of strings", actual: kindOf(v) });
  return [];
}

function readPosition(node: NodeState, v: TdnValue | undefined, path: FieldPath, ctx: FileContext): void {
  if (v === undefined) {
    ctx.build.positions.set(node.path, { x: 0, y: 0 });
    return;
  }
  if (Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === "number")) {
    ctx.build.positions.set(node.path, { x: v[0] as number, y: v[1] as number });
    return;
  }
  ctx.report.add("tdn-field-type", where(ctx, path), { expected: "[x, y]", actual: kindOf(v) });
}

function readOperator(
  def: TdnObject,
  op: Operator,
  node: NodeState,
  path: FieldPath,
  depth: number,
  ctx: FileContext,
  pending: PendingInputs[],
): void {
  const at = (key: string) => [...path, key];
  const isComp = op.family === "COMP";
  readPosition(node, def.position, at("position"), ctx);
  for (const [key, value] of Object.entries(def)) {
    const here = at(key);
    switch (key) {
      case "name":
      case "type":
      case "position":
      case "dat_content_format":
        break;
      case "color":
        readColour(node, value, here, ctx);
        break;
      case "comment":
        if (typeof value === "string") {
          if (value !== "") node.comment = value;
        } else ctx.report.add("tdn-field-type", where(ctx, here), { expected: "a string", actual: kindOf(value) });
        break;
      case "tags":
        node.tags = [...new Set([...node.tags, ...readStringList(value, here, ctx)])].sort();
        break;
      case "flags":
        readFlags(node, value, here, ctx);
        break;
      case "parameters":
        readParameters(node, op, value, here, ctx);
        break;
      case "sequences":
        readSequences(node, op, value, here, ctx);
        break;
      case "custom_pars":
        if (!isComp)
          ctx.report.add("tdn-no-meaning", where(ctx, here), {
            what: `custom parameters on a ${op.type} (only COMPs have them)`,
          });
        else if (def.tdn_ref !== undefined) {
          // A tdn_ref stub repeats the referenced COMP's controls: one COMP, the referenced file's wins.
          const merged = mergeCustomPages(readCustomPars(value, here, ctx), node.customPages ?? []);
          node.customPages = merged.pages;
          noteStubDifferences(merged.differing, here, ctx);
        } else node.customPages = [...(node.customPages ?? []), ...readCustomPars(value, here, ctx)];
        break;
      case "inputs":
        pending.push({ node, inputs: value, path: here });
        break;
      case "dat_content":
        readDatContent(node, op, def, path, ctx);
        break;
      case "dat_read_only":
        if (value === true)
          ctx.report.add("tdn-normalised", where(ctx, here), {
            what: "the DAT's content is made by TouchDesigner (read-only): nothing to restore",
          });
        break;
      case "children":
        if (!isComp) ctx.report.add("tdn-no-meaning", where(ctx, here), { what: `children of a ${op.type}` });
        else if (def.tdn_ref !== undefined)
          ctx.report.add("tdn-ref", where(ctx, here), {
            problem: "children and tdn_ref together (the specification makes them exclusive)",
          });
        else readOperatorList(value, here, node.path, depth + 1, ctx);
        break;
      case "tdn_ref":
        if (typeof value !== "string")
          ctx.report.add("tdn-field-type", where(ctx, here), {
            expected: "a relative file path",
            actual: kindOf(value),
          });
        else if (!isComp) ctx.report.add("tdn-no-meaning", where(ctx, here), { what: `a tdn_ref on a ${op.type}` });
        else ctx.loadRef(value, node.path, where(ctx, here), ctx);
        break;
      case "tox_ref":
        ctx.report.add("tdn-no-meaning", where(ctx, here), {
          what: `the .tox '${String(value)}' (a binary component: svc builds the ${op.type} without its content)`,
        });
        break;
      case "palette_clone":
        if (value === true)
          ctx.report.add("tdn-no-meaning", where(ctx, here), {
            what: `a palette clone (svc builds an empty ${op.type}; TouchDesigner's palette content is not recreated)`,
          });
        break;
      case "size":
        if (!(Array.isArray(value) && value[0] === 200 && value[1] === 100))
          ctx.report.add("tdn-no-meaning", where(ctx, here), {
            what: "a node size (tiles are laid out at their default size)",
          });
        break;
      case "dock":
        ctx.report.add("tdn-no-meaning", where(ctx, here), { what: `docking to '${String(value)}'` });
        break;
      case "storage":
      case "startup_storage":
        if (!isEmpty(value))
          ctx.report.add("tdn-no-meaning", where(ctx, here), {
            what: `operator ${key.replace("_", " ")} (${Object.keys(isObject(value) ? value : {}).join(", ")})`,
          });
        break;
      case "comp_inputs":
        if (!isEmpty(value))
          ctx.report.add("tdn-no-meaning", where(ctx, here), { what: "COMP connectors (top/bottom connections)" });
        break;
      case "annotations":
        if (!isEmpty(value))
          ctx.report.add("tdn-no-meaning", where(ctx, here), { what: "annotations (comments, network boxes)" });
        break;
      default:
        if (!OPERATOR_FIELDS.has(key)) ctx.report.add("tdn-unknown-field", where(ctx, here));
    }
  }
}

function connect(level: string, names: ReadonlySet<string>, p: PendingInputs, ctx: FileContext): void {
  if (!Array.isArray(p.inputs)) {
    ctx.report.add("tdn-field-type", where(ctx, p.path), {
      expected: "a list of source names",
      actual: kindOf(p.inputs),
    });
    return;
  }
  p.inputs.forEach((source, i) => {
    if (source === null) return;
    let name = typeof source === "string" ? source : undefined;
    // A full path that is a sibling of this level is the same wire.
    if (name !== undefined && name.includes("/") && ctx.networkPath !== undefined) {
      const levelTdPath = ctx.networkPath.replace(/\/$/, "") + level.slice(ctx.build.state.root.length);
      if (name.startsWith(levelTdPath + "/") && !name.slice(levelTdPath.length + 1).includes("/"))
        name = name.slice(levelTdPath.length + 1);
    }
    if (name === undefined || !names.has(name)) {
      ctx.report.add(
        "tdn-unknown-input",
        where(ctx, [...p.path, i]),
        { source: String(source), node: p.node.path.slice(level.length + 1) },
        {
          help: ["a .svcnet wire joins operators of one network"],
        },
      );
      return;
    }
    ctx.build.state.wires.push({ from: `${level}/${name}`, fromOutput: 0, to: p.node.path, toInput: i });
  });
}

/** Reads an `operators` or `children` list into the level (a COMP path) and wires its inputs. */
export function readOperatorList(
  list: TdnValue,
  path: FieldPath,
  level: string,
  depth: number,
  ctx: FileContext,
): void {
  if (!Array.isArray(list)) {
    ctx.report.add("tdn-field-type", where(ctx, path), { expected: "a list of operators", actual: kindOf(list) });
    return;
  }
  if (depth > MAX_DEPTH) {
    ctx.report.add("tdn-invalid-document", where(ctx, path), {
      problem: `COMPs are nested more than ${MAX_DEPTH} deep`,
    });
    return;
  }
  const names = new Set<string>();
  const pending: PendingInputs[] = [];
  list.forEach((raw, i) => {
    const path_i = [...path, i];
    if (!isObject(raw)) {
      ctx.report.add("tdn-field-type", where(ctx, path_i), {
        expected: "an operator (a mapping)",
        actual: kindOf(raw),
      });
      return;
    }
    if (typeof raw.name !== "string" || typeof raw.type !== "string") {
      ctx.report.add("tdn-missing-field", where(ctx, path_i), {
        field: typeof raw.name !== "string" ? "name" : "type",
      });
      return;
    }
    if (ctx.build.state.nodes.size >= MAX_OPERATORS) {
      ctx.report.add("tdn-invalid-document", where(ctx, path_i), { problem: `more than ${MAX_OPERATORS} operators` });
      return;
    }
    if (!IDENTIFIER.test(raw.name)) {
      ctx.report.add(
        "tdn-invalid-name",
        where(ctx, [...path_i, "name"]),
        { name: raw.name },
        { help: ["a name is letters, digits and _, not starting with a digit"] },
      );
      return;
    }
    if (names.has(raw.name)) {
      ctx.report.add("tdn-duplicate-name", where(ctx, [...path_i, "name"]), { name: raw.name });
      return;
    }
    const op = getOperatorByType(raw.type);
    if (op === undefined) {
      ctx.report.add(
        "tdn-unknown-operator-type",
        where(ctx, [...path_i, "type"]),
        { type: raw.type },
        { help: didYouMean(closestOperators(raw.type).map((m) => m.type)) },
      );
      return;
    }
    if (op.type === "annotateCOMP") {
      ctx.report.add("tdn-no-meaning", where(ctx, path_i), { what: "an annotation operator" });
      return;
    }
    names.add(raw.name);
    const node: NodeState = { path: `${level}/${raw.name}`, type: op.type, params: {}, flags: {}, tags: [OWNER_TAG] };
    ctx.build.state.nodes.set(node.path, node);
    readOperator(withTypeDefaults(raw, ctx), op, node, path_i, depth, ctx, pending);
  });
  for (const p of pending) connect(level, names, p, ctx);
}
