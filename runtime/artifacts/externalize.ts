/**
 * A COMP tree as files: one folder per COMP (nested as the COMPs are), in each an `operators.json`
 * listing the COMP's operators (type, non-default parameters, inputs) and every DAT's text as its
 * own file (`<name>.tsv` for tables, `<name>.txt` otherwise), so a network can be read, diffed and
 * versioned with ordinary tools. Bounded by MAX_TREE_BYTES.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { leafName, type LiveNode, type LiveTree } from "./live-tree.js";

const MAX_TREE_BYTES = 64 * 1024 * 1024;

export interface ExternalizedTree {
  folders: string[];
  files: string[];
  bytes: number;
}

function datFileName(node: LiveNode): string {
  return `${node.name}${node.type === "tableDAT" ? ".tsv" : ".txt"}`;
}

export function externalizeTree(tree: LiveTree, dir: string): ExternalizedTree {
  const top = join(dir, leafName(tree.root));
  const folderOf = (comp: string) => join(top, ...comp.slice(tree.root.length).split("/").filter(Boolean));
  const comps = [tree.root, ...tree.nodes.filter((n) => n.family === "COMP").map((n) => n.path)];
  const inputs = new Map<string, { input: number; source: string; output: number }[]>();
  for (const w of tree.wires) {
    const list = inputs.get(w.target) ?? [];
    list.push({ input: w.target_input, source: leafName(w.source), output: w.source_output });
    inputs.set(w.target, list);
  }
  const out: ExternalizedTree = { folders: [], files: [], bytes: 0 };
  const write = (file: string, text: string) => {
    out.bytes += Buffer.byteLength(text);
    if (out.bytes > MAX_TREE_BYTES)
      throw new Error(`the tree is over ${MAX_TREE_BYTES} bytes as files; export a smaller COMP`);
    writeFileSync(file, text);
    out.files.push(file);
  };
  for (const comp of comps) {
    const folder = folderOf(comp);
    mkdirSync(folder, { recursive: true });
    out.folders.push(folder);
    const children = tree.nodes.filter((n) => n.parent === comp);
    const listing = children.map((n) => ({
      name: n.name,
      type: n.type,
      family: n.family,
      params: Object.fromEntries(
        Object.values(n.params ?? {}).map((p) => [p.name, p.mode === "expression" ? { expr: p.expr } : p.value]),
      ),
      inputs: (inputs.get(n.path) ?? []).sort((a, b) => a.input - b.input),
      ...(n.family === "DAT" && n.text !== undefined ? { file: datFileName(n) } : {}),
      ...(n.family === "COMP" ? { folder: n.name } : {}),
      ...(n.comment ? { comment: n.comment } : {}),
    }));
    write(join(folder, "operators.json"), JSON.stringify({ comp, operators: listing }, null, 2) + "\n");
    for (const n of children)
      if (n.family === "DAT" && n.text !== undefined) write(join(folder, datFileName(n)), n.text);
  }
  return out;
}
