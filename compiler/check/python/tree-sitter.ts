/**
 * Python's real grammar, from tree-sitter-python's WebAssembly build run by web-tree-sitter: no
 * native code, the same parser everywhere Node runs. Loaded once, when this module is imported
 * (top-level await), so that the checks that use it stay synchronous.
 */
import { createRequire } from "node:module";
import { Language, Parser, type Node, type Tree } from "web-tree-sitter";

const require = createRequire(import.meta.url);

await Parser.init();
const python = await Language.load(require.resolve("tree-sitter-python/tree-sitter-python.wasm"));
const parser = new Parser();
parser.setLanguage(python);

export type { Node as SyntaxNode } from "web-tree-sitter";

/** Parses `text` as a Python module and hands the tree to `use`; the tree is freed afterwards. */
export function withPythonTree<T>(text: string, use: (root: Node) => T): T {
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
