/**
 * The recipe's nodes by name: each checked against the knowledge base (operator type), given a
 * TouchDesigner-legal name, and placed in its network (`parent` makes a COMP contain it). Every
 * other part of the conversion looks nodes up here, so an unknown name is reported the same way
 * wherever it is written.
 */
import { closestOperators, getOperatorByType, type Operator } from "../../../kb/index.js";
import { legalOperatorName } from "../../../compiler/check/names.js";
import { closestNames, didYouMean } from "../../../compiler/util/closest.js";
import type { NodeSpec } from "./recipe-format.js";
import type { Located, Report, Where } from "./report.js";

export interface NodeEntry {
  spec: NodeSpec;
  /** The name in the .svcnet (the JSON name, made legal). */
  name: string;
  operator: Operator;
  /** The containing COMP's entry; undefined at the recipe's top level. */
  parent?: NodeEntry;
  /** Added by the conversion (not a JSON node): JSON references never name it. */
  generated?: true;
}

export class NodeTable {
  /** By JSON name; only nodes with a known operator type. */
  private readonly byName = new Map<string, NodeEntry>();
  /** Every JSON name written, known type or not, so a reference to a mistyped node is not reported twice. */
  private readonly declared = new Set<string>();
  /** Nodes the conversion added; JSON references cannot name them. */
  private readonly generated: NodeEntry[] = [];
  /** Names used in the .svcnet, JSON nodes and generated ones alike. */
  private readonly taken = new Set<string>();

  constructor(
    nodes: readonly NodeSpec[],
    private readonly report: Report,
  ) {
    const firstAt = new Map<string, NodeSpec>();
    for (const spec of nodes) {
      const prior = firstAt.get(spec.name.value);
      if (prior !== undefined) {
        report.add("import-duplicate-node", spec.name.at, { name: spec.name.value, other: prior.name.at.path });
        continue;
      }
      firstAt.set(spec.name.value, spec);
      this.declared.add(spec.name.value);
      const operator = this.operatorOf(spec.type);
      if (operator === undefined) continue;
      const name = this.legalName(spec.name);
      this.byName.set(spec.name.value, { spec, name, operator });
    }
    for (const entry of this.byName.values()) this.placeInParent(entry);
    this.rejectParentCycles();
  }

  private operatorOf(type: Located<string>): Operator | undefined {
    const op = getOperatorByType(type.value);
    if (op !== undefined) return op;
    const near = closestOperators(type.value, 3).map((m) => m.type);
    this.report.add(
      "import-unknown-operator-type",
      type.at,
      { type: type.value },
      {
        help: [...didYouMean(near), `'svc kb search <words>' finds operators by what they do`],
        ...(near[0] ? { suggestions: [{ title: `use '${near[0]}'`, replacement: JSON.stringify(near[0]) }] } : {}),
      },
    );
    return undefined;
  }

  /** TouchDesigner names are letters, digits and '_'; a JSON name like "Noise 1" is renamed, and said so. */
  private legalName(name: Located<string>): string {
    let legal = legalOperatorName(name.value);
    if (legal !== name.value) {
      legal = this.unique(legal);
      this.report.add("import-renamed", name.at, { from: name.value, what: "operator", to: legal });
    }
    this.taken.add(legal);
    return legal;
  }

  private unique(base: string): string {
    let name = base;
    for (let n = 2; this.taken.has(name); n++) name = `${base}${n}`;
    return name;
  }

  /**
   * A node the conversion adds (a DAT holding a node's code), in the same network as `beside`,
   * named `base` or `base2`, `base3`... when taken. `at` is the JSON field it stands for.
   */
  generate(base: string, type: string, beside: NodeEntry, at: Where): NodeEntry {
    const name = this.unique(legalOperatorName(base));
    this.taken.add(name);
    const operator = getOperatorByType(type);
    if (operator === undefined) throw new Error(`the knowledge base has no ${type}`);
    const spec: NodeSpec = { at, name: { value: name, at }, type: { value: type, at }, parameters: [] };
    const entry: NodeEntry = {
      spec,
      name,
      operator,
      generated: true,
      ...(beside.parent ? { parent: beside.parent } : {}),
    };
    this.generated.push(entry);
    return entry;
  }

  private placeInParent(entry: NodeEntry): void {
    const parent = entry.spec.parent;
    if (parent === undefined) return;
    const container = this.find(parent);
    if (container === undefined) return;
    if (container.operator.family !== "COMP") {
      this.report.add(
        "import-parent-not-comp",
        parent.at,
        { parent: parent.value, type: container.operator.type, name: entry.spec.name.value },
        {
          help: ["only a COMP (baseCOMP, containerCOMP, geometryCOMP, ...) holds a network of its own"],
        },
      );
      return;
    }
    entry.parent = container;
  }

  /** A node inside itself (directly or through others) has no network to live in. */
  private rejectParentCycles(): void {
    const reported = new Set<NodeEntry>();
    for (const entry of this.byName.values()) {
      const chain: NodeEntry[] = [];
      let at: NodeEntry | undefined = entry;
      while (at !== undefined && !chain.includes(at)) {
        chain.push(at);
        at = at.parent;
      }
      if (at === undefined || reported.has(at)) continue;
      const loop = chain.slice(chain.indexOf(at));
      for (const n of loop) reported.add(n);
      this.report.add("import-parent-cycle", at.spec.parent!.at, {
        chain: [...loop, at].map((n) => n.spec.name.value).join(" -> "),
      });
      for (const n of loop) delete n.parent;
    }
  }

  /** The node a reference names, or a diagnostic at the reference (none when the node exists with a bad type). */
  find(ref: Located<string>): NodeEntry | undefined {
    const hit = this.byName.get(ref.value);
    if (hit !== undefined) return hit;
    if (!this.declared.has(ref.value)) {
      this.report.add(
        "import-unknown-node",
        ref.at,
        { name: ref.value },
        { help: [...didYouMean(closestNames(ref.value, this.declared)), `the recipe's nodes: ${this.listNames()}`] },
      );
    }
    return undefined;
  }

  /** A node by JSON name, without reporting. */
  get(name: string): NodeEntry | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.declared.has(name);
  }

  /** Every node of the output: the JSON's, then the generated ones. */
  entries(): NodeEntry[] {
    return [...this.byName.values(), ...this.generated];
  }

  /** The COMPs from the recipe's top down to (not including) the node. */
  ancestors(entry: NodeEntry): NodeEntry[] {
    const out: NodeEntry[] = [];
    for (let p = entry.parent; p !== undefined; p = p.parent) out.unshift(p);
    return out;
  }

  /** The path from the network `from` lives in to `to`: `noise1`, `fx/blur1`, `../noise1`. */
  relativePath(from: NodeEntry, to: NodeEntry): string {
    const a = this.ancestors(from);
    const b = this.ancestors(to);
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common++;
    const up = a.slice(common).map(() => "..");
    const down = [...b.slice(common), to].map((n) => n.name);
    return [...up, ...down].join("/");
  }

  private listNames(): string {
    const names = [...this.declared];
    return names.length > 12 ? `${names.slice(0, 12).join(", ")}, ...` : names.join(", ") || "none";
  }
}
