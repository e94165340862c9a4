/**
 * Attaches comments to the AST so the printer can put them back after it reorders statements.
 *
 * A comment goes to the innermost block that contains it. Inside that block it becomes:
 * - a trailing comment of the statement that ends on the comment's line (`a: 1  # why`);
 * - otherwise a leading comment of the next statement;
 * - otherwise (nothing follows it in the block) a dangling comment of the block.
 */
import type { AstNode, Comment, Comments } from "./ast.js";

type Commentable = AstNode & { comments?: Comments };

/** The statements a block holds, for the block kinds that hold any. */
function childrenOf(n: Commentable): Commentable[] | undefined {
  switch (n.kind) {
    case "Program":
      return [n.version, ...n.imports, ...n.networks, ...n.recipes, n.layout].filter(
        (x): x is NonNullable<typeof x> => x !== null,
      );
    case "Network":
    case "InnerNetwork":
      return [...n.controls, ...n.nodes, ...n.wires];
    case "Recipe":
      return [...(n.params ? [n.params] : []), ...n.controls, ...n.nodes, ...n.wires];
    case "ControlsBlock":
    case "ParamsBlock":
      return n.declarations;
    case "Node":
      return [...n.params, ...(n.network ? [n.network] : [])];
    case "LayoutBlock":
      return n.entries;
    default:
      return undefined;
  }
}

function add(n: Commentable, where: keyof Comments, c: Comment): void {
  n.comments ??= {};
  (n.comments[where] ??= []).push(c);
}

export function attachComments(program: Commentable, comments: readonly Comment[]): void {
  const sortedChildren = new Map<Commentable, Commentable[]>();
  const kids = (n: Commentable): Commentable[] | undefined => {
    let list = sortedChildren.get(n);
    if (list === undefined) {
      const raw = childrenOf(n);
      if (raw === undefined) return undefined;
      list = [...raw].sort((a, b) => a.range.start.offset - b.range.start.offset);
      sortedChildren.set(n, list);
    }
    return list;
  };
  for (const c of comments) {
    let block = program;
    for (;;) {
      const list = kids(block);
      if (list === undefined) {
        // A comment inside a single statement (a multi-line value): keep it on that statement.
        add(block, "trailing", c);
        break;
      }
      const i = firstStartingAfter(list, c.range.start.offset);
      const before = i > 0 ? list[i - 1] : undefined;
      if (before !== undefined && before.range.end.offset > c.range.start.offset) {
        block = before; // the comment is inside `before`
        continue;
      }
      if (before !== undefined && before.range.end.line === c.range.start.line) add(before, "trailing", c);
      else if (i < list.length) add(list[i]!, "leading", c);
      else add(block, "dangling", c);
      break;
    }
  }
}

/** Index of the first statement starting after `offset` (binary search; the list is sorted). */
function firstStartingAfter(list: Commentable[], offset: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.range.start.offset <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
