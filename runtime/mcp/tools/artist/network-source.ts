/**
 * The `.svcnet` an artist tool applies: a network that imports the recipes it uses and wires their
 * COMPs into one output. Built as a syntax tree and printed canonically, so the text the tool
 * returns is exactly what `svc fmt` would write, ready for the assistant to edit and re-apply.
 *
 * A recipe's picture is read through a Select TOP naming its `out1`, the display TOP every
 * first-party recipe has (an outTOP is not required of recipes); pictures go into a recipe through
 * its COMP's input, which its inTOP reads.
 */
import { join } from "node:path";
import type * as A from "../../../../grammar/ast.js";
import { NO_RANGE } from "../../../../diagnostics/source-range.js";
import { recipesDir } from "../../../recipes/catalog.js";
import type { ArtistRecipe } from "./recipe-catalog.js";

const r = NO_RANGE;
export const ident = (name: string): A.Identifier => ({ kind: "Identifier", name, range: r });
export const param = (name: string, value: A.Value): A.Param => ({ kind: "Param", name: ident(name), value, range: r });
export const num = (value: number): A.NumberValue => ({ kind: "Number", value, range: r });

export function nodeDecl(name: string, type: string, params: A.Param[] = [], flags: A.Flag[] = []): A.NodeDecl {
  return { kind: "Node", name: ident(name), type: ident(type), flags, params, network: null, range: r };
}

const display: A.Flag = { kind: "BooleanFlag", name: "display", value: true, range: r };

function wire(from: string, fromOutput: number, to: string, toInput: number): A.Wire {
  return {
    kind: "Wire",
    chain: [
      { kind: "WireEndpoint", node: ident(from), index: fromOutput || null, range: r },
      { kind: "WireEndpoint", node: ident(to), index: toInput, range: r },
    ],
    range: r,
  };
}

/** One recipe used in the network, as node `node`. */
export interface RecipeUse {
  node: string;
  recipe: ArtistRecipe;
  params: A.Param[];
}

/** A network under construction: nodes, wires, controls, the recipes it imports. */
export class NetworkDraft {
  readonly nodes: A.NodeDecl[] = [];
  readonly wires: A.Wire[] = [];
  readonly controls: A.Declaration[] = [];
  private readonly imports = new Map<string, ArtistRecipe>();
  private readonly names = new Set<string>();

  constructor(
    readonly name: string,
    private readonly comment: string[] = [],
  ) {}

  add(node: A.NodeDecl): string {
    this.nodes.push(node);
    this.names.add(node.name.name);
    return node.name.name;
  }

  /** A fresh node name: `base1`, `base2`, ... */
  fresh(base: string): string {
    let i = 1;
    while (this.names.has(`${base}${i}`)) i++;
    return `${base}${i}`;
  }

  use(u: RecipeUse): string {
    this.imports.set(u.recipe.path, u.recipe);
    return this.add(nodeDecl(u.node, u.recipe.name, u.params));
  }

  connect(from: string, to: string, toInput = 0): void {
    this.wires.push(wire(from, 0, to, toInput));
  }

  /** A Select TOP of the use's out1: the node to wire its picture from. */
  pictureOf(u: RecipeUse): string {
    return this.add(
      nodeDecl(`${u.node}_out`, "selectTOP", [param("top", { kind: "OperatorRef", path: `${u.node}/out1`, range: r })]),
    );
  }

  /** A live TOP outside the network, brought in by path. */
  select(name: string, path: string): string {
    return this.add(nodeDecl(name, "selectTOP", [param("top", { kind: "OperatorRef", path, range: r })]));
  }

  /** The network's output: a Null TOP with the display flag, fed by `from`. */
  output(from: string): void {
    this.add(nodeDecl("out1", "nullTOP", [], [display]));
    this.connect(from, "out1");
  }

  program(): A.Program {
    const imports: A.Import[] = [...this.imports.values()].map((rec) => ({
      kind: "Import",
      // svc's library by name, so the source an assistant gets back compiles wherever it is applied.
      path: { kind: "String", value: `svc:recipes/${rec.importPath}`, range: r },
      range: r,
    }));
    const network: A.Network = {
      kind: "Network",
      name: ident(this.name),
      controls: this.controls.length
        ? [{ kind: "ControlsBlock", page: null, declarations: this.controls, range: r }]
        : [],
      nodes: this.nodes,
      wires: this.wires,
      range: r,
      ...(this.comment.length ? { comments: { leading: this.comment.map((text) => ({ text, range: r })) } } : {}),
    };
    return {
      kind: "Program",
      version: { kind: "VersionHeader", version: 1, range: r },
      imports,
      networks: [network],
      recipes: [],
      layout: null,
      range: r,
    };
  }
}

/**
 * Recipes chained picture to picture: `source` (a live TOP, optional) into the first, each into the
 * next, the last into `out1`. Every recipe after the first must take a picture in.
 */
export function chainNetwork(
  name: string,
  uses: readonly RecipeUse[],
  options: { source?: string; comment?: string[] } = {},
): NetworkDraft {
  const draft = new NetworkDraft(name, options.comment);
  for (const u of uses) draft.use(u);
  let picture: string | undefined;
  if (options.source !== undefined && uses[0]?.recipe.takesInput) picture = draft.select("source", options.source);
  for (const u of uses) {
    if (picture !== undefined) draft.connect(picture, u.node);
    picture = draft.pictureOf(u);
  }
  if (picture !== undefined) draft.output(picture);
  return draft;
}

/** The file name the network is compiled as: in the recipes folder, so its imports are short. */
export function networkFile(name: string): string {
  return join(recipesDir(), `${name}.svcnet`);
}
