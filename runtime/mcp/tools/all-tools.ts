/**
 * Every tool svc has, loaded: for `svc://commands` (imported when it is first read) and the tests.
 * A server imports only its profile's tools (server.ts).
 */
import { loadTools } from "./load-tools.js";
import { toolManifest } from "./tool-manifest.js";

/** The whole registry, in name order so tools/list is stable. */
export const allTools = await loadTools(toolManifest);
