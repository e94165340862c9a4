/**
 * Python syntax with Python's grammar (tree-sitter-python): a parameter expression must be one
 * Python 3 expression (what `eval` accepts), a DAT that TouchDesigner runs a valid module.
 *
 * tree-sitter's grammar accepts a little more than CPython in places (it parses what an editor
 * must, Python 2's `print x` included); the rules after parsing refuse what `eval` refuses there:
 * statements, `await` and `yield` outside functions, a bare `:=` or `*x` at the top. Only the first
 * problem is reported, as Python does.
 */
import { nestingProblem } from "./nesting.js";
import { isPlainExpression } from "./plain-expression.js";
import { descendants, withPythonTree, type SyntaxNode } from "./tree-sitter.js";

/** A syntax problem at offsets [start, end) of the checked text. */
export interface PySyntaxError {
  message: string;
  start: number;
  end: number;
}

const PYTHON2_STATEMENTS: Record<string, string> = {
  print_statement: "'print x' is Python 2; call print(x)",
  exec_statement: "'exec x' is Python 2",
};

function problem(node: SyntaxNode, message: string): PySyntaxError {
  return { message, start: node.startIndex, end: Math.max(node.endIndex, node.startIndex + 1) };
}

/** The first ERROR or MISSING node, as a problem in words at the token the parser stopped on. */
function grammarProblem(root: SyntaxNode, text: string): PySyntaxError | undefined {
  if (!root.hasError) return undefined;
  for (const node of descendants(root)) {
    if (node.isMissing) {
      const where = Math.max(0, Math.min(node.startIndex, text.length - 1));
      return { message: `expected '${node.type}' here`, start: where, end: where + 1 };
    }
    if (!node.isError) continue;
    if (text.slice(node.endIndex).trim() === "" && node.endIndex > node.startIndex) {
      const last = Math.max(0, text.trimEnd().length - 1);
      return {
        message: "the text ends too early (something is missing or a bracket is not closed)",
        start: last,
        end: last + 1,
      };
    }
    const leaves = [...descendants(node)].filter((n) => n.childCount === 0 && n.endIndex > n.startIndex);
    const token =
      leaves.length > 1
        ? leaves[leaves.length - 1]
        : [...descendants(root)].find(
            (n) => n.childCount === 0 && n.startIndex >= node.endIndex && n.endIndex > n.startIndex,
          );
    return problem(
      token ?? node,
      `unexpected '${(token ?? node).text.split("\n")[0]!.slice(0, 20)}' (an operator, a comma or a bracket may be missing)`,
    );
  }
  return problem(root, "invalid syntax");
}

