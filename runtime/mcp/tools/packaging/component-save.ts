/** manage_component save: the COMP as .tox and .svcnet in a new version folder, with its manifest and checksums. */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BridgeClient } from "../../../engine/index.js";
import { writeJson } from "../../../artifacts/artifact.js";
import { writeChecksums } from "../../../artifacts/checksums.js";
import { componentDir, type ComponentManifest } from "../../../artifacts/component-library.js";
import { leafName, readLiveTree } from "../../../artifacts/live-tree.js";
import { provenanceOf } from "../../../artifacts/provenance.js";
import { saveTox } from "../../../artifacts/tox-file.js";
import { PackagingError } from "./packaging-failure.js";

export interface SavedComponent {
  name: string;
  version: string;
  dir: string;
  manifest: ComponentManifest;
}

export async function saveComponent(
  client: BridgeClient,
  library: string,
  req: { path: string; version: string; name?: string; description: string },
): Promise<SavedComponent> {
  const { exportProgram, readExport } = await import("../../../engine/index.js");
  const name = req.name ?? leafName(req.path);
  const dir = componentDir(library, name, req.version);
  if (existsSync(dir))
    throw new PackagingError(
      "version-exists",
      `${name} ${req.version} is already in the library (${dir}); a saved version is never replaced: save a new version`,
    );
  const exported = await readExport(client, req.path);
  if (exported === undefined) throw new PackagingError("not-found", `nothing is at ${req.path}`);
  // The component's network carries the component's name: load builds it under that name.
  const text = await exportProgram([
    { ...exported, network: { ...exported.network, name: { ...exported.network.name, name } } },
  ]);
  mkdirSync(dir, { recursive: true });
  try {
    const tree = await readLiveTree(client, req.path);
    const tox = await saveTox(client, req.path, join(dir, `${name}.tox`), false);
    writeFileSync(join(dir, `${name}.svcnet`), text);
    const manifest: ComponentManifest = {
      format: "svc-component",
      name,
      version: req.version,
      description: req.description,
      tox: `${name}.tox`,
      svcnet: `${name}.svcnet`,
      provenance: { ...(await provenanceOf(client, tree)), ...{ tox_sha256: tox.sha256 } },
    };
    writeJson(dir, "component.json", manifest);
    writeChecksums(dir);
    return { name, version: req.version, dir, manifest };
  } catch (err) {
    // A version folder is complete or absent: a failed save leaves nothing half-written.
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
