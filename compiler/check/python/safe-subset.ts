/**
 * The safe Python subset of `SVC_BRIDGE_EXPRESSIONS=safe`, checked before apply on the same
 * grammar the syntax check uses. The bridge checks the same rule on Python's own AST
 * (bridge/svc_bridge/safe_python.py, which explains it); the lists here are the bridge's, and
 * test/compiler/safe-python.test.ts fails when the two drift apart.
 */
import { descendants, withPythonTree, type SyntaxNode } from "./tree-sitter.js";
import type { PySyntaxError } from "./syntax-check.js";

export const SAFE_NAMES = new Set([
  "op",
  "ops",
  "parent",
  "me",
  "iop",
  "ipar",
  "absTime",
  "math",
  "tdu",
  "root",
  "project",
  "app",
  "abs",
  "min",
  "max",
  "round",
  "int",
  "float",
  "str",
  "bool",
  "len",
  "pow",
  "sum",
  "range",
  "True",
  "False",
  "None",
]);

const SAFE_METHODS = new Set([
  "eval",
  "op",
  "ops",
  "parent",
  "chan",
  "chans",
  "cell",
  "cells",
  "row",
  "col",
  "findCell",
  "numChans",
  "numSamples",
  "numRows",
  "numCols",
  "inputs",
  "outputs",
  "lower",
  "upper",
  "strip",
  "startswith",
  "endswith",
  "split",
  "join",
  "replace",
  "get",
  "keys",
  "values",
  "items",
]);

const DATA_NAMES = new Set(["true", "false", "null"]);

const FORBIDDEN_ATTRIBUTES = new Set(["module", "mod", "evalExpression", "run", "ext", "extensions"]);

const EXPRESSION_NODES = new Set([
  "module",
  "expression_statement",
  "comment",
  "identifier",
  "integer",
  "float",
  "true",
  "false",
  "none",
  "string",
  "string_start",
  "string_content",
  "string_end",
  "escape_sequence",
  "concatenated_string",
  "interpolation",
  "format_specifier",
  "format_expression",
  "type_conversion",
  "attribute",
  "binary_operator",
  "unary_operator",
  "boolean_operator",
  "not_operator",
  "comparison_operator",
  "conditional_expression",
  "subscript",
  "slice",
  "tuple",
  "list",
  "dictionary",
  "pair",
  "call",
  "argument_list",
  "keyword_argument",
  "dictionary_splat",
  "parenthesized_expression",
]);

const MODULE_NODES = new Set([
  ...EXPRESSION_NODES,
  "function_definition",
  "parameters",
  "block",
  "return_statement",
  "pass_statement",
  "assignment",
  "augmented_assignment",
  "if_statement",
  "elif_clause",
  "else_clause",
  "for_statement",
  "break_statement",
  "continue_statement",
  "pattern_list",
  "expression_list",
]);

/** True when this identifier is a name being read or bound, not an attribute or keyword label. */
function isName(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (parent === null) return true;
  if (parent.type === "attribute" && parent.childForFieldName("attribute")?.equals(node)) return false;
  if (parent.type === "keyword_argument" && parent.childForFieldName("name")?.equals(node)) return false;
  if (parent.type === "function_definition" && parent.childForFieldName("name")?.equals(node)) return false;
  return parent.type !== "parameters";
}

function boundNames(root: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const node of descendants(root)) {
    if (node.type === "function_definition") {
      const name = node.childForFieldName("name");
      if (name) names.add(name.text);
    } else if (node.type === "parameters") {
      for (const p of node.namedChildren) if (p?.type === "identifier") names.add(p.text);
    } else if (node.type === "assignment" || node.type === "augmented_assignment" || node.type === "for_statement") {
      const target = node.childForFieldName("left");
      if (target === null) continue;
      if (target.type === "identifier") names.add(target.text);
      for (const t of target.namedChildren) if (t?.type === "identifier") names.add(t.text);
    }
  }
  return names;
}

function at(node: SyntaxNode, message: string): PySyntaxError {
  return {
    message: `line ${node.startPosition.row + 1}: ${message}`,
    start: node.startIndex,
    end: Math.max(node.endIndex, node.startIndex + 1),
  };
}

function firstUnsafe(root: SyntaxNode, allowed: Set<string>, names: Set<string>): PySyntaxError | undefined {
  for (const node of descendants(root)) {
    if (!node.isNamed) continue;
    if (!allowed.has(node.type)) return at(node, `${node.type.replace(/_/g, " ")} is not allowed in the safe mode`);
    if (node.type === "identifier" && isName(node) && !names.has(node.text))
      return at(node, `the name '${node.text}' is not one of the safe names`);
    if (node.type === "attribute") {
      const attr = node.childForFieldName("attribute")?.text ?? "";
      if (attr.startsWith("_") || FORBIDDEN_ATTRIBUTES.has(attr))
        return at(node, `the attribute '${attr}' is not allowed in the safe mode`);
    }
    if (node.type === "call") {
      const fn = node.childForFieldName("function");
      if (fn?.type === "attribute") {
        const attr = fn.childForFieldName("attribute")?.text ?? "";
        const object = fn.childForFieldName("object");
        const library = object?.type === "identifier" && (object.text === "math" || object.text === "tdu");
        if (!SAFE_METHODS.has(attr) && !library) return at(fn, `the method '${attr}' is not one of the safe calls`);
      } else if (fn?.type !== "identifier") {
        return at(node, "only a safe name or a safe method may be called");
      }
    }
    if (node.type === "function_definition" && node.childForFieldName("return_type") !== null) {
      return at(node, "annotations are not allowed in the safe mode");
    }
  }
  return undefined;
}

/** The first part of a (syntactically valid) expression outside the safe subset, or undefined. */
export function unsafeExpression(text: string): PySyntaxError | undefined {
  return withPythonTree(text, (root) => firstUnsafe(root, EXPRESSION_NODES, SAFE_NAMES));
}

/** The first part of a DAT's text outside the safe subset; text that is not Python passes (it cannot run). */
export function unsafeModule(text: string): PySyntaxError | undefined {
  return withPythonTree(text, (root) => {
    if (root.hasError) return undefined;
    return firstUnsafe(root, MODULE_NODES, new Set([...SAFE_NAMES, ...DATA_NAMES, ...boundNames(root)]));
  });
}
