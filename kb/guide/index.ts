/** The guidance content of the knowledge base: see kb/guide/README.md. */
export * from "./patterns.js";
export { techniqueNetwork } from "./technique-network.js";
export { guideDataDir, setGuideDataDir, GuideDataError } from "./load.js";
export type { Pattern, Technique, TechniquePack, Uniform } from "./schema.js";
export * from "./docs.js";
export * from "./compat.js";
export * from "./search.js";
export type * from "./schema-docs.js";
export { COOKBOOK_LANGUAGES } from "./schema-docs.js";
