/**
 * The safe Python of `SVC_BRIDGE_EXPRESSIONS=safe`, checked before apply: the bridge's allow-list
 * grammar (bridge/svc_bridge/safe_python.py, which explains it) run on tree-sitter's Python tree
 * over the SAME table the bridge reads (bridge/svc_bridge/safe_python.json), so `svc check` says
 * what the bridge will refuse. An expression is typed as it is checked: a name has the type the
 * table gives it, an attribute or method exists only when the table lists it for its receiver's
 * type, a result of unknown type takes no attribute, call or subscript, and a module (`math`, `tdu`)
 * is reached only through its listed members. Anything the checker has no rule for is refused.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../../kb/loader.js";
import { withPythonTree, type SyntaxNode } from "./tree-sitter.js";
import type { PySyntaxError } from "./syntax-check.js";

interface Member {
  kind: "attribute" | "method";
  type: string;
}
interface TypeSpec {
  members: Record<string, Member>;
  any_attribute?: string;
  subscript?: string;
}
export interface SafeTable {
  names: Record<string, string>;
  functions: Record<string, string>;
  shortcuts: Record<string, string>;
  modules: Record<string, { functions: Record<string, string>; constants: Record<string, string> }>;
  types: Record<string, TypeSpec>;
  data_names: string[];
  limits: { max_exponent: number };
}

let table: SafeTable | undefined;

/** The bridge's allow-list, read once from the bridge's own folder. */
export function safeTable(): SafeTable {
  table ??= JSON.parse(
    readFileSync(join(packageRoot(), "bridge", "svc_bridge", "safe_python.json"), "utf8"),
  ) as SafeTable;
  return table;
}

class Unsafe extends Error {
  constructor(
    readonly node: SyntaxNode,
    message: string,
  ) {
    super(message);
  }
}

const listItem = (kind: string) => (kind.startsWith("list:") ? kind.slice(5) : undefined);
const callable = (kind: string) => /^(module|function|shortcut|method):/.test(kind);

function describe(node: SyntaxNode): string {
  const text = node.text.replace(/\s+/g, " ");
  return `'${text.length <= 60 ? text : `${text.slice(0, 57)}...`}'`;
}

function article(kind: string): string {
  const item = listItem(kind);
  if (item !== undefined) return `a list (of ${item})`;
  if (/^(function|method):/.test(kind)) return `a ${kind.split(":")[0]}, which has no attributes`;
  const plain: Record<string, string> = {
    value: "a value of unknown type",
    number: "a number",
    bool: "a boolean",
    str: "a string",
  };
  return plain[kind] ?? `${/^[AEIOU]/.test(kind) ? "an" : "a"} ${kind}`;
}

const SYNTAX: Record<string, string> = {
  lambda: "lambda",
  list_comprehension: "a list comprehension",
  set_comprehension: "a set comprehension",
  dictionary_comprehension: "a dict comprehension",
  generator_expression: "a generator expression",
  named_expression: "an assignment (:=)",
  await: "await",
  yield: "yield",
  list_splat: "*unpacking",
  dictionary_splat: "**unpacking",
  set: "a set",
};

class Checker {
  readonly t = safeTable();
  constructor(readonly dataMode: boolean) {}

  fail(node: SyntaxNode, message: string): never {
    throw new Unsafe(node, message);
  }

  /** The type of an expression used as a value (a module, function or method is not one). */
  value(node: SyntaxNode): string {
    const kind = this.expr(node);
    if (callable(kind))
      this.fail(node, `${describe(node)} is not a value in the safe mode: only its listed members may be used`);
    return kind;
  }

