/**
 * The canonical printer: `print(ast)` gives the one text form of a network, the same for a file
 * that was formatted and for a live network that was exported. No options (gofmt's policy).
 *
 * Order: the version header, imports (by path), networks (by name), recipes (by name), the layout
 * block (by path). Inside a network: controls blocks (as written: it is the panel's order), nodes
 * (by name, numbers compared as numbers), wires (see print-wires.ts). Inside a node: flags in a
 * fixed order, then parameters by name, then the COMP's network. Two spaces indent; comments are
 * put back beside the statement they were attached to. See grammar/README.md for the rules.
 */
import type {
  Comment,
  Comments,
  ControlsBlock,
  Declaration,
  NetworkBody,
  NodeDecl,
  Param,
  ParamsBlock,
  Program,
  Wire,
} from "./ast.js";
import { fenceFor } from "./lex-text-block.js";
import { flowOrder } from "./flow-order.js";
import { naturalCompare, sortedCopy } from "./natural-order.js";
import { formatDeclaration, formatFlags, formatValue, printsAsTextBlock } from "./print-values.js";
import { canonicalWires } from "./print-wires.js";

const INDENT = "  ";
/** A node's parameters share its line only when they are few and the line stays short. */
const MAX_INLINE_PARAMS = 4;
const MAX_LINE = 100;

/** Indentation by depth, made once per depth rather than once per line. */
const indents: string[] = [];
const indent = (depth: number) => (indents[depth] ??= INDENT.repeat(depth));

class Out {
  readonly lines: string[] = [];
  line(depth: number, text: string): void {
    this.lines.push(text === "" ? "" : indent(depth) + text);
  }
  blank(): void {
    if (this.lines.length > 0 && this.lines[this.lines.length - 1] !== "") this.lines.push("");
  }
  /** Appends to the last line (a trailing comment). */
  append(text: string): void {
    this.lines[this.lines.length - 1] += text;
  }
}

function commentText(c: Comment): string {
  return c.text === "" ? "#" : `# ${c.text}`;
}

function leading(out: Out, depth: number, comments: Comments | undefined): void {
  for (const c of comments?.leading ?? []) out.line(depth, commentText(c));
}

/** The first trailing comment shares the statement's last line; any others follow on their own. */
function trailing(out: Out, depth: number, comments: Comments | undefined): void {
  const list = comments?.trailing ?? [];
  if (list.length === 0) return;
  out.append(`  ${commentText(list[0]!)}`);
  for (const c of list.slice(1)) out.line(depth, commentText(c));
}

function dangling(out: Out, depth: number, comments: Comments | undefined): void {
  for (const c of comments?.dangling ?? []) out.line(depth, commentText(c));
}

const byName = <T extends { name: { name: string } }>(a: T, b: T) => naturalCompare(a.name.name, b.name.name);

export function print(program: Program): string {
  const out = new Out();
  leading(out, 0, program.version?.comments);
  out.line(0, "svcnet 1");
  trailing(out, 0, program.version?.comments);

  const imports = [...program.imports].sort((a, b) => naturalCompare(a.path.value, b.path.value));
  if (imports.length > 0) out.blank();
  for (const imp of imports) {
    leading(out, 0, imp.comments);
    out.line(0, `import ${formatValue(imp.path)}`);
    trailing(out, 0, imp.comments);
  }
  for (const net of [...program.networks].sort(byName)) {
    out.blank();
    leading(out, 0, net.comments);
    printBlock(out, 0, `network ${net.name.name}`, net.comments, (inner) => printNetworkBody(out, inner, net, null));
  }
  for (const recipe of [...program.recipes].sort(byName)) {
    out.blank();
    leading(out, 0, recipe.comments);
    const metadata = formatFlags(recipe.metadata ?? []);
    printBlock(out, 0, `recipe ${recipe.name.name}${metadata === "" ? "" : ` ${metadata}`}`, recipe.comments, (inner) =>
      printNetworkBody(out, inner, recipe, recipe.params),
    );
  }
  if (program.layout !== null) {
    const layout = program.layout;
    out.blank();
    leading(out, 0, layout.comments);
    printBlock(out, 0, "layout", layout.comments, (inner) => {
      for (const e of [...layout.entries].sort((a, b) => naturalCompare(a.path, b.path))) {
        leading(out, inner, e.comments);
        out.line(inner, `${e.path}: ${formatValue({ kind: "Tuple", items: [num(e.x), num(e.y)], range: e.range })}`);
        trailing(out, inner, e.comments);
      }
    });
  }
  if ((program.comments?.dangling ?? []).length > 0) {
    out.blank();
    dangling(out, 0, program.comments);
  }
  return out.lines.join("\n") + "\n";
}

function num(value: number) {
  return {
    kind: "Number" as const,
    value,
    range: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
  };
}

