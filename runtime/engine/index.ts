/**
 * The engine's one door: everything a front end (the CLIs, the MCP server, the language server, the
 * copilot, the dashboard) or a subsystem uses of the network-as-code loop is exported here, and
 * nothing outside runtime/engine/ imports a file behind it. What may import what: engine/README.md.
 *
 * Importing the door is cheap: the parser, the compiler, the GLSL checker and undici are loaded by
 * the functions that need them, on their first call, so a command that only talks to the bridge
 * does not pay for a compile.
 */

// The bridge client: one HTTP client per bridge, its errors and its configuration.
export { BridgeClient, BridgeError, bridgeConfigFromEnv, encodePath } from "./bridge-client/index.js";

// The loop for one `.svcnet` file: compile, plan, apply, verify, preview.
export { applyFile, planFile, type LoopResult } from "./loop/run-loop.js";
export { rootPathOf } from "./loop/root-path.js";

// Planning: the one shape of a network (desired, live, stored), the reads, the plan and its text.
export {
  OWNER_TAG,
  customScalarNames,
  hexColour,
  isDefaultColour,
  type CustomPageState,
  type CustomParState,
  type JsonValue,
  type NetworkState,
  type NodeState,
  type ParamState,
} from "./plan/network-state.js";
export { desiredState, networkRoots } from "./plan/desired-state.js";
export { APPLIED_KEY, readLiveNetwork } from "./plan/live-state.js";
export { readWholeTopology, type TopologyWire } from "./plan/paged-topology.js";
export { GUARD_PICTURE_SUFFIXES, GUARD_SUFFIXES, isGuardOf, withoutGuards } from "./plan/output-guards.js";
export { isEmptyPlan, type Plan } from "./plan/plan-types.js";
export type { NetworkPlan } from "./plan/plan-program.js";
export { planToJson, renderPlanText } from "./plan/render-plan.js";
export { readSavedPlan, savePlan, staleReasons } from "./plan/saved-plan.js";

// Applying: all or nothing, with progress; the preview of an output TOP.
export { type DeleteAuthorization, type Progress } from "./apply/apply-plan.js";
export { unfinishedAppliesOf } from "./apply/apply-journal.js";
export { recoverApplies, type RecoveryReport } from "./apply/recover.js";
export { readNetworkErrors } from "./plan/network-errors.js";
export { cookFrames, fetchPreview, type PreviewImage } from "./apply/preview.js";
export { MAX_PREVIEW_FRAMES } from "./apply/preview-limits.js";

// The live network back to text, and the semantic diff of two networks.
export { exportProgram, networkFromState, readExport, type ExportedNetwork } from "./export/export-network.js";
export * as astBuild from "./export/ast-build.js";
export { diffNetworks, isLivePath, readSides, type Side, type SideSpec } from "./diff/read-side.js";
export { renderDiffText } from "./diff/semantic-diff.js";

// A hand-built network managed by svc, and given back.
export { adopt, release } from "./adopt/adopt.js";

// The bridge's event stream.
export { BridgeEventStream, type BridgeEvent } from "./events/bridge-events.js";
export { eventText } from "./events/event-text.js";
