/**
 * A .tox artifact folder, shared by make_portable_tox and export_look_tox: the COMP saved as
 * `<name>.tox` by the bridge, `provenance.json`, a README with its picture (unless turned off),
 * extra manifests, and SHA256SUMS over all of it. tdsim's .tox is its JSON stand-in; every
 * artifact says the real binary is UNVERIFIED until saved and loaded in TouchDesigner.
 */
import { join } from "node:path";
import type { BridgeClient } from "../../../engine/index.js";
import { writeChecksums, type ChecksumEntry } from "../../../artifacts/checksums.js";
import { writeJson } from "../../../artifacts/artifact.js";
import { leafName, readLiveTree, type LiveTree } from "../../../artifacts/live-tree.js";
import { provenanceOf, type Provenance } from "../../../artifacts/provenance.js";
import { saveTox, type SavedTox } from "../../../artifacts/tox-file.js";
import { makeReadme } from "./readme-files.js";

export const TOX_EVIDENCE =
  "UNVERIFIED: the .tox was written by the environment's COMP.save(); under tdsim it is tdsim's JSON stand-in, not TouchDesigner's binary";

export interface ToxArtifactRequest {
  path: string;
  dir: string;
  overwrite: boolean;
  includeReadme: boolean;
  readmeTitle?: string;
  readmeSections?: { heading: string; body: string }[];
  author?: string;
  /** More manifests to write beside it, name to content, made from the tree read once. */
  manifests?: (tree: LiveTree, provenance: Provenance) => Record<string, unknown>;
}

export interface ToxArtifact {
  tox: SavedTox;
  provenance: Provenance;
  readme: string | null;
  files: ChecksumEntry[];
  tree: LiveTree;
}

export async function writeToxArtifact(client: BridgeClient, req: ToxArtifactRequest): Promise<ToxArtifact> {
  const tree = await readLiveTree(client, req.path);
  const provenance = await provenanceOf(client, tree, req.author);
  const tox = await saveTox(client, req.path, join(req.dir, `${leafName(req.path)}.tox`), req.overwrite);
  writeJson(req.dir, "provenance.json", { ...provenance, tox_sha256: tox.sha256, evidence: TOX_EVIDENCE });
  for (const [name, value] of Object.entries(req.manifests?.(tree, provenance) ?? {})) writeJson(req.dir, name, value);
  let readme: string | null = null;
  if (req.includeReadme) {
    const made = await makeReadme(client, {
      path: req.path,
      includeMermaid: true,
      includePicture: true,
      maxNodes: 200,
      outDir: req.dir,
      ...(req.readmeTitle === undefined ? {} : { title: req.readmeTitle }),
      sections: [
        ...(req.readmeSections ?? []),
        {
          heading: "Use",
          body: `Drag \`${leafName(req.path)}.tox\` into a network, or load it with \`COMP.loadTox()\`. ${TOX_EVIDENCE}.`,
        },
        {
          heading: "Provenance",
          body: `From \`${provenance.source}\`, content SHA-256 \`${provenance.content_sha256}\`, TouchDesigner ${provenance.td_version}, bridge ${provenance.bridge_version}, svc ${provenance.svc_version}, ${provenance.created_at}. Check the files with \`sha256sum -c SHA256SUMS\`.`,
        },
      ],
    });
    readme = made.markdown;
  }
  return { tox, provenance, readme, files: writeChecksums(req.dir), tree };
}