/** `head {`, the body, the block's dangling comments, `}` and its trailing comment; `head {}` when empty. */
function printBlock(
  out: Out,
  depth: number,
  head: string,
  comments: Comments | undefined,
  body: (depth: number) => void,
): void {
  const start = out.lines.length;
  out.line(depth, `${head} {`);
  body(depth + 1);
  dangling(out, depth + 1, comments);
  while (out.lines.length > start + 1 && out.lines[out.lines.length - 1] === "") out.lines.pop();
  if (out.lines.length === start + 1) out.lines[start] += "}";
  else out.line(depth, "}");
  trailing(out, depth, comments);
}

const scratch: Out[] = [];

function printNetworkBody(out: Out, depth: number, body: NetworkBody, params: ParamsBlock | null): void {
  let section = false;
  const separate = () => {
    if (section) out.blank();
    section = true;
  };
  if (params !== null) {
    separate();
    printDeclarations(out, depth, "params", params);
  }
  for (const block of body.controls) {
    separate();
    printDeclarations(out, depth, block.page === null ? "controls" : `controls ${formatValue(block.page)}`, block);
  }
  const nodes = flowOrder(body.nodes, body.wires);
  if (nodes.length > 0) separate();
  // A node written over several lines, or introduced by a comment, stands apart from its neighbours.
  let previousTall = false;
  // Each node is printed apart first (whether a blank line goes before it depends on how it
  // printed); one scratch output per depth is reused, since a COMP's nodes print inside it.
  const own = (scratch[depth] ??= new Out());
  nodes.forEach((n, i) => {
    own.lines.length = 0;
    const tall = printNode(own, depth, n);
    if (i > 0 && (tall || previousTall || (n.comments?.leading ?? []).length > 0)) out.blank();
    for (const line of own.lines) out.lines.push(line);
    previousTall = tall;
  });
  const wires = canonicalWires(body.wires);
  if (wires.length > 0) separate();
  for (const w of wires) printWire(out, depth, w);
}

function printDeclarations(out: Out, depth: number, head: string, block: ControlsBlock | ParamsBlock): void {
  leading(out, depth, block.comments);
  printBlock(out, depth, head, block.comments, (inner) => {
    for (const d of block.declarations) printDeclaration(out, inner, d);
  });
}

function printDeclaration(out: Out, depth: number, d: Declaration): void {
  leading(out, depth, d.comments);
  out.line(depth, formatDeclaration(d));
  trailing(out, depth, d.comments);
}

/** Prints a node; returns true when its body took several lines. */
function printNode(out: Out, depth: number, n: NodeDecl): boolean {
  leading(out, depth, n.comments);
  const flags = formatFlags(n.flags);
  const head = `${n.name.name}: ${n.type.name}${flags === "" ? "" : ` ${flags}`}`;
  const params = sortedCopy(n.params, byName);
  const hasBody = params.length > 0 || n.network !== null || (n.comments?.dangling ?? []).length > 0;
  if (!hasBody) {
    out.line(depth, head);
    trailing(out, depth, n.comments);
    return false;
  }
  const inline = inlineParams(params, n);
  if (inline !== undefined && INDENT.length * depth + head.length + inline.length + 5 <= MAX_LINE) {
    out.line(depth, `${head} { ${inline} }`);
    trailing(out, depth, n.comments);
    return false;
  }
  printBlock(out, depth, head, n.comments, (inner) => {
    for (const p of params) printParam(out, inner, p);
    if (n.network !== null) {
      const network = n.network;
      if (params.length > 0) out.blank();
      leading(out, inner, network.comments);
      printBlock(out, inner, "network", network.comments, (innermost) =>
        printNetworkBody(out, innermost, network, null),
      );
    }
  });
  return true;
}

/** The parameters joined on one line, or undefined when they must go one per line. */
function inlineParams(params: Param[], n: NodeDecl): string | undefined {
  if (n.network !== null || params.length > MAX_INLINE_PARAMS || (n.comments?.dangling ?? []).length > 0)
    return undefined;
  const parts: string[] = [];
  for (const p of params) {
    if (p.comments !== undefined && ((p.comments.leading ?? []).length > 0 || (p.comments.trailing ?? []).length > 0))
      return undefined;
    if (p.value.kind === "String" && printsAsTextBlock(p.value)) return undefined;
    parts.push(`${p.name.name}: ${formatValue(p.value)}`);
  }
  return parts.join(", ");
}

function printParam(out: Out, depth: number, p: Param): void {
  leading(out, depth, p.comments);
  if (p.value.kind === "String" && printsAsTextBlock(p.value)) {
    const fence = fenceFor(p.value.value);
    out.line(depth, `${p.name.name}: ${fence}${p.value.language ?? ""}`);
    for (const line of p.value.value.slice(0, -1).split("\n")) out.line(line === "" ? 0 : depth + 1, line);
    out.line(depth + 1, fence);
  } else {
    out.line(depth, `${p.name.name}: ${formatValue(p.value)}`);
  }
  trailing(out, depth, p.comments);
}

function printWire(out: Out, depth: number, w: Wire): void {
  leading(out, depth, w.comments);
  out.line(depth, w.chain.map((e) => (e.index === null ? e.node.name : `${e.node.name}[${e.index}]`)).join(" -> "));
  trailing(out, depth, w.comments);
}