  expr(node: SyntaxNode): string {
    switch (node.type) {
      case "integer":
      case "float":
        return "number";
      case "true":
      case "false":
        return "bool";
      case "none":
      case "ellipsis":
        return "value";
      case "string":
        return this.string(node);
      case "concatenated_string":
        for (const part of node.namedChildren) if (part) this.string(part);
        return "str";
      case "identifier":
        return this.name(node);
      case "attribute":
        return this.attribute(node);
      case "call":
        return this.call(node);
      case "subscript":
        return this.subscript(node);
      case "binary_operator":
        return this.binary(node);
      case "unary_operator":
        return this.value(node.childForFieldName("argument")!) === "number" ? "number" : "value";
      case "not_operator":
        this.value(node.childForFieldName("argument")!);
        return "bool";
      case "boolean_operator":
        return this.same([node.childForFieldName("left")!, node.childForFieldName("right")!]);
      case "comparison_operator":
        for (const part of node.namedChildren) if (part) this.value(part);
        return "bool";
      case "conditional_expression":
        return this.same(
          node.namedChildren.filter((n): n is SyntaxNode => n !== null),
          1,
        );
      case "parenthesized_expression": {
        const inner = node.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== "comment");
        if (inner.length !== 1) this.fail(node, "this parenthesised form is not allowed in the safe mode");
        return this.expr(inner[0]!);
      }
      case "tuple":
      case "list":
      case "expression_list":
        return `list:${this.same(node.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== "comment"))}`;
      case "dictionary":
        for (const pair of node.namedChildren) {
          if (pair === null || pair.type === "comment") continue;
          if (pair.type !== "pair") this.fail(pair, "**unpacking is not allowed in the safe mode");
          this.value(pair.childForFieldName("key")!);
          this.value(pair.childForFieldName("value")!);
        }
        return "value";
      default:
        return this.fail(node, `${SYNTAX[node.type] ?? node.type.replace(/_/g, " ")} is not allowed in the safe mode`);
    }
  }

  /** The common type of `nodes` as values (or "value" when they differ); `skip` leading ones are tests. */
  same(nodes: SyntaxNode[], test?: number): string {
    const kinds = new Set<string>();
    nodes.forEach((n, i) => {
      const kind = this.value(n);
      if (i !== test) kinds.add(kind);
    });
    if (nodes.length === 0) return "value";
    return kinds.size === 1 ? [...kinds][0]! : "value";
  }

  string(node: SyntaxNode): string {
    for (const part of node.namedChildren) {
      if (part === null || part.type !== "interpolation") continue;
      const inner = part.childForFieldName("expression");
      if (inner) this.value(inner);
      for (const spec of part.namedChildren)
        if (spec?.type === "format_specifier")
          for (const e of spec.namedChildren) if (e?.type === "format_expression") this.interpolation(e);
    }
    return "str";
  }

  interpolation(node: SyntaxNode): void {
    const inner = node.childForFieldName("expression") ?? node.namedChildren.find((n) => n !== null) ?? null;
    if (inner) this.value(inner);
  }

  name(node: SyntaxNode): string {
    const name = node.text;
    const t = this.t;
    if (name.startsWith("_"))
      this.fail(node, `the name '${name}' is not allowed (names never start with an underscore)`);
    if (name in t.modules) return `module:${name}`;
    if (name in t.names) return t.names[name]!;
    if (name in t.functions || name in t.shortcuts) return `shortcut:${name}`;
    if (t.data_names.includes(name) || this.dataMode) return "value";
    const known = [
      ...new Set([
        ...Object.keys(t.names),
        ...Object.keys(t.functions),
        ...Object.keys(t.shortcuts),
        ...Object.keys(t.modules),
      ]),
    ].sort();
    return this.fail(node, `the name '${name}' is not one of the safe names (${known.join(", ")})`);
  }

  attribute(node: SyntaxNode): string {
    const attr = node.childForFieldName("attribute")!.text;
    if (attr.startsWith("_"))
      this.fail(node, `the attribute '${attr}' is not allowed (attributes never start with an underscore)`);
    const receiver = this.expr(node.childForFieldName("object")!);
    const t = this.t;
    if (receiver.startsWith("module:")) {
      const name = receiver.slice(7);
      const module = t.modules[name]!;
      if (attr in module.functions) return `function:${module.functions[attr]}`;
      if (attr in module.constants) return module.constants[attr]!;
      const members = [...Object.keys(module.functions), ...Object.keys(module.constants)].sort();
      return this.fail(node, `${name}.${attr} is not one of the safe members of ${name} (${members.join(", ")})`);
    }
    if (receiver.startsWith("shortcut:")) {
      const name = receiver.slice(9);
      if (name in t.shortcuts) return t.shortcuts[name]!;
      return this.fail(node, `${name}.${attr}: ${name} is only called in the safe mode`);
    }
    const spec = this.typeSpec(receiver);
    const member = spec?.members[attr];
    if (member === undefined) {
      if (spec?.any_attribute !== undefined) return spec.any_attribute;
      const names = spec ? Object.keys(spec.members).sort() : [];
      const hint = names.length
        ? ` (its safe members: ${names.slice(0, 40).join(", ")}${names.length > 40 ? ", ..." : ""})`
        : "";
      return this.fail(node, `'${attr}' is not a safe member of ${article(receiver)}${hint}`);
    }
    return member.kind === "attribute" ? member.type : `method:${member.type}`;
  }

  typeSpec(kind: string): TypeSpec | undefined {
    return this.t.types[listItem(kind) !== undefined ? "list" : kind];
  }

  call(node: SyntaxNode): string {
    const args = node.childForFieldName("arguments");
    if (args !== null && args.type !== "argument_list") this.expr(args); // a generator argument: refused
    for (const arg of args?.namedChildren ?? []) {
      if (arg === null || arg.type === "comment") continue;
      if (arg.type === "keyword_argument") this.value(arg.childForFieldName("value")!);
      else if (arg.type === "list_splat") this.fail(arg, "*arguments are not allowed in the safe mode");
      else if (arg.type === "dictionary_splat") this.fail(arg, "**arguments are not allowed in the safe mode");
      else this.value(arg);
    }
    const fn = node.childForFieldName("function")!;
    const kind = this.expr(fn);
    if (kind.startsWith("function:")) return kind.slice(9);
    if (kind.startsWith("method:")) return kind.slice(7);
    if (kind.startsWith("shortcut:") && kind.slice(9) in this.t.functions) return this.t.functions[kind.slice(9)]!;
    return this.fail(
      node,
      `${describe(fn)} cannot be called in the safe mode: only the safe functions and the listed methods can`,
    );
  }

  subscript(node: SyntaxNode): string {
    const receiver = this.value(node.childForFieldName("value")!);
    for (const index of node.childrenForFieldName("subscript")) {
      if (index === null) continue;
      if (index.type === "slice") {
        for (const part of index.namedChildren) if (part) this.value(part);
      } else this.value(index);
    }
    const item = listItem(receiver);
    if (item !== undefined) return item;
    const spec = this.t.types[receiver];
    if (spec?.subscript === undefined)
      return this.fail(node, `${article(receiver)} cannot be subscripted in the safe mode`);
    return spec.subscript;
  }

  binary(node: SyntaxNode): string {
    const left = this.value(node.childForFieldName("left")!);
    const rightNode = node.childForFieldName("right")!;
    const right = this.value(rightNode);
    const op = node.childForFieldName("operator")!.text;
    if (op === "@" || op === "<<" || op === ">>") this.fail(node, `the operator ${op} is not allowed in the safe mode`);
    const max = this.t.limits.max_exponent;
    if (op === "**" && !smallNumber(rightNode, max))
      this.fail(node, `a power's exponent must be a number literal of at most ${max} in the safe mode`);
    if (
      op === "*" &&
      (left === "str" || right === "str" || listItem(left) !== undefined || listItem(right) !== undefined)
    )
      this.fail(node, "repeating a string or list with * is not allowed in the safe mode");
    if (left === "number" && right === "number") return "number";
    if (op === "+" && left === "str" && right === "str") return "str";
    if (op === "%" && left === "str") return "str";
    return "value";
  }
}

