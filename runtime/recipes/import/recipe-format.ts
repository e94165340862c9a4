/**
 * The JSON recipe format svc imports (the format of the product svc replaces), read into typed
 * records that remember where each field was written. Only the shape is checked here: types,
 * required fields, unknown keys. What the fields mean (operators, parameters, node names) is
 * checked while converting.
 */
import { asObject, asString, ObjectFields } from "./json-fields.js";
import type { JsonValue } from "./json-source.js";
import { childPath, type Located, type Report, type Where } from "./report.js";

/** A field's raw value and where it is. */
interface JsonField {
  value: JsonValue;
  at: Where;
}

export interface NodeSpec {
  at: Where;
  name: Located<string>;
  type: Located<string>;
  /** `parameters{}`: TouchDesigner parameter names to values, in written order. */
  parameters: Array<{ name: Located<string>; value: JsonField }>;
  parent?: Located<string>;
  render?: Located<boolean>;
  comment?: Located<string>;
}

export interface ConnectionSpec {
  at: Where;
  from: Located<string>;
  to: Located<string>;
  fromOutput: number;
  toInput: number;
}

/** `parameters[]`: a node parameter exposed as a control (`value`) or driven by Python (`expr`). */
export interface ExposedParamSpec {
  at: Where;
  name?: Located<string>;
  node: Located<string>;
  param: Located<string>;
  value?: JsonField;
  expr?: Located<string>;
  label?: Located<string>;
  description?: Located<string>;
  min?: Located<number>;
  max?: Located<number>;
}

const UNIFORM_KINDS = ["float", "vec", "color"] as const;
type UniformKind = (typeof UNIFORM_KINDS)[number];

export interface UniformSpec {
  at: Where;
  node: Located<string>;
  name: Located<string>;
  kind: Located<UniformKind>;
  value?: JsonField;
  label?: Located<string>;
  description?: Located<string>;
  min?: Located<number>;
  max?: Located<number>;
}

export interface ControlTarget {
  at: Where;
  node: Located<string>;
  param: Located<string>;
}

/** `controls[]`: a control of the recipe's panel and the parameters it drives. */
export interface ControlSpec {
  at: Where;
  name: Located<string>;
  type?: Located<string>;
  default?: JsonField;
  min?: Located<number>;
  max?: Located<number>;
  label?: Located<string>;
  description?: Located<string>;
  /** Menu entries (names), for a `menu` control. */
  entries?: Array<Located<string>>;
  targets: ControlTarget[];
}

/** `glsl_code{}` / `python_code{}`: source text by node name. */
export interface CodeSpec {
  node: Located<string>;
  code: Located<string>;
}

export interface RecipeDocument {
  at: Where;
  id?: Located<string>;
  name?: Located<string>;
  description?: Located<string>;
  tags: Array<Located<string>>;
  difficulty?: Located<string>;
  tdVersionMin?: Located<string>;
  previewDescription?: Located<string>;
  nodes: NodeSpec[];
  connections: ConnectionSpec[];
  parameters: ExposedParamSpec[];
  uniforms: UniformSpec[];
  glslCode: CodeSpec[];
  pythonCode: CodeSpec[];
  controls: ControlSpec[];
}

const TOP_FIELDS = [
  "id",
  "name",
  "description",
  "tags",
  "difficulty",
  "td_version_min",
  "nodes",
  "connections",
  "parameters",
  "glsl_uniforms",
  "glsl_code",
  "python_code",
  "controls",
  "preview_description",
] as const;
const NODE_FIELDS = ["name", "type", "parameters", "parent", "render", "comment"];
const CONNECTION_FIELDS = ["from", "to", "from_output", "to_input"];
const EXPOSED_FIELDS = ["name", "node", "param", "value", "expr", "label", "description", "min", "max"];
const UNIFORM_FIELDS = ["node", "name", "kind", "value", "label", "description", "min", "max"];
const CONTROL_FIELDS = [
  "name",
  "type",
  "default",
  "min",
  "max",
  "label",
  "description",
  "entries",
  "targets",
  "bind_to",
];
const TARGET_FIELDS = ["node", "param"];

