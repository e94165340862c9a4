/**
 * Every `svc://` resource, one line each. To add one, write its file (a `FixedResource` or a
 * `TemplatedResource`, see registry.ts) and export it here.
 */
export { commandsResource } from "./commands.js";
export { languageResource } from "./language.js";
export { operatorsResource } from "./operators.js";
export { operatorConnectionsResource } from "./operator-connections.js";
export { pythonApiResource } from "./python-api.js";
export { tdVersionsResource } from "./td-versions.js";
export { recipeListResource, recipeResource, recipeSearchResource } from "./recipes.js";
export { digestResource } from "./digest.js";
export { sceneResource } from "./scene.js";
export { patternsResource, techniquesResource, glslResource, glslSnippetsResource } from "./patterns.js";
export {
  tutorialsResource,
  learningPathResource,
  cheatsheetsResource,
  cookbookResource,
  cookbookLanguageResource,
  raytkResource,
  promptsResource,
} from "./guide-docs.js";
export {
  compatOperatorsResource,
  compatPythonResource,
  tdExperimentalResource,
  tdClassesResource,
  operatorExamplesResource,
} from "./compat.js";
export { sessionProfileResource, projectBriefResource } from "./session.js";