function smallNumber(node: SyntaxNode, limit: number): boolean {
  let n = node;
  if (n.type === "unary_operator" && /^[-+]$/.test(n.childForFieldName("operator")?.text ?? ""))
    n = n.childForFieldName("argument")!;
  if (n.type !== "integer" && n.type !== "float") return false;
  const value = Number(n.text.replace(/_/g, ""));
  return Number.isFinite(value) && Math.abs(value) <= limit;
}

function problem(err: unknown, offset = 0): PySyntaxError {
  if (!(err instanceof Unsafe)) throw err;
  const row = err.node.startPosition.row;
  return {
    message: `line ${row + 1}: ${err.message}`,
    start: offset + err.node.startIndex,
    end: offset + Math.max(err.node.endIndex, err.node.startIndex + 1),
  };
}

/** The statements of a parsed module, comments left out. */
function statements(root: SyntaxNode): SyntaxNode[] {
  return root.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== "comment");
}

/** The first part of a (syntactically valid) expression outside the safe grammar, or undefined. */
export function unsafeExpression(text: string): PySyntaxError | undefined {
  return withPythonTree(text, (root) => {
    try {
      const body = statements(root);
      const expression = body[0]?.type === "expression_statement" ? body[0].namedChildren : [];
      if (body.length !== 1 || expression.length !== 1 || expression[0] === null)
        throw new Unsafe(body[0] ?? root, "a parameter expression is one expression");
      new Checker(false).value(expression[0]!);
      return undefined;
    } catch (err) {
      return problem(err);
    }
  });
}

/**
 * The first part of a DAT's text that is not data: text that is not Python passes, and text that
 * parses as Python may hold only expression statements of the safe grammar, where a name outside
 * the vocabulary is inert data; each line and tab-separated cell is held to the same rule (as the
 * bridge's check_data_text, since an Evaluate DAT evaluates cells one by one).
 */
export function unsafeModule(text: string): PySyntaxError | undefined {
  const checker = new Checker(true);
  const whole = withPythonTree(text, (root) => {
    if (root.hasError) return undefined;
    try {
      for (const statement of statements(root)) {
        if (statement.type !== "expression_statement")
          throw new Unsafe(
            statement,
            `${statement.type.replace(/_/g, " ")} is a statement; in the safe mode a DAT holds data or safe expressions, never code`,
          );
        for (const e of statement.namedChildren) if (e) checker.value(e);
      }
      return undefined;
    } catch (err) {
      return problem(err);
    }
  });
  if (whole !== undefined) return whole;
  let offset = 0;
  for (const line of text.split("\n")) {
    let cellOffset = offset;
    for (const cell of line.includes("\t") ? line.split("\t") : [line]) {
      const found = cell.trim()
        ? withPythonTree(cell, (root) => {
            const body = statements(root);
            if (root.hasError || body.length !== 1 || body[0]!.type !== "expression_statement") return undefined;
            try {
              for (const e of body[0]!.namedChildren) if (e) checker.value(e);
              return undefined;
            } catch (err) {
              return problem(err, cellOffset);
            }
          })
        : undefined;
      if (found !== undefined) return found;
      cellOffset += cell.length + 1;
    }
    offset += line.length + 1;
  }
  return undefined;
}