function readNode(item: JsonField, report: Report): NodeSpec | undefined {
  const obj = asObject(item, report);
  if (obj === undefined) return undefined;
  const f = new ObjectFields(obj, item.at.path, report, NODE_FIELDS, "a node");
  const name = f.name("name", { required: true });
  const type = f.name("type", { required: true });
  const params = f.object("parameters");
  const parameters: NodeSpec["parameters"] = [];
  const seen = new Set<string>();
  for (const e of params?.node.entries ?? []) {
    const path = childPath(params!.at.path, e.key);
    if (seen.has(e.key)) report.add("import-duplicate-key", { path, range: e.keyRange });
    else
      parameters.push({
        name: { value: e.key, at: { path, range: e.keyRange } },
        value: { value: e.value, at: { path, range: e.value.range } },
      });
    seen.add(e.key);
  }
  const parent = f.name("parent");
  const render = f.boolean("render");
  const comment = f.string("comment");
  if (name === undefined || type === undefined) return undefined;
  return {
    at: item.at,
    name,
    type,
    parameters,
    ...(parent && { parent }),
    ...(render && { render }),
    ...(comment && { comment }),
  };
}

function readConnection(item: JsonField, report: Report): ConnectionSpec | undefined {
  const obj = asObject(item, report);
  if (obj === undefined) return undefined;
  const f = new ObjectFields(obj, item.at.path, report, CONNECTION_FIELDS, "a connection");
  const from = f.name("from", { required: true });
  const to = f.name("to", { required: true });
  const fromOutput = f.number("from_output", { integer: true, min: 0 });
  const toInput = f.number("to_input", { integer: true, min: 0 });
  if (from === undefined || to === undefined) return undefined;
  return { at: item.at, from, to, fromOutput: fromOutput?.value ?? 0, toInput: toInput?.value ?? 0 };
}

function readExposed(item: JsonField, report: Report): ExposedParamSpec | undefined {
  const obj = asObject(item, report);
  if (obj === undefined) return undefined;
  const f = new ObjectFields(obj, item.at.path, report, EXPOSED_FIELDS, "an exposed parameter");
  const spec = {
    at: item.at,
    name: f.name("name"),
    node: f.name("node", { required: true }),
    param: f.name("param", { required: true }),
    value: f.raw("value"),
    expr: f.string("expr"),
    label: f.string("label"),
    description: f.string("description"),
    min: f.number("min"),
    max: f.number("max"),
  };
  if (spec.node === undefined || spec.param === undefined) return undefined;
  return strip(spec) as ExposedParamSpec;
}

function readUniform(item: JsonField, report: Report): UniformSpec | undefined {
  const obj = asObject(item, report);
  if (obj === undefined) return undefined;
  const f = new ObjectFields(obj, item.at.path, report, UNIFORM_FIELDS, "a GLSL uniform");
  const kind = f.string("kind", { required: true });
  let uniformKind: Located<UniformKind> | undefined;
  if (kind !== undefined) {
    if ((UNIFORM_KINDS as readonly string[]).includes(kind.value)) uniformKind = kind as Located<UniformKind>;
    else
      report.add("import-invalid-value", kind.at, {
        value: JSON.stringify(kind.value),
        expected: `one of ${UNIFORM_KINDS.join(", ")}`,
      });
  }
  const spec = {
    at: item.at,
    node: f.name("node", { required: true }),
    name: f.name("name", { required: true }),
    kind: uniformKind,
    value: f.raw("value"),
    label: f.string("label"),
    description: f.string("description"),
    min: f.number("min"),
    max: f.number("max"),
  };
  if (spec.node === undefined || spec.name === undefined || spec.kind === undefined) return undefined;
  return strip(spec) as UniformSpec;
}

function readTarget(item: JsonField, report: Report): ControlTarget | undefined {
  const obj = asObject(item, report, "an object with node and param");
  if (obj === undefined) return undefined;
  const f = new ObjectFields(obj, item.at.path, report, TARGET_FIELDS, "a control target");
  const node = f.name("node", { required: true });
  const param = f.name("param", { required: true });
  return node && param && { at: item.at, node, param };
}

