/**
 * Every svc tool, one line each. To add a tool, write its file (a `defineTool(...)`, see
 * registry.ts) and export it here; the profiles it declares decide where it appears.
 */
export { searchOperators } from "./knowledge/search-operators.js";
export { getTdDocs } from "./knowledge/get-td-docs.js";
export { checkOperatorAvailability } from "./knowledge/check-operator-availability.js";
export { getParameterMenu } from "./knowledge/get-parameter-menu.js";
export { formatNetwork } from "./language/format-network.js";
export { validateNetwork } from "./language/validate-network.js";
export { findTdNodes } from "./live/find-td-nodes.js";
export { findTdParameters } from "./live/find-td-parameters.js";
export { getTdNodeErrors } from "./live/get-td-node-errors.js";
export { summarizeTdErrors } from "./live/summarize-td-errors.js";
export { getTdNodeFlags } from "./live/get-td-node-flags.js";
export { getNodeStateRuntime } from "./live/get-node-state-runtime.js";
export { getDatContent } from "./live/get-dat-content.js";
export { getPreview } from "./live/get-preview.js";
export { getInlinePreview } from "./live/get-inline-preview.js";
export { getTdInfo } from "./live/get-td-info.js";
export { executePythonScript } from "./live/execute-python-script.js";
export { execNodeMethod } from "./live/exec-node-method.js";
export { planNetwork } from "./network/plan-network.js";
export { applyNetwork } from "./network/apply-network.js";
export { exportNetworkTool } from "./network/export-network.js";
export { compactGraphDigest } from "./network/compact-graph-digest.js";
export { createTdNode } from "./edit/create-td-node.js";
export { createNodeChain } from "./edit/create-node-chain.js";
export { deleteTdNode } from "./edit/delete-td-node.js";
export { setParameter } from "./edit/set-parameter.js";
export { setParameterExpression } from "./edit/set-parameter-expression.js";
export { connectNodes } from "./edit/connect-nodes.js";
export { disconnectNodes } from "./edit/disconnect-nodes.js";
export { setDatContent } from "./edit/set-dat-content.js";
export { batchOperations } from "./edit/batch-operations.js";
export { arrangeNetwork } from "./edit/arrange-network.js";
export { serializeNetwork } from "./edit/serialize-network.js";
export { rebuildNetwork } from "./edit/rebuild-network.js";
export { repairNetwork } from "./edit/repair-network.js";
export { diffNetwork } from "./network/diff-network.js";
export { createControlPanel } from "./blocks/create-control-panel.js";
export { animateParameter } from "./blocks/animate-parameter.js";
export { createExternalIo } from "./blocks/create-external-io.js";
