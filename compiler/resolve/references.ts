/**
 * Ties the names values mention to nodes, once the whole tree exists: operator paths, bare names
 * that may be siblings, binds (to a control of an enclosing COMP or a parameter of an operator),
 * exports and the `op('...')` calls of expressions.
 */
import { basename } from "node:path";
import { diagnostic, type Diagnostic, type DiagnosticExtras } from "../../diagnostics/index.js";
import {
  CONTROL_SUFFIXES,
  walkComponents,
  type AnyNode,
  type ComponentModel,
  type Origin,
  type ProgramModel,
  type Value,
} from "../model.js";
import { closestNames, didYouMean } from "../util/closest.js";
import { expressionRange } from "../util/expression-range.js";
import { lookupPath, type PathLookup } from "./paths.js";

/** Where a diagnostic about a value goes, with a note when the value came through a recipe. */
export function at(origin: Origin, extras: DiagnosticExtras = {}): DiagnosticExtras {
  const help = [...(extras.help ?? [])];
  // The file's own name is enough to find the use and keeps machine-specific folders out of messages.
  if (origin.via !== undefined)
    help.push(`in the recipe used at ${basename(origin.via.file)}:${origin.via.range.start.line}`);
  return { ...extras, file: origin.file, help };
}

/** Node names one at a time: closestNames stops early, so a huge network is not copied per lookup. */
function* namesOf(nodes: readonly { name: string }[]): Generator<string> {
  for (const n of nodes) yield n.name;
}

function missingHelp(lookup: Extract<PathLookup, { kind: "missing" }>, path: string): string[] {
  const segment = path.split("/")[lookup.segment] ?? path;
  return didYouMean(closestNames(segment, namesOf(lookup.within.body.nodes)));
}

/** The COMPs whose controls a value read in `scope` can bind to, nearest first. */
function* controlOwners(scope: ComponentModel): Generator<ComponentModel> {
  for (let c: ComponentModel | undefined = scope; c !== undefined; c = c.parent) yield c;
}

/**
 * Where a path is read from. A path starting with `.` starts at the operator whose parameter holds
 * it: a COMP's `op('./child')` (an expression's `me.op`, Internal OP parameters such as
 * `./iparEffect`) is inside that COMP, as TouchDesigner and tdsim resolve it; other paths are read
 * in the network the operator sits in.
 */
function ownScope(path: string, node: AnyNode, scope: ComponentModel): ComponentModel {
  const own = path === "." || path.startsWith("./");
  return own && node.body !== undefined && scope !== node ? (node as ComponentModel) : scope;
}

export class ReferenceResolver {
  constructor(
    private readonly program: ProgramModel,
    private readonly diagnostics: Diagnostic[],
  ) {}

  resolveAll(): void {
    for (const network of this.program.networks) {
      for (const comp of walkComponents(network.root)) {
        for (const node of comp.body.nodes)
          for (const p of node.params) this.resolveValue(p.value, node, p.value.scope ?? node.parent);
        // A control's default is read from inside its COMP (TouchDesigner evaluates it there).
        for (const page of comp.customPages)
          for (const c of page.params) if (c.default !== undefined) this.resolveValue(c.default, comp, comp);
      }
    }
  }

  private resolveValue(v: Value, node: AnyNode, scope: ComponentModel): void {
    switch (v.kind) {
      case "tuple":
        for (const item of v.items) this.resolveValue(item, node, item.scope ?? scope);
        return;
      case "name": {
        const sibling = scope.body.nodes.find((n) => n.name === v.name);
        if (sibling !== undefined) v.target = sibling;
        return;
      }
      case "op-ref": {
        const found = lookupPath(this.program, ownScope(v.path, node, scope), v.path);
        if (found.kind === "found") v.target = found.node;
        else if (found.kind === "missing") this.reportMissing(v.path, node, v.origin, found);
        return;
      }
      case "export": {
        const found = lookupPath(this.program, scope, v.operator);
        if (found.kind === "found") v.target = found.node;
        else if (found.kind === "missing") this.reportMissing(v.operator, node, v.origin, found);
        return;
      }
      case "bind":
        return this.resolveBind(v, node, scope);
      case "expression":
        for (const ref of v.refs) {
          const found = lookupPath(this.program, ownScope(ref.path, node, scope), ref.path);
          if (found.kind === "found") ref.target = found.node;
          else if (found.kind === "missing") {
            const range = expressionRange(this.program.sources, v, ref.offset, ref.offset + ref.path.length);
            this.diagnostics.push(
              diagnostic(
                "expression-unknown-operator",
                range,
                { path: ref.path, node: node.name },
                at(v.origin, { help: missingHelp(found, ref.path) }),
              ),
            );
          }
        }
        return;
      default:
        return;
    }
  }

  private resolveBind(v: Extract<Value, { kind: "bind" }>, node: AnyNode, scope: ComponentModel): void {
    if (v.operator !== undefined) {
      const found = lookupPath(this.program, scope, v.operator);
      if (found.kind === "found") v.owner = found.node;
      else if (found.kind === "missing") this.reportMissing(v.operator, node, v.origin, found);
      return;
    }
    const visible: string[] = [];
    for (const comp of controlOwners(scope)) {
      for (const page of comp.customPages) {
        for (const control of page.params) {
          if (control.name === v.parameter) {
            v.owner = comp;
            v.control = control;
            return;
          }
          // One component of a multi-value control, by the name TouchDesigner gives it (`Tintr`).
          const components = (CONTROL_SUFFIXES[control.type] ?? []).map((s) => control.name + s);
          if (components.includes(v.parameter)) {
            v.owner = comp;
            v.control = control;
            v.controlComponent = v.parameter;
            return;
          }
          visible.push(control.name);
        }
      }
    }
    const close = closestNames(v.parameter, visible);
    this.diagnostics.push(
      diagnostic(
        "unknown-bind-control",
        v.origin.range,
        { name: v.parameter },
        at(v.origin, {
          help:
            visible.length > 0
              ? [...didYouMean(close), `controls in reach: ${visible.join(", ")}`]
              : ["declare it in a 'controls' block of this network or an enclosing one"],
          // The range covers the whole `bind Name`: the fix rewrites it.
          suggestions: close.slice(0, 1).map((c) => ({ title: `bind '${c}'`, replacement: `bind ${c}` })),
        }),
      ),
    );
  }

  private reportMissing(
    path: string,
    node: AnyNode,
    origin: Origin,
    found: Extract<PathLookup, { kind: "missing" }>,
  ): void {
    this.diagnostics.push(
      diagnostic(
        "unknown-operator-reference",
        origin.range,
        { path, node: node.name },
        at(origin, { help: missingHelp(found, path) }),
      ),
    );
  }
}
