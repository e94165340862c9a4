/**
 * Where `svc export --format tdn` reads a network: live through the bridge (its state as svc
 * reads it for a plan, positions included), or from a `.svcnet` file (the state its compiled
 * operations leave, laid out as an apply would lay it out).
 */
import { compile, type CompileInput } from "../../compiler/index.js";
import { packageVersion } from "../package-root.js";
import { hasErrors, type Diagnostic } from "../../diagnostics/index.js";
import {
  type BridgeClient,
  desiredState,
  networkRoots,
  type NetworkState,
  OWNER_TAG,
  readLiveNetwork,
  withoutGuards,
} from "../engine/index.js";
import { stateToTdn, type TdnExportProblem } from "./export-tdn.js";
import { tdnYaml } from "./write-yaml.js";

export interface TdnText {
  root: string;
  text: string;
  problems: TdnExportProblem[];
}

function write(state: NetworkState, tdBuild: string | undefined): TdnText {
  const { document, problems } = stateToTdn(state, {
    generator: `svc/${packageVersion()}`,
    exportedAt: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    ...(tdBuild ? { tdBuild } : {}),
  });
  return { root: state.root, text: tdnYaml(document), problems };
}

export async function liveTdn(client: BridgeClient, root: string): Promise<TdnText | undefined> {
  const live = await readLiveNetwork(client, root);
  if (!live.exists) return undefined;
  let tdBuild: string | undefined;
  try {
    tdBuild = (await client.get<{ td_version?: string }>("/api/info")).td_version;
  } catch {
    tdBuild = undefined;
  }
  // Guards a safety chain or a failover backup wired in front of outputs are theirs, not this network's.
  return write(
    withoutGuards(live.state, (p) => live.state.nodes.get(p)?.tags.includes(OWNER_TAG) === true),
    tdBuild,
  );
}

export async function fileTdn(
  input: CompileInput,
): Promise<{ ok: true; networks: TdnText[] } | { ok: false; diagnostics: Diagnostic[]; sources: Map<string, string> }> {
  const result = await compile(input);
  if (hasErrors(result.diagnostics) || result.operations === undefined) {
    return { ok: false, diagnostics: result.diagnostics, sources: new Map(result.program.sources) };
  }
  const ops = result.operations;
  return { ok: true, networks: networkRoots(ops).map((root) => write(desiredState(ops, root), undefined)) };
}
