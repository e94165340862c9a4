import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "./package-root.js";

/** The file that holds BRIDGE_VERSION, the one place the bridge's version lives. */
const BRIDGE_VERSION_FILE = join("svc_bridge", "version.py");

/** BRIDGE_VERSION of the bridge in `bridgeDir` (a folder holding `svc_bridge/`), read from its source. */
export function bridgeVersionIn(bridgeDir: string): string {
  const source = readFileSync(join(bridgeDir, BRIDGE_VERSION_FILE), "utf8");
  const match = /^BRIDGE_VERSION\s*=\s*["']([^"']+)["']/m.exec(source);
  if (!match) throw new Error(`BRIDGE_VERSION is not defined in ${join(bridgeDir, BRIDGE_VERSION_FILE)}`);
  return match[1]!;
}

let cached: string | undefined;

/** The bridge version this package ships, read from the bridge's own source so there is one constant. */
export function shippedBridgeVersion(): string {
  cached ??= bridgeVersionIn(join(packageRoot(), "bridge"));
  return cached;
}

/** Compares dotted versions numerically: -1, 0 or 1. Non-numeric parts compare as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? "0";
    const y = pb[i] ?? "0";
    const nx = Number(x);
    const ny = Number(y);
    const c = Number.isFinite(nx) && Number.isFinite(ny) ? Math.sign(nx - ny) : x.localeCompare(y);
    if (c !== 0) return c;
  }
  return 0;
}
