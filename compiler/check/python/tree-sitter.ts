/**
 * Python's real grammar, from tree-sitter-python's WebAssembly build run by web-tree-sitter: no
 * native code, the same parser everywhere Node runs. Compiling the WebAssembly costs a noticeable
 * part of a short `svc check`, so it is loaded only when asked (`loadPythonGrammar`): the compiler's
 * entry point loads it on import (python-grammar-ready.ts), `svc check` only for a file with Python
 * the plain-expression check cannot settle. The checks that use it stay synchronous.
 */
import { createRequire } from "node:module";
import type { Node, Parser, Tree } from "web-tree-sitter";

let parser: Parser | undefined;
let loading: Promise<void> | undefined;

/** Loads web-tree-sitter and the Python grammar once; later calls return the same promise. */
export function loadPythonGrammar(): Promise<void> {
  loading ??= (async () => {
    const { Language, Parser } = await import("web-tree-sitter");
    await Parser.init();
    const python = await Language.load(
      createRequire(import.meta.url).resolve("tree-sitter-python/tree-sitter-python.wasm"),
    );
    const ready = new Parser();
    ready.setLanguage(python);
    parser = ready;
  })();
  return loading;
}

export type { Node as SyntaxNode } from "web-tree-sitter";

/** Parses `text` as a Python module and hands the tree to `use`; the tree is freed afterwards. */
export function withPythonTree<T>(text: string, use: (root: Node) => T): T {
  if (parser === undefined)
    throw new Error("the Python grammar is not loaded: await loadPythonGrammar() before checking Python");
  const tree: Tree | null = parser.parse(text);
  if (tree === null) throw new Error("tree-sitter returned no tree");
  try {
    return use(tree.rootNode);
  } finally {
    tree.delete();
  }
}

/** Every node below `root` (root included), depth first, without recursion (trees may be deep). */
export function* descendants(root: Node): Generator<Node> {
  const cursor = root.walk();
  try {
    let descending = true;
    for (;;) {
      if (descending) {
        yield cursor.currentNode;
        if (cursor.gotoFirstChild()) continue;
      }
      if (cursor.gotoNextSibling()) {
        descending = true;
        continue;
      }
      if (!cursor.gotoParent()) return;
      descending = false;
    }
  } finally {
    cursor.delete();
  }
}
