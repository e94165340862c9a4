/**
 * A COMP saved as a .tox by the bridge (POST /api/nodes/{path}/save), then checked on this side:
 * the file exists and its checksum is taken. tdsim's .tox is its documented JSON stand-in
 * (bridge/sim/README.md), TouchDesigner's is binary: what a .tox holds is UNVERIFIED here.
 */
import { statSync } from "node:fs";
import { type BridgeClient, encodePath } from "../engine/index.js";
import { sha256File } from "./checksums.js";

export interface SavedTox {
  path: string;
  file: string;
  bytes: number;
  sha256: string;
}

export async function saveTox(client: BridgeClient, path: string, file: string, overwrite: boolean): Promise<SavedTox> {
  const r = await client.post<{ path: string; file_path: string; bytes: number }>(
    `/api/nodes/${encodePath(path)}/save`,
    { file_path: file, overwrite },
  );
  const stat = statSync(r.file_path);
  return { path: r.path, file: r.file_path, bytes: stat.size, sha256: sha256File(r.file_path) };
}
