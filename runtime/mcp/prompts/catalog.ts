/**
 * Every prompt, one line each. To add one, write its file (a `definePrompt(...)`, see registry.ts)
 * and export it here; it is offered once every tool it names is registered.
 */
export { findOperatorPrompt } from "./find-operator.js";
export { writeNetworkPrompt } from "./write-network.js";
export { buildNetworkPrompt } from "./build-network.js";
