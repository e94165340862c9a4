/**
 * Where packaging tools may write (and read files the client names) on this machine: inside the
 * workspace folder (SVC_MCP_WORKSPACE) or a root a trusted client offers (MCP roots; client-roots-trust.ts),
 * never elsewhere, never through a link. The folder is
 * made when missing. Files the bridge writes (a .tox) must also be in a folder the bridge allows
 * (the project folder or SVC_BRIDGE_EXPORT_DIR): the bridge checks that itself.
 */
import { existsSync, lstatSync, mkdirSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { z } from "zod";
import type { RequestExtra } from "../../logging.js";

export function outDirInput(what: string) {
  return z
    .string()
    .min(2)
    .max(1024)
    .describe(`${what}: an absolute folder inside the client's roots or SVC_MCP_WORKSPACE (made when missing)`);
}

export class OutputFolderError extends Error {
  constructor(
    readonly code:
      | "output-outside-workspace"
      | "output-not-absolute"
      | "output-link"
      | "output-not-folder"
      | "input-not-file"
      | "input-not-source",
    message: string,
  ) {
    super(message);
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** The roots writes may go to: the client's roots and SVC_MCP_WORKSPACE, real paths. */
export async function writableRoots(
  extra: RequestExtra | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const { clientRoots } = await import("../language/source-host.js");
  const workspace = env.SVC_MCP_WORKSPACE?.trim();
  const roots = [...(await clientRoots(extra)), ...(workspace ? [resolve(workspace)] : [])];
  return roots.filter((r) => existsSync(r)).map((r) => realpathSync(r));
}

/** The absolute path and the root it lies in, or an error saying where svc may go. */
function placeIn(given: string, roots: readonly string[]): { path: string; root: string } {
  if (!isAbsolute(given)) throw new OutputFolderError("output-not-absolute", `'${given}' must be an absolute path`);
  const path = resolve(given);
  const root = roots.find((r) => inside(r, path));
  if (root === undefined) {
    throw new OutputFolderError(
      "output-outside-workspace",
      roots.length === 0
        ? `${path} is out of reach: offer MCP roots or set SVC_MCP_WORKSPACE to the folder svc may use`
        : `${path} is outside the folders svc may use (${roots.join(", ")})`,
    );
  }
  return { path, root };
}

/** Checks `dir` against the roots and makes it; returns its absolute path. */
function confineOutputFolder(dir: string, roots: readonly string[]): string {
  const { path, root } = placeIn(dir, roots);
  // Every existing part from the root down must be a real folder, not a link out of it.
  let at = path;
  const parts: string[] = [];
  while (at !== root && at !== dirname(at)) {
    parts.unshift(at);
    at = dirname(at);
  }
  for (const part of parts) {
    if (!existsSync(part)) break;
    const stat = lstatSync(part);
    if (stat.isSymbolicLink())
      throw new OutputFolderError("output-link", `${part} is a link; svc writes only into real folders`);
    if (!stat.isDirectory()) throw new OutputFolderError("output-not-folder", `${part} is a file, not a folder`);
  }
  mkdirSync(path, { recursive: true });
  if (!inside(root, realpathSync(path)))
    throw new OutputFolderError("output-outside-workspace", `${path} leads outside ${root}`);
  return path;
}

export async function outputFolder(dir: string, extra: RequestExtra | undefined): Promise<string> {
  return confineOutputFolder(dir, await writableRoots(extra));
}

/** A file the client names for svc to read: inside the same roots, a regular file, no link, of a kind in `extensions`. */
export function confineInputFile(file: string, roots: readonly string[], extensions: readonly string[]): string {
  const { path, root } = placeIn(file, roots);
  if (!extensions.some((e) => path.toLowerCase().endsWith(e)))
    throw new OutputFolderError(
      "input-not-source",
      `${path} is not a ${extensions.join(" or ")} file; svc reads only those here`,
    );
  if (!existsSync(path) || lstatSync(path).isSymbolicLink() || !lstatSync(path).isFile())
    throw new OutputFolderError("input-not-file", `${path} is not a regular file`);
  if (!inside(root, realpathSync(path))) throw new OutputFolderError("output-link", `${path} leads outside ${root}`);
  return path;
}

/** An existing folder the client names for svc to read: inside the roots, not leading out of them. */
export function confineInputFolder(dir: string, roots: readonly string[]): string {
  const { path, root } = placeIn(dir, roots);
  if (!existsSync(path) || !lstatSync(path).isDirectory())
    throw new OutputFolderError("output-not-folder", `${path} is not a folder`);
  if (!inside(root, realpathSync(path))) throw new OutputFolderError("output-link", `${path} leads outside ${root}`);
  return path;
}
