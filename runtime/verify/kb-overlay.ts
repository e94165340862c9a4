/**
 * Knowledge-base overlays: the shipped kb merged with what one build reported (`svc kb sync --live`),
 * kept per build under svc's folder (`<SVC_HOME>/kb/<build>/data`, the dump beside it). SVC_KB_BUILD
 * names the overlay svc's commands, the language server and the MCP server use: a build name, or
 * `bridge` for the build the running bridge reports.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { ImportReport } from "../../kb/import/merge.js";
import type { Dump } from "../../kb/import/dump-schema.js";
import { writeFileAtomic } from "../atomic-write.js";
import { svcHome } from "../onboarding/places.js";

export interface BuildNameParts {
  product?: string | null;
  version?: string | null;
  build?: string | null;
}

/** `TouchDesigner-2025.32820`, `tdsim-2025.32460`: a folder name made of the build's parts. */
export function overlayName(parts: BuildNameParts): string {
  const raw = `${parts.product || "TouchDesigner"}-${parts.version ?? "unknown"}.${parts.build ?? "unknown"}`;
  return raw.replace(/[^A-Za-z0-9._-]+/g, "_");
}

function overlayRoot(env: NodeJS.ProcessEnv, name: string): string {
  return join(svcHome(env), "kb", name);
}

function overlayDataDir(env: NodeJS.ProcessEnv, name: string): string {
  return join(overlayRoot(env, name), "data");
}

/** The build the bridge reports (GET /api/info), or undefined when none answers within a second and a half. */
async function bridgeBuild(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const url = (env.SVC_BRIDGE_URL?.trim() || "http://127.0.0.1:9980").replace(/\/+$/, "");
  const token = env.SVC_BRIDGE_TOKEN?.trim();
  try {
    const res = await fetch(`${url}/api/info`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(1_500),
    });
    if (res.status !== 200) return undefined;
    const data = ((await res.json()) as { data?: { product?: string; td_version?: string } }).data;
    const [version, build] = (data?.td_version ?? "").split(".");
    return overlayName({ product: data?.product ?? null, version: version ?? null, build: build ?? null });
  } catch {
    return undefined;
  }
}

/**
 * Points the knowledge base at the overlay `name` (else SVC_KB_BUILD's), when it exists; says on
 * `warn` why not otherwise. Returns the data folder used, or undefined for the shipped kb.
 */
export async function useKbOverlay(
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
  name = env.SVC_KB_BUILD?.trim(),
): Promise<string | undefined> {
  if (!name) return undefined;
  const build = name === "bridge" ? await bridgeBuild(env) : name;
  if (build === undefined) {
    warn("svc: SVC_KB_BUILD=bridge, but no bridge answered /api/info: using the shipped knowledge base\n");
    return undefined;
  }
  const dir = overlayDataDir(env, build);
  if (!existsSync(join(dir, "index.json"))) {
    warn(`svc: no knowledge base for build ${build} (run 'svc kb sync --live' against it): using the shipped one\n`);
    return undefined;
  }
  const { setKbDataDir } = await import("../../kb/index.js");
  setKbDataDir(dir);
  return dir;
}

/**
 * Writes the overlay `name`: a copy of the shipped data (`shipped`), into which the dump is merged when
 * `merge` (the build's values win: `svc kb import`'s rules), and the dump beside it. Built aside and
 * moved in whole, so a reader never sees half an overlay. Returns the import report (null when not merged).
 */
export async function writeOverlay(
  env: NodeJS.ProcessEnv,
  name: string,
  shipped: string,
  dump: Dump,
  merge: boolean,
): Promise<{ dataDir: string; report: ImportReport | null }> {
  const { importDump } = await import("../../kb/import/apply.js");
  const root = overlayRoot(env, name);
  const fresh = join(root, `data.new-${process.pid}`);
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  cpSync(shipped, fresh, { recursive: true });
  const report = merge ? importDump(fresh, dump) : null;
  const target = overlayDataDir(env, name);
  rmSync(target, { recursive: true, force: true });
  renameSync(fresh, target);
  await writeFileAtomic(join(root, "dump.json"), JSON.stringify(dump) + "\n");
  return { dataDir: target, report };
}