/** What Python refuses that tree-sitter's grammar lets through. */
function ruleProblem(root: SyntaxNode): PySyntaxError | undefined {
  for (const node of descendants(root)) {
    const python2 = PYTHON2_STATEMENTS[node.type];
    if (python2 !== undefined) return problem(node, python2);
    if (node.type === "await" && !insideFunction(node)) return problem(node, "'await' outside an async function");
    if (node.type === "yield" && !insideFunction(node)) return problem(node, "'yield' outside a function");
    if (starredAlone(node)) return problem(node, "a starred expression cannot stand alone in parentheses");
    if (node.type === "integer" && /^0_*[0-9]*[1-9]/.test(node.text) && /^[0-9_]+$/.test(node.text)) {
      return problem(node, "leading zeros are not allowed in a decimal number (write 0o8 for octal)");
    }
    const found = argumentProblem(node) ?? parameterProblem(node) ?? stringMixProblem(node);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * `(*a)`, `((*a))`: tree-sitter reads a lone starred item in parentheses as a one-item tuple (or a
 * parenthesized splat); Python refuses it, since only a comma makes a tuple.
 */
function starredAlone(node: SyntaxNode): boolean {
  if (node.type === "parenthesized_list_splat") return true;
  if (node.type !== "parenthesized_expression" && node.type !== "tuple") return false;
  if (node.namedChildren[0]?.type !== "list_splat") return false;
  return node.type === "parenthesized_expression" || !node.children.some((c) => c?.type === ",");
}

function argumentProblem(node: SyntaxNode): PySyntaxError | undefined {
  if (node.type !== "argument_list") return undefined;
  let keyword = false;
  for (const arg of node.namedChildren) {
    if (arg === null || arg.type === "comment") continue;
    if (arg.type === "keyword_argument" || arg.type === "dictionary_splat") keyword = true;
    else if (keyword && arg.type !== "list_splat")
      return problem(arg, "a positional argument cannot follow a keyword argument");
  }
  return undefined;
}

function parameterProblem(node: SyntaxNode): PySyntaxError | undefined {
  if (node.type !== "parameters" && node.type !== "lambda_parameters") return undefined;
  const seen = new Set<string>();
  for (const param of node.namedChildren) {
    const name = param?.type === "identifier" ? param : param?.namedChildren.find((c) => c?.type === "identifier");
    if (name === undefined || name === null) continue;
    if (seen.has(name.text)) return problem(name, `duplicate parameter '${name.text}'`);
    seen.add(name.text);
  }
  return undefined;
}

function stringMixProblem(node: SyntaxNode): PySyntaxError | undefined {
  if (node.type !== "concatenated_string") return undefined;
  const bytes = node.namedChildren.map((c) => /^[a-zA-Z]*[bB]/.test(c?.text.split(/['"]/)[0] ?? ""));
  const first = bytes[0];
  const other = bytes.findIndex((b) => b !== first);
  return other === -1 ? undefined : problem(node.namedChildren[other]!, "bytes and text literals cannot be joined");
}

function insideFunction(node: SyntaxNode): boolean {
  for (let p = node.parent; p !== null; p = p.parent)
    if (p.type === "function_definition" || p.type === "lambda") return p.type === "function_definition";
  return false;
}

/** Whether checking `text` as an expression needs Python's grammar loaded (it is not plain). */
export function expressionNeedsGrammar(text: string): boolean {
  return text.trim() !== "" && !isPlainExpression(text);
}

/** Returns the first syntax problem of `text` as one Python expression, or undefined when it is valid. */
export function checkPythonExpression(text: string): PySyntaxError | undefined {
  if (text.trim() === "") return { message: "the expression is empty", start: 0, end: Math.max(1, text.length) };
  const tooDeep = nestingProblem(text);
  if (tooDeep !== undefined) return tooDeep;
  if (isPlainExpression(text)) return undefined;
  return grammarCheckExpression(text);
}

/** `checkPythonExpression` by Python's grammar alone, without the plain-expression shortcut. */
export function grammarCheckExpression(text: string): PySyntaxError | undefined {
  if (text.trim() === "") return { message: "the expression is empty", start: 0, end: Math.max(1, text.length) };
  const tooDeep = nestingProblem(text);
  if (tooDeep !== undefined) return tooDeep;
  return withPythonTree(text, (root) => {
    const found = grammarProblem(root, text);
    if (found !== undefined) return found;
    const statements = root.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== "comment");
    const first = statements[0];
    if (first === undefined) return { message: "the expression is empty", start: 0, end: Math.max(1, text.length) };
    if (first.type !== "expression_statement") {
      const keyword = text.slice(first.startIndex).split(/[^A-Za-z_]/)[0];
      return problem(first, `'${keyword}' starts a statement; a parameter takes one expression`);
    }
    if (statements.length > 1) return problem(statements[1]!, "a second statement; a parameter takes one expression");
    const items = first.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== "comment");
    const isTuple = first.children.some((c) => c?.type === ",");
    const only = items[0];
    if (only !== undefined && (only.type === "assignment" || only.type === "augmented_assignment")) {
      const op = only.children.find((c) => c !== null && c.type.endsWith("="));
      return problem(
        op ?? only,
        only.type === "assignment"
          ? "'=' assigns; compare with '=='"
          : `'${op?.type ?? "op="}' is an assignment statement, not an expression`,
      );
    }
    if (only !== undefined && !isTuple && only.type === "named_expression")
      return problem(only, "':=' at the top of an expression needs parentheses: (name := value)");
    if (only !== undefined && !isTuple && only.type === "list_splat")
      return problem(only, "a starred expression is allowed only in a tuple, list or call");
    return ruleProblem(root);
  });
}

/** Returns the first syntax problem of `text` as a Python module (a DAT's text), or undefined. */
export function checkPythonModule(text: string): PySyntaxError | undefined {
  const tooDeep = nestingProblem(text);
  if (tooDeep !== undefined) return tooDeep;
  return withPythonTree(text, (root) => grammarProblem(root, text) ?? ruleProblem(root));
}
