/**
 * Reading fields of a JSON object with their types checked: a missing required field, a field of
 * the wrong type, a key written twice and a key the format does not know are diagnostics at the
 * field, and the reader goes on so one run reports every problem of the file.
 */
import { jsonKind, type JsonObject, type JsonValue } from "./json-source.js";
import { childPath, type Located, type Report, type Where } from "./report.js";

export interface FieldOptions {
  required?: boolean;
}

export class ObjectFields {
  private readonly byKey = new Map<string, { value: JsonValue; at: Where }>();

  constructor(
    readonly source: JsonObject,
    readonly path: string,
    private readonly report: Report,
    known: readonly string[],
    /** What the object is, for "has no meaning" help ("a node"). */
    what: string,
  ) {
    const allowed = new Set(known);
    for (const e of source.entries) {
      const at = { path: childPath(path, e.key), range: e.keyRange };
      if (this.byKey.has(e.key)) {
        report.add(
          "import-duplicate-key",
          at,
          {},
          { help: ["JSON readers keep only one of the values; write the key once"] },
        );
        continue;
      }
      if (!allowed.has(e.key)) {
        report.add("import-unknown-field", at, {}, { help: [`${what} has the fields ${[...allowed].join(", ")}`] });
        continue;
      }
      this.byKey.set(e.key, { value: e.value, at: { path: childPath(path, e.key), range: e.value.range } });
    }
  }

  get where(): Where {
    return { path: this.path, range: this.source.range };
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The raw value of a field (any type), or undefined when absent. */
  raw(key: string, options: FieldOptions = {}): { value: JsonValue; at: Where } | undefined {
    const f = this.byKey.get(key);
    if (f === undefined && options.required) this.missing(key);
    return f;
  }

  private missing(key: string): void {
    // A missing field has no range of its own: point at the object's opening brace.
    const r = this.source.range;
    this.report.add("import-missing-field", {
      path: childPath(this.path, key),
      range: { start: r.start, end: { ...r.start, column: r.start.column + 1, offset: r.start.offset + 1 } },
    });
  }

  private typed<K extends JsonValue["kind"]>(
    key: string,
    kind: K,
    expected: string,
    options: FieldOptions,
  ): { node: Extract<JsonValue, { kind: K }>; at: Where } | undefined {
    const f = this.raw(key, options);
    if (f === undefined) return undefined;
    // An optional field written as null reads as absent (JSON writers often emit null for "none").
    if (f.value.kind === "null" && !options.required) return undefined;
    if (f.value.kind !== kind) {
      this.report.add("import-field-type", f.at, { expected, actual: jsonKind(f.value) });
      return undefined;
    }
    return { node: f.value as Extract<JsonValue, { kind: K }>, at: f.at };
  }

  string(key: string, options: FieldOptions = {}): Located<string> | undefined {
    const v = this.typed(key, "string", "a string", options);
    return v && { value: v.node.value, at: v.at };
  }

  /** A non-empty string: an empty name is reported like a missing one would be, at the field. */
  name(key: string, options: FieldOptions = {}): Located<string> | undefined {
    const v = this.string(key, options);
    if (v !== undefined && v.value.trim() === "") {
      this.report.add("import-invalid-value", v.at, { value: "empty", expected: "a non-empty name" });
      return undefined;
    }
    return v;
  }

  number(key: string, options: FieldOptions & { integer?: boolean; min?: number } = {}): Located<number> | undefined {
    const v = this.typed(key, "number", options.integer ? "a whole number" : "a number", options);
    if (v === undefined) return undefined;
    const n = v.node.value;
    if (options.integer && !Number.isInteger(n)) {
      this.report.add("import-field-type", v.at, { expected: "a whole number", actual: String(n) });
      return undefined;
    }
    if (options.min !== undefined && n < options.min) {
      this.report.add("import-invalid-value", v.at, { value: String(n), expected: `at least ${options.min}` });
      return undefined;
    }
    return { value: n, at: v.at };
  }

  boolean(key: string, options: FieldOptions = {}): Located<boolean> | undefined {
    const v = this.typed(key, "boolean", "true or false", options);
    return v && { value: v.node.value, at: v.at };
  }

  /** An array's items with their own paths. */
  array(key: string, options: FieldOptions = {}): Array<{ value: JsonValue; at: Where }> | undefined {
    const v = this.typed(key, "array", "an array", options);
    if (v === undefined) return undefined;
    return v.node.items.map((item, i) => ({ value: item, at: { path: childPath(v.at.path, i), range: item.range } }));
  }

  object(key: string, options: FieldOptions = {}): { node: JsonObject; at: Where } | undefined {
    return this.typed(key, "object", "an object", options);
  }
}

/** An item that must be an object, or a diagnostic. */
export function asObject(
  item: { value: JsonValue; at: Where },
  report: Report,
  expected = "an object",
): JsonObject | undefined {
  if (item.value.kind === "object") return item.value;
  report.add("import-field-type", item.at, { expected, actual: jsonKind(item.value) });
  return undefined;
}

/** An item that must be a string, or a diagnostic. */
export function asString(item: { value: JsonValue; at: Where }, report: Report): Located<string> | undefined {
  if (item.value.kind === "string") return { value: item.value.value, at: item.at };
  report.add("import-field-type", item.at, { expected: "a string", actual: jsonKind(item.value) });
  return undefined;
}
