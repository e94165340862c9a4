/**
 * External files a network references: every parameter of style File or Folder with a value
 * (movies, images, fonts, shaders, tables). Collected into a bundle folder, one copy per distinct
 * source file, each with its SHA-256; missing files and folders are reported, never invented.
 */
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { basename, extname, isAbsolute, join, resolve } from "node:path";
import { sha256 } from "./checksums.js";
import type { LiveTree } from "./live-tree.js";

/** Parameter styles that hold a path to a file the network reads. */
const FILE_STYLES = new Set(["File", "Folder"]);
/** A single collected file larger than this is refused (a bundle is not a media library). */
const MAX_DEPENDENCY_BYTES = 512 * 1024 * 1024;

export interface FileReference {
  node: string;
  param: string;
  /** As the parameter holds it. */
  value: string;
  style: string;
  /** Where it resolves on this machine (relative values against `base`). */
  resolved: string;
}

export function fileReferences(tree: LiveTree, base: string | undefined): FileReference[] {
  const refs: FileReference[] = [];
  for (const node of tree.nodes) {
    for (const p of Object.values(node.params ?? {})) {
      if (!p.style || !FILE_STYLES.has(p.style) || typeof p.value !== "string" || p.value.trim() === "") continue;
      const value = p.value.trim();
      const resolved = isAbsolute(value) || base === undefined ? resolve(value) : resolve(base, value);
      refs.push({ node: node.path, param: p.name, value, style: p.style, resolved });
    }
  }
  return refs;
}

interface CollectedFile {
  source: string;
  /** Path inside the bundle folder, '/'-separated. */
  file: string;
  sha256: string;
  bytes: number;
  usedBy: { node: string; param: string }[];
}

interface UncollectedReference extends FileReference {
  reason: "missing" | "folder" | "too-large" | "not-regular";
}

export interface DependencyBundle {
  collected: CollectedFile[];
  uncollected: UncollectedReference[];
}

/** A name in `files/` not yet taken: the source's name, then name-2, name-3... */
function freeName(taken: Set<string>, source: string): string {
  const ext = extname(source);
  const stem = basename(source, ext).replace(/[^A-Za-z0-9._-]/g, "_") || "file";
  let name = `${stem}${ext}`;
  for (let i = 2; taken.has(name); i++) name = `${stem}-${i}${ext}`;
  taken.add(name);
  return name;
}

/** Copies every referenced regular file into `<dir>/files/` (with `dryRun` only says what it would). */
export function collectDependencies(refs: readonly FileReference[], dir: string, dryRun = false): DependencyBundle {
  const bySource = new Map<string, CollectedFile>();
  const uncollected: UncollectedReference[] = [];
  const taken = new Set<string>();
  for (const ref of refs) {
    const known = bySource.get(ref.resolved);
    if (known) {
      known.usedBy.push({ node: ref.node, param: ref.param });
      continue;
    }
    if (!existsSync(ref.resolved)) {
      uncollected.push({ ...ref, reason: "missing" });
      continue;
    }
    const link = lstatSync(ref.resolved);
    const stat = statSync(ref.resolved);
    if (stat.isDirectory()) {
      uncollected.push({ ...ref, reason: "folder" });
      continue;
    }
    if (!stat.isFile() || (link.isSymbolicLink() && !stat.isFile())) {
      uncollected.push({ ...ref, reason: "not-regular" });
      continue;
    }
    if (stat.size > MAX_DEPENDENCY_BYTES) {
      uncollected.push({ ...ref, reason: "too-large" });
      continue;
    }
    const data = readFileSync(ref.resolved);
    const file = `files/${freeName(taken, ref.resolved)}`;
    if (!dryRun) {
      mkdirSync(join(dir, "files"), { recursive: true });
      copyFileSync(ref.resolved, join(dir, file));
    }
    bySource.set(ref.resolved, {
      source: ref.resolved,
      file,
      sha256: sha256(data),
      bytes: data.length,
      usedBy: [{ node: ref.node, param: ref.param }],
    });
  }
  return { collected: [...bySource.values()], uncollected };
}
