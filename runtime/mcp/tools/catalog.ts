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
