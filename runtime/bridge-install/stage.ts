/**
 * Staging the bridge for TouchDesigner: copy the svc_bridge package and the Web Server DAT
 * callbacks template into a folder of the user's (default `~/.svc/bridge/<version>/`), and
 * write the one textport line that installs it into the open project.
 */
import { copyFileSync, existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** The folders copied, relative to bridge/; only their .py files travel. */
const STAGED_DIRS = ["svc_bridge", "callbacks"];
const RECORD = "VERSION_FINGERPRINT";

export class StageError extends Error {}

/** The repository (or installed package) root: the folder holding package.json above this file. */
export function svcRoot(): string {
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

/** BRIDGE_VERSION from bridge/svc_bridge/__init__.py: the one place the version lives. */
export function bridgeVersion(bridgeDir = bridgeSourceDir()): string {
  const source = readFileSync(join(bridgeDir, "svc_bridge", "__init__.py"), "utf8");
  const match = /^BRIDGE_VERSION\s*=\s*["']([^"']+)["']/m.exec(source);
  if (!match) throw new StageError("BRIDGE_VERSION is not defined in bridge/svc_bridge/__init__.py");
  return match[1]!;
}

export function defaultStageDir(version: string, home = homedir()): string {
  return join(home, ".svc", "bridge", version);
}

function pythonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...pythonFiles(full));
    else if (entry.isFile() && entry.name.endsWith(".py")) out.push(full);
  }
  return out.sort();
}

/** A folder we may replace: missing, empty, or one that an earlier staging made. */
function assertReplaceable(target: string): void {
  if (!existsSync(target)) return;
  if (!lstatSync(target).isDirectory()) throw new StageError(`${target} exists and is not a folder`);
  const names = readdirSync(target);
  const ours = new Set([...STAGED_DIRS, RECORD]);
  const foreign = names.filter((n) => !ours.has(n));
  if (foreign.length > 0) {
    throw new StageError(`${target} holds other files (${foreign.slice(0, 3).join(", ")}); choose an empty folder with --dir`);
  }
}

export interface StageResult {
  dir: string;
  version: string;
  files: string[];
}

/** Copies the bridge into `target`, replacing an earlier staging there. */
export function stageBridge(target: string, bridgeDir = bridgeSourceDir()): StageResult {
  const version = bridgeVersion(bridgeDir);
  assertReplaceable(target);
  for (const sub of STAGED_DIRS) rmSync(join(target, sub), { recursive: true, force: true });
  const files: string[] = [];
  for (const sub of STAGED_DIRS) {
    for (const file of pythonFiles(join(bridgeDir, sub))) {
      const rel = relative(bridgeDir, file);
      mkdirSync(dirname(join(target, rel)), { recursive: true });
      copyFileSync(file, join(target, rel));
      files.push(rel.split("\\").join("/"));
    }
  }
  if (existsSync(join(bridgeDir, RECORD))) copyFileSync(join(bridgeDir, RECORD), join(target, RECORD));
  return { dir: target, version, files };
}

/**
 * The textport line. JSON string escapes are valid Python escapes, so any path (Windows
 * backslashes, quotes, non-ASCII) survives. It drops an older svc_bridge from the module cache
 * so an upgrade takes effect without restarting TouchDesigner.
 */
export function textportLine(stageDir: string, port: number): string {
  const dir = JSON.stringify(stageDir);
  return (
    `import sys; d = ${dir}; [sys.modules.pop(m) for m in list(sys.modules) if m.split('.')[0] == 'svc_bridge']; ` +
    `sys.path.insert(0, d); import svc_bridge.install; svc_bridge.install.install(d, port=${port})`
  );
}
