/**
 * What each node's parameters end up holding, from every field that sets one: `nodes[].parameters`
 * (constants), `controls[]`, `parameters[]` and `glsl_uniforms[]` (binds and expressions),
 * `glsl_code`/`python_code` (DAT references and text). A driver (bind, expression) replaces a
 * constant of the same parameter — the constant was the value before the recipe exposed it — while
 * two drivers of one parameter are an error: the JSON would be ambiguous.
 */
import type * as A from "../../../grammar/ast.js";
import { resolveTuplet } from "../../../kb/index.js";
import type { NodeEntry } from "./node-table.js";
import type { Report, Where } from "./report.js";

type Driver = "constant" | "bind" | "expression" | "reference" | "text";

export interface Assignment {
  /** The parameter as written in the .svcnet (scalar or tuplet name, or `text` for a DAT's contents). */
  param: string;
  value: A.Value;
  driver: Driver;
  /** The JSON field it comes from. */
  at: Where;
}

export class Assignments {
  private readonly byNode = new Map<NodeEntry, Assignment[]>();

  constructor(private readonly report: Report) {}

  /** The scalar parameters a name covers: a tuplet's components, or the name itself. */
  private scalars(node: NodeEntry, param: string): string[] {
    const t = resolveTuplet(node.operator, param);
    if (t === undefined) return [param];
    return t.index === null ? t.components : [t.components[t.index]!];
  }

  set(node: NodeEntry, a: Assignment): void {
    const list = this.byNode.get(node) ?? [];
    this.byNode.set(node, list);
    const mine = new Set(this.scalars(node, a.param));
    const overlapping = list.filter((b) => this.scalars(node, b.param).some((s) => mine.has(s)));
    if (a.driver === "constant") {
      // A constant never overrides a driver: the driver is the newer, more specific intent.
      if (overlapping.some((b) => b.driver !== "constant")) return;
    } else {
      const driver = overlapping.find((b) => b.driver !== "constant");
      if (driver !== undefined) {
        this.report.add("import-parameter-driven-twice", a.at, {
          target: `${node.spec.name.value}.${a.param}`,
          other: driver.at.path,
        });
        return;
      }
      for (const b of overlapping) this.dropScalars(node, list, b, mine);
    }
    list.push(a);
  }

  /** Removes the driven scalars from a constant; a tuplet constant keeps its other components. */
  private dropScalars(node: NodeEntry, list: Assignment[], constant: Assignment, driven: Set<string>): void {
    list.splice(list.indexOf(constant), 1);
    const scalars = this.scalars(node, constant.param);
    if (scalars.length < 2 || constant.value.kind !== "Tuple" || constant.value.items.length !== scalars.length) return;
    constant.value.items.forEach((item, i) => {
      const name = scalars[i]!;
      if (!driven.has(name)) list.push({ ...constant, param: name, value: item });
    });
  }

  /** The value a node's parameter got, if any (a control's default comes from it). */
  get(node: NodeEntry, param: string): Assignment | undefined {
    return this.byNode.get(node)?.find((a) => a.param === param);
  }

  of(node: NodeEntry): readonly Assignment[] {
    return this.byNode.get(node) ?? [];
  }
}
