/**
 * After apply: the live network's cook errors and warnings (all of them, read in pages), each shown
 * at the `.svcnet` line of the node that raised it, rendered like compile diagnostics.
 */
import { diagnostic, NO_RANGE, type Diagnostic, type SourceRange } from "../../../diagnostics/index.js";
import type { BridgeClient } from "../bridge-client/index.js";
import type { NetworkState } from "../plan/network-state.js";
import { readNetworkErrors } from "../plan/network-errors.js";

/** tdsim and TouchDesigner append " (<path>)" to a message; the diagnostic names the node already. */
function cleanMessage(message: string, path: string): string {
  return message.endsWith(` (${path})`) ? message.slice(0, -(path.length + 3)) : message;
}

export interface VerifyResult {
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  complete: boolean;
}

type ShaderLineIn = typeof import("../../../compiler/check/glsl/shaders.js").shaderLineIn;

/** tdsim's (and svc's reading of TouchDesigner's) GLSL compile error: the DAT and the line in its text. */
const SHADER_ERROR = /shader compile error in (\/\S+), line (\d+):/;

/** A live shader compile error placed on the shader's own line, when the DAT's text came from the source. */
function shaderPlace(
  shaderLineIn: ShaderLineIn,
  message: string,
  desired: NetworkState,
  sources: ReadonlyMap<string, string>,
): { file: string; range: SourceRange } | undefined {
  const m = SHADER_ERROR.exec(message);
  const place = m === null ? undefined : desired.nodes.get(m[1]!)?.textSource;
  return place === undefined ? undefined : shaderLineIn(place, Number(m![2]), sources);
}

export async function verifyNetwork(
  client: BridgeClient,
  desired: NetworkState,
  sources: ReadonlyMap<string, string> = new Map(),
): Promise<VerifyResult> {
  // Read to the end in pages: a large network is verified whole, never reported "incomplete".
  const data = await readNetworkErrors(client, desired.root);
  const diagnostics: Diagnostic[] = [];
  // The GLSL checker's module is loaded only when a live error is a shader's.
  const shaders = [...data.errors, ...data.warnings].some((i) => SHADER_ERROR.test(i.message))
    ? await import("../../../compiler/check/glsl/shaders.js")
    : undefined;
  const rootSource = desired.nodes.get(desired.root)?.source;
  for (const issue of [...data.errors, ...data.warnings]) {
    const source = desired.nodes.get(issue.path)?.source ?? rootSource;
    const name = issue.path.startsWith(desired.root + "/") ? issue.path.slice(desired.root.length + 1) : issue.path;
    // A node the source does not declare is not svc's: its errors are reported apart and fail nothing.
    const owned = desired.nodes.has(issue.path);
    const code =
      issue.severity === "error" ? (owned ? "live-cook-error" : "live-cook-error-unowned") : "live-cook-warning";
    const help = owned ? [] : [`${issue.path} is not declared in the source`];
    const shader = shaders && shaderPlace(shaders.shaderLineIn, issue.message, desired, sources);
    const place = shader ?? (source === undefined ? undefined : { file: source.file, range: source.range });
    diagnostics.push(
      diagnostic(
        code,
        place?.range ?? NO_RANGE,
        { node: name, message: cleanMessage(issue.message, issue.path) },
        place?.file ? { file: place.file, help } : { help },
      ),
    );
  }
  const ownedErrors = data.errors.filter((e) => desired.nodes.has(e.path)).length;
  return {
    diagnostics,
    errors: ownedErrors,
    warnings: data.warnings.length + data.errors.length - ownedErrors,
    complete: data.complete,
  };
}
