/**
 * Staging the bridge for TouchDesigner: copy the svc_bridge package and the Web Server DAT
 * callbacks template into a folder of the user's (default `~/.svc/bridge/<version>/`), and
 * write the one textport line that installs it into the open project.
 */
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { bridgeVersionIn } from "../bridge-version.js";

/** The folders copied, relative to bridge/; only their .py files travel. */
const STAGED_DIRS = ["svc_bridge", "callbacks"];
const RECORD = "VERSION_FINGERPRINT";

export class StageError extends Error {}

/** The repository (or installed package) root: the folder holding package.json above this file. */
function svcRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new StageError("svc's package.json was not found; is this a complete install?");
    dir = up;
  }
  return dir;
}

export function bridgeSourceDir(root = svcRoot()): string {
  return join(root, "bridge");
}

/** BRIDGE_VERSION of the bridge to stage (bridge/svc_bridge/version.py). */
export function bridgeVersion(bridgeDir = bridgeSourceDir()): string {
  try {
    return bridgeVersionIn(bridgeDir);
  } catch (error) {
    throw new StageError(error instanceof Error ? error.message : String(error));
  }
}

export function defaultStageDir(version: string, home = homedir()): string {
  return join(home, ".svc", "bridge", version);
}

/** Every .py file under dir, Python's caches left out, sorted. */
export function pythonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...pythonFiles(full));
    else if (entry.isFile() && entry.name.endsWith(".py")) out.push(full);
  }
  return out.sort();
}

/** Work folders of a staging in progress (or of one that was interrupted) inside the target. */
const WORK_PREFIX = ".staging-";

/** A folder we may replace: missing, empty, or one that an earlier staging made. */
function assertReplaceable(target: string): void {
  if (!existsSync(target)) return;
  if (!lstatSync(target).isDirectory()) throw new StageError(`${target} exists and is not a folder`);
  const names = readdirSync(target);
  const ours = new Set([...STAGED_DIRS, RECORD]);
  const foreign = names.filter((n) => !ours.has(n) && !n.startsWith(WORK_PREFIX));
  if (foreign.length > 0) {
    throw new StageError(
      `${target} holds other files (${foreign.slice(0, 3).join(", ")}); choose an empty folder with --dir`,
    );
  }
}

export interface StageResult {
  dir: string;
  version: string;
  files: string[];
  /** False when the folder already held exactly these files and was left untouched. */
  written: boolean;
}

/** The staged files, relative to bridge/ with forward slashes, and where each comes from. */
function sourceFiles(bridgeDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const sub of STAGED_DIRS) {
    for (const file of pythonFiles(join(bridgeDir, sub)))
      files.set(relative(bridgeDir, file).split("\\").join("/"), file);
  }
  if (existsSync(join(bridgeDir, RECORD))) files.set(RECORD, join(bridgeDir, RECORD));
  return files;
}

/** True when `target` holds these files byte for byte and nothing else (Python's caches aside). */
function alreadyStaged(target: string, files: Map<string, string>): boolean {
  if (!existsSync(target)) return false;
  const present = STAGED_DIRS.flatMap((sub) =>
    existsSync(join(target, sub))
      ? pythonFiles(join(target, sub)).map((f) => relative(target, f).split("\\").join("/"))
      : [],
  );
  if (existsSync(join(target, RECORD))) present.push(RECORD);
  if (present.length !== files.size) return false;
  return present.every((rel) => {
    const source = files.get(rel);
    return source !== undefined && readFileSync(join(target, rel)).equals(readFileSync(source));
  });
}

/** True when `target` holds exactly the bridge this svc ships. */
export function stagedCurrent(target: string, bridgeDir = bridgeSourceDir()): boolean {
  return alreadyStaged(target, sourceFiles(bridgeDir));
}

/**
 * Copies the bridge into `target`, replacing an earlier staging there.
 *
 * TouchDesigner may be importing from this very folder while it is staged again (the documented
 * flow runs `--verify`, which stages, against a running bridge). A folder caught half-copied
 * imports as an empty namespace package that Python keeps for the life of the process, so the
 * folder is never written in place: identical content is left alone, and new content is copied
 * into a work folder and moved in with one rename per staged folder.
 */
export function stageBridge(target: string, bridgeDir = bridgeSourceDir()): StageResult {
  const version = bridgeVersion(bridgeDir);
  assertReplaceable(target);
  const files = sourceFiles(bridgeDir);
  const listed = [...files.keys()].filter((rel) => rel !== RECORD);
  if (alreadyStaged(target, files)) return { dir: target, version, files: listed, written: false };
  mkdirSync(target, { recursive: true });
  for (const name of readdirSync(target)) {
    if (name.startsWith(WORK_PREFIX)) rmSync(join(target, name), { recursive: true, force: true });
  }
  const work = mkdtempSync(join(target, WORK_PREFIX));
  try {
    const fresh = join(work, "new");
    for (const [rel, source] of files) {
      mkdirSync(dirname(join(fresh, rel)), { recursive: true });
      copyFileSync(source, join(fresh, rel));
    }
    for (const sub of STAGED_DIRS) {
      if (existsSync(join(target, sub))) renameSync(join(target, sub), join(work, `old-${sub}`));
      if (existsSync(join(fresh, sub))) renameSync(join(fresh, sub), join(target, sub));
    }
    if (files.has(RECORD)) renameSync(join(fresh, RECORD), join(target, RECORD));
    else rmSync(join(target, RECORD), { force: true });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return { dir: target, version, files: listed, written: true };
}

/**
 * The textport line. JSON string escapes are valid Python escapes, so any path (Windows
 * backslashes, quotes, non-ASCII) survives. It drops an older svc_bridge from the module cache
 * so an upgrade takes effect without restarting TouchDesigner.
 */
/** Where `--palette` saves the bridge COMP: a folder (default: TouchDesigner's user palette folder) and a file name. */
export interface PaletteInstall {
  dir?: string;
  packageName: string;
}

export function textportLine(stageDir: string, port: number, palette?: PaletteInstall): string {
  const dir = JSON.stringify(stageDir);
  const paletteArgs =
    palette === undefined
      ? ""
      : `, palette=True, palette_dir=${palette.dir === undefined ? "None" : JSON.stringify(palette.dir)}, package_name=${JSON.stringify(palette.packageName)}`;
  return (
    `import sys; d = ${dir}; [sys.modules.pop(m) for m in list(sys.modules) if m.split('.')[0] == 'svc_bridge']; ` +
    `sys.path.insert(0, d); import svc_bridge.install; svc_bridge.install.install(d, port=${port}${paletteArgs})`
  );
}