/** A `bind_to` entry: `"node.param"` (the last dot divides them), a target like `targets[]`'s. */
function readBindTo(item: JsonField, report: Report): ControlTarget | undefined {
  const text = asString(item, report);
  if (text === undefined) return undefined;
  const dot = text.value.lastIndexOf(".");
  if (dot <= 0 || dot === text.value.length - 1) {
    report.add(
      "import-invalid-value",
      item.at,
      { value: JSON.stringify(text.value), expected: '"node.parameter"' },
      {
        help: ['bind_to names each parameter the control drives as node.parameter, e.g. "feedback1.opacity"'],
      },
    );
    return undefined;
  }
  const at = item.at;
  return { at, node: { value: text.value.slice(0, dot), at }, param: { value: text.value.slice(dot + 1), at } };
}

function readControl(item: JsonField, report: Report): ControlSpec | undefined {
  const obj = asObject(item, report);
  if (obj === undefined) return undefined;
  const f = new ObjectFields(obj, item.at.path, report, CONTROL_FIELDS, "a control");
  const spec = {
    at: item.at,
    name: f.name("name", { required: true }),
    type: f.name("type"),
    default: f.raw("default"),
    min: f.number("min"),
    max: f.number("max"),
    label: f.string("label"),
    description: f.string("description"),
    entries: f
      .array("entries")
      ?.map((e) => asString(e, report))
      .filter((e) => e !== undefined),
    targets: [
      ...(f.array("targets") ?? []).map((t) => readTarget(t, report)),
      ...(f.array("bind_to") ?? []).map((t) => readBindTo(t, report)),
    ].filter((t) => t !== undefined),
  };
  if (spec.name === undefined) return undefined;
  return strip(spec) as ControlSpec;
}

function readCode(fields: ObjectFields, key: string, report: Report): CodeSpec[] {
  const obj = fields.object(key);
  if (obj === undefined) return [];
  const out: CodeSpec[] = [];
  const seen = new Set<string>();
  for (const e of obj.node.entries) {
    const path = childPath(obj.at.path, e.key);
    if (seen.has(e.key)) {
      report.add("import-duplicate-key", { path, range: e.keyRange });
      continue;
    }
    seen.add(e.key);
    const code = asString({ value: e.value, at: { path, range: e.value.range } }, report);
    if (code !== undefined) out.push({ node: { value: e.key, at: { path, range: e.keyRange } }, code });
  }
  return out;
}

/** Drops the fields that were absent, so optional properties are missing rather than undefined. */
function strip<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function list<T>(
  fields: ObjectFields,
  key: string,
  read: (item: JsonField, report: Report) => T | undefined,
  report: Report,
): T[] {
  return (fields.array(key) ?? []).map((item) => read(item, report)).filter((x): x is T => x !== undefined);
}

/** Reads the document's shape; undefined when the top level is not an object. */
export function readRecipeDocument(root: JsonValue, report: Report): RecipeDocument | undefined {
  const at = { path: "$", range: root.range };
  const obj = asObject({ value: root, at }, report, "an object (one recipe)");
  if (obj === undefined) return undefined;
  const f = new ObjectFields(obj, "$", report, TOP_FIELDS, "a recipe");
  const doc: RecipeDocument = {
    at,
    tags: (f.array("tags") ?? []).map((t) => asString(t, report)).filter((t) => t !== undefined),
    nodes: list(f, "nodes", readNode, report),
    connections: list(f, "connections", readConnection, report),
    parameters: list(f, "parameters", readExposed, report),
    uniforms: list(f, "glsl_uniforms", readUniform, report),
    glslCode: readCode(f, "glsl_code", report),
    pythonCode: readCode(f, "python_code", report),
    controls: list(f, "controls", readControl, report),
  };
  const optional = {
    id: f.name("id"),
    name: f.string("name"),
    description: f.string("description"),
    difficulty: f.name("difficulty"),
    tdVersionMin: f.string("td_version_min"),
    previewDescription: f.string("preview_description"),
  };
  if (!f.has("nodes")) f.raw("nodes", { required: true });
  if (optional.id === undefined && optional.name === undefined) {
    report.add(
      "import-missing-field",
      {
        path: "$.id",
        range: {
          start: obj.range.start,
          end: { ...obj.range.start, column: obj.range.start.column + 1, offset: obj.range.start.offset + 1 },
        },
      },
      {},
      {
        help: ["the recipe is named after its id (or, without one, its name)"],
      },
    );
  }
  return { ...doc, ...strip(optional) };
}
