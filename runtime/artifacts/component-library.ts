/**
 * A folder of reusable components: `<library>/<name>/<version>/` holds the COMP as `<name>.tox`
 * (saved by the environment) and as `<name>.svcnet` (svc's export, which is what `load` applies),
 * `component.json` (name, version, description, provenance) and SHA256SUMS. A version, once saved,
 * is never replaced: a change is a new version.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compareVersions } from "../bridge-version.js";
import { verifyChecksums, type ChecksumProblem } from "./checksums.js";
import type { Provenance } from "./provenance.js";

const COMPONENT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const VERSION = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

export interface ComponentManifest {
  format: "svc-component";
  name: string;
  version: string;
  description: string;
  tox: string;
  svcnet: string;
  provenance: Provenance;
}

export function componentDir(library: string, name: string, version: string): string {
  return join(library, name, version);
}

export interface ListedComponent {
  name: string;
  versions: string[];
  latest: string;
  description: string;
}

/** Every component with a readable manifest, versions newest last. */
export function listComponents(library: string): ListedComponent[] {
  if (!existsSync(library)) return [];
  const out: ListedComponent[] = [];
  for (const name of readdirSync(library).sort()) {
    if (!COMPONENT_NAME.test(name)) continue;
    const versions = readdirSync(join(library, name))
      .filter((v) => VERSION.test(v) && existsSync(join(library, name, v, "component.json")))
      .sort(compareVersions);
    if (versions.length === 0) continue;
    const latest = versions[versions.length - 1]!;
    out.push({ name, versions, latest, description: readManifest(library, name, latest).description });
  }
  return out;
}

function readManifest(library: string, name: string, version: string): ComponentManifest {
  return JSON.parse(
    readFileSync(join(componentDir(library, name, version), "component.json"), "utf8"),
  ) as ComponentManifest;
}

export interface ComponentCheck {
  manifest: ComponentManifest;
  dir: string;
  problems: ChecksumProblem[];
}

/** A saved version and whether its files still match their checksums. */
export function checkComponent(library: string, name: string, version: string): ComponentCheck {
  const dir = componentDir(library, name, version);
  return { manifest: readManifest(library, name, version), dir, problems: verifyChecksums(dir) };
}
