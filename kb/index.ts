/** The operator knowledge base: typed, lazily loaded lookups over kb/data. */
export * from "./types.js";
export { kbDataDir, setKbDataDir, clearKbCache, packageRoot } from "./loader.js";
export {
  pixelShaderPreamble,
  shaderPreamble,
  DEFAULT_GLSL_VERSION,
  type ShaderKind,
  type ShaderSetup,
} from "./glsl/environment.js";
export {
  FAMILY_PRECEDENCE,
  isFamily,
  findIndexEntry,
  findOperatorsByLabel,
  getOperator,
  getOperatorByType,
  listFamily,
  listFamilyEntries,
  allOperatorEntries,
  typeForAlias,
  getParam,
  scalarNames,
  resolveTuplet,
  type ParamRef,
  type TupletRef,
} from "./lookup.js";
export {
  getSequences,
  getSequence,
  sequenceOf,
  sequenceBlockParams,
  readSequenceName,
  blockParamName,
  impliedBlockCount,
  type BlockParamMatch,
  type MalformedBlockName,
  type MalformedReason,
  type SequenceNameMatch,
} from "./sequences.js";
export {
  searchOperators,
  closestOperators,
  closestParameters,
  type OperatorMatch,
  type ParamMatch,
  type SearchOptions,
} from "./search.js";
export {
  validateValue,
  menuEntryAtIndex,
  expectedType,
  type ValidationResult,
  type ValueProblem,
  type ValueProblemKind,
  type ExpectedType,
} from "./validate.js";
export {
  pythonCatalog,
  getPythonClass,
  allMembers,
  moduleMembers,
  type PythonCatalog,
  type PythonClass,
  type PythonMember,
} from "./classes.js";
// Release profiles are kb/releases.js: they read the guide's data (YAML checked by zod), which
// `svc check` never needs.
export type { ReleaseProfile, ReleasesFile } from "./releases.js";
