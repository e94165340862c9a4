/**
 * One `.tdn` file to one `.svcnet` network: the document's header, its COMP's controls and its
 * operators become a network of the same name, positions become the pinned layout, and every
 * `tdn_ref` brings in the file it names (relative to the referring file, else to an allowed root;
 * never outside the allowed roots, at most MAX_REF_DEPTH files deep, never in a loop). The text is
 * printed canonically and checked by the compiler; it is only returned when nothing is an error.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { basename, dirname, extname, isAbsolute, join, relative, resolve } from "node:path";
import { analyze } from "../../compiler/index.js";
import { sortDiagnostics, type Diagnostic } from "../../diagnostics/index.js";
import type * as A from "../../grammar/ast.js";
import { print } from "../../grammar/print.js";
import { networkFromState, type NetworkState, OWNER_TAG } from "../engine/index.js";
import { Report, type Where } from "../recipes/import/report.js";
import { IDENTIFIER, where, type Build, type FileContext } from "./context.js";
import { mergeCustomPages, noteStubDifferences, readCustomPars } from "./custom-pars.js";
import { isObject, kindOf, readTdnText, type TdnObject, type TdnValue } from "./document.js";
import { readOperatorList } from "./operators.js";
import { NO_RANGE } from "../../diagnostics/source-range.js";

/** The TDN major version this reader follows (the specification's 2.0, and 1.x before it). */
const KNOWN_TDN_VERSION = 2;
export const MAX_REF_DEPTH = 8;

const TOP_FIELDS = new Set([
  "format",
  "version",
  "build",
  "generator",
  "td_build",
  "source_file",
  "exported_at",
  "network_path",
  "type",
  "options",
  "type_defaults",
  "par_templates",
  "custom_pars",
  "parameters",
  "sequences",
  "flags",
  "color",
  "tags",
  "comment",
  "storage",
  "operators",
  "annotations",
]);
const TYPE_DEFAULT_FIELDS = new Set(["parameters", "flags", "size", "color", "tags"]);
/** Properties of the file's own COMP that a `.svcnet` network does not carry. */
const COMP_ONLY = ["parameters", "sequences", "flags", "color", "tags", "comment", "storage", "annotations"] as const;

export interface TdnImportOptions {
  /** Folders a tdn_ref may read from (default: the given file's folder). */
  allowedRoots?: string[];
  /** Reads a file's text (default: the disk, as UTF-8). */
  readText?: (path: string) => string;
}

export interface TdnImportResult {
  file: string;
  network?: string;
  text?: string;
  diagnostics: Diagnostic[];
  sources: Map<string, string>;
}

/** A network name from `network_path` (its last part) or the file's name. */
function networkName(doc: TdnValue, file: string): string {
  const fromPath =
    isObject(doc) && typeof doc.network_path === "string"
      ? doc.network_path.split("/").filter(Boolean).pop()
      : undefined;
  const raw = fromPath ?? basename(file, extname(file));
  const clean = raw.replace(/[^A-Za-z0-9_]/g, "_");
  return IDENTIFIER.test(clean) ? clean : `_${clean}`;
}

function versionOf(v: TdnValue | undefined): number | undefined {
  const major = Number.parseInt(String(v ?? ""), 10);
  return Number.isFinite(major) ? major : undefined;
}

/** Header fields of the file: kept as comments above the network. */
function provenance(doc: TdnObject): string[] {
  const parts = [
    ["generator", doc.generator],
    ["td_build", doc.td_build],
    ["source_file", doc.source_file],
    ["build", doc.build],
    ["exported_at", doc.exported_at],
  ].filter(([, v]) => typeof v === "string" || typeof v === "number");
  return parts.length === 0
    ? []
    : [`Imported from TDN ${String(doc.version ?? "")}: ${parts.map(([k, v]) => `${k} ${String(v)}`).join(", ")}`];
}

class Session {
  readonly reports: Report[] = [];
  readonly sources = new Map<string, string>();
  readonly roots: string[];
  readonly readText: (path: string) => string;

  constructor(
    readonly build: Build,
    file: string,
    options: TdnImportOptions,
    projectFile: string | undefined,
  ) {
    const project = projectFolder(file, projectFile);
    this.roots = [...(options.allowedRoots ?? [dirname(resolve(file))]), ...(project ? [project] : [])].map((r) =>
      resolve(r),
    );
    this.readText = options.readText ?? ((p) => readFileSync(p, "utf8"));
  }

  private real(path: string): string {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  }

  private inRoots(path: string): boolean {
    const real = this.real(path);
    return this.roots.some((root) => {
      const rel = relative(this.real(root), real);
      return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
    });
  }

  /** The file a tdn_ref names: beside the referring file, else under an allowed root. */
  private locateRef(ref: string, from: string): string | undefined {
    if (isAbsolute(ref)) return undefined;
    const candidates = [resolve(dirname(from), ref), ...this.roots.map((r) => resolve(r, ref))];
    return candidates.find((c) => this.inRoots(c) && existsSync(c));
  }

  loadRef(ref: string, comp: string, at: Where, parent: FileContext, chain: readonly string[]): boolean {
    const fail = (problem: string) => {
      parent.report.add("tdn-ref", at, { problem }, { help: [`allowed folders: ${this.roots.join(", ")}`] });
      return false;
    };
    if (parent.refDepth + 1 > MAX_REF_DEPTH) return fail(`tdn_ref '${ref}' is more than ${MAX_REF_DEPTH} files deep`);
    if (isAbsolute(ref)) return fail(`tdn_ref '${ref}' is absolute; it must be relative to the file`);
    const escapes = [resolve(dirname(parent.file), ref), ...this.roots.map((r) => resolve(r, ref))].every(
      (c) => !this.inRoots(c),
    );
    if (escapes) return fail(`tdn_ref '${ref}' leads outside the allowed folders`);
    const found = this.locateRef(ref, parent.file);
    if (found === undefined) return fail(`tdn_ref '${ref}' names no file`);
    if (chain.includes(this.real(found)))
      return fail(`tdn_ref '${ref}' leads back to a file that refers to it (a loop)`);
    const ctx = this.readFile(found, parent.refDepth + 1, [...chain, this.real(found)], comp);
    return ctx !== undefined;
  }

  /** Reads one file into the build at `comp` (the network root for the given file). */
  readFile(file: string, refDepth: number, chain: readonly string[], comp: string): FileContext | undefined {
    const report = new Report(file);
    this.reports.push(report);
    let text: string;
    try {
      text = this.readText(file);
    } catch (e) {
      report.add("tdn-invalid-document", { path: "$", range: NO_RANGE }, { problem: (e as Error).message });
      return undefined;
    }
    this.sources.set(file, text);
    const read = readTdnText(text);
    if (!read.ok) {
      report.add("tdn-invalid-document", { path: "$", range: read.range }, { problem: read.problem });
      return undefined;
    }
    const doc = read.value;
    const ctx: FileContext = {
      file,
      report,
      locate: read.locate,
      typeDefaults: {},
      templates: {},
      build: this.build,
      networkPath: isObject(doc) && typeof doc.network_path === "string" ? doc.network_path : undefined,
      loadRef: (ref, at, w, parent) => this.loadRef(ref, at, w, parent, chain),
      refDepth,
    };
    if (Array.isArray(doc)) {
      // The specification lets an importer take the operators list on its own.
      readOperatorList(doc, [], comp, 0, ctx);
      return ctx;
    }
    if (!isObject(doc)) {
      report.add("tdn-invalid-document", where(ctx, []), { problem: `the top level is ${kindOf(doc)}, not a mapping` });
      return undefined;
    }
    this.readTop(doc, comp, ctx);
    return ctx;
  }

  private readTop(doc: TdnObject, comp: string, ctx: FileContext): void {
    const at = (k: string) => where(ctx, [k]);
    if (doc.format !== "tdn")
      ctx.report.add("tdn-invalid-document", at("format"), {
        problem: `format is ${JSON.stringify(doc.format ?? null)}, not "tdn"`,
      });
    const version = versionOf(doc.version);
    if (version === undefined)
      ctx.report.add("tdn-field-type", at("version"), {
        expected: "a version such as '2.0'",
        actual: kindOf(doc.version),
      });
    else if (version > KNOWN_TDN_VERSION)
      ctx.report.add("tdn-version", at("version"), { version: String(doc.version), known: `${KNOWN_TDN_VERSION}.x` });
    for (const key of Object.keys(doc)) if (!TOP_FIELDS.has(key)) ctx.report.add("tdn-unknown-field", at(key));
    if (isObject(doc.type_defaults)) {
      ctx.typeDefaults = Object.fromEntries(Object.entries(doc.type_defaults).filter(([, v]) => isObject(v))) as Record<
        string,
        TdnObject
      >;
      // The specification hoists only these properties; any other is not applied to the operators.
      for (const [type, defaults] of Object.entries(ctx.typeDefaults)) {
        for (const key of Object.keys(defaults))
          if (!TYPE_DEFAULT_FIELDS.has(key))
            ctx.report.add("tdn-unknown-field", where(ctx, ["type_defaults", type, key]));
      }
    } else if (doc.type_defaults !== undefined)
      ctx.report.add("tdn-field-type", at("type_defaults"), {
        expected: "a mapping of operator types",
        actual: kindOf(doc.type_defaults),
      });
    if (isObject(doc.par_templates)) ctx.templates = doc.par_templates;
    else if (doc.par_templates !== undefined)
      ctx.report.add("tdn-field-type", at("par_templates"), {
        expected: "a mapping of template names",
        actual: kindOf(doc.par_templates),
      });
    const node = this.build.state.nodes.get(comp)!;
    const described =
      typeof doc.network_path === "string" ? doc.network_path.split("/").filter(Boolean).pop() : undefined;
    if (ctx.refDepth > 0 && described !== undefined && described !== comp.split("/").pop()) {
      // The specification names the COMP in the path for cross-validation: a mismatch is worth a look.
      ctx.report.add("tdn-normalised", at("network_path"), {
        what: `the file describes '${described}'; it is read into the COMP '${comp.split("/").pop()}' whose tdn_ref names it`,
      });
    }
    if (typeof doc.type === "string" && doc.type !== node.type) {
      ctx.report.add("tdn-normalised", at("type"), {
        what: `the file's COMP is a ${doc.type}; it is read into the ${node.type} '${comp.split("/").pop()}'`,
      });
    }
    if (isObject(doc.options)) {
      for (const key of Object.keys(doc.options))
        if (key !== "include_dat_content" && key !== "include_storage")
          ctx.report.add("tdn-unknown-field", where(ctx, ["options", key]));
      if (doc.options.include_dat_content === false)
        ctx.report.add("tdn-normalised", where(ctx, ["options", "include_dat_content"]), {
          what: "the file holds no DAT content; its DATs are built empty",
        });
    }
    if (doc.custom_pars !== undefined) {
      const own = readCustomPars(doc.custom_pars, ["custom_pars"], ctx);
      if (ctx.refDepth === 0) node.customPages = [...(node.customPages ?? []), ...own];
      else {
        // The COMP's tdn_ref stub may have repeated these controls: the file owns the COMP, its own win.
        const merged = mergeCustomPages(node.customPages ?? [], own);
        node.customPages = merged.pages;
        noteStubDifferences(merged.differing, ["custom_pars"], ctx);
      }
    }
    for (const key of COMP_ONLY) {
      const v = doc[key];
      if (
        v === undefined ||
        v === null ||
        (Array.isArray(v) && v.length === 0) ||
        (isObject(v) && Object.keys(v).length === 0)
      )
        continue;
      ctx.report.add("tdn-no-meaning", at(key), {
        what: `the file's own COMP ${key} (a network's COMP carries only its controls)`,
      });
    }
    if (doc.operators === undefined)
      ctx.report.add("tdn-field-type", at("operators"), { expected: "a list of operators", actual: "missing" });
    else readOperatorList(doc.operators, ["operators"], comp, 0, ctx);
  }
}

function layoutBlock(
  name: string,
  root: string,
  positions: Map<string, { x: number; y: number }>,
): A.LayoutBlock | null {
  if (positions.size === 0) return null;
  const entries = [...positions].map(([path, p]): A.LayoutEntry => ({
    kind: "LayoutEntry",
    path: `${name}${path.slice(root.length)}`,
    x: p.x,
    y: p.y,
    range: NO_RANGE,
  }));
  return { kind: "LayoutBlock", entries, range: NO_RANGE };
}

/**
 * The folder of the project an export came from: the nearest folder at or above the file's that
 * holds the `.toe` its `source_file` names. Embody writes a tdn_ref "relative from the
 * externalization folder", the project's, which may lie above the file given.
 */
function projectFolder(file: string, sourceFile: string | undefined): string | undefined {
  if (sourceFile === undefined || !/\.toe$/i.test(sourceFile) || basename(sourceFile) !== sourceFile) return undefined;
  let folder = dirname(resolve(file));
  for (;;) {
    if (existsSync(join(folder, sourceFile))) return folder;
    const up = dirname(folder);
    if (up === folder) return undefined;
    folder = up;
  }
}

/** Imports `file` (a path the diagnostics show; read through options.readText or the disk). */
export function importTdn(file: string, options: TdnImportOptions = {}): TdnImportResult {
  const readText = options.readText ?? ((p: string) => readFileSync(p, "utf8"));
  let first: string | undefined;
  try {
    first = readText(file);
  } catch {
    first = undefined;
  }
  const parsed = first === undefined ? undefined : readTdnText(first);
  const name = networkName(parsed?.ok ? parsed.value : null, file);
  const root = `/project1/${name}`;
  const state: NetworkState = { root, nodes: new Map(), wires: [] };
  state.nodes.set(root, { path: root, type: "baseCOMP", params: {}, flags: {}, tags: [OWNER_TAG] });
  const build: Build = { state, positions: new Map() };
  const top = parsed?.ok && isObject(parsed.value) ? parsed.value : undefined;
  const session = new Session(
    build,
    file,
    { ...options, readText },
    typeof top?.source_file === "string" ? top.source_file : undefined,
  );
  const real = existsSync(file) ? realpathSync(file) : resolve(file);
  const ctx = session.readFile(file, 0, [real], root);
  const diagnostics = () => sortDiagnostics(session.reports.flatMap((r) => r.diagnostics));
  if (ctx === undefined || session.reports.some((r) => r.hasErrors()))
    return { file, network: name, diagnostics: diagnostics(), sources: session.sources };
  const network = networkFromState(state, root);
  const header = isObject(parsed?.ok ? parsed.value : null) ? provenance((parsed as { value: TdnObject }).value) : [];
  if (header.length > 0) network.comments = { leading: header.map((text) => ({ text, range: NO_RANGE })) };
  const program: A.Program = {
    kind: "Program",
    version: { kind: "VersionHeader", version: 1, range: NO_RANGE },
    imports: [],
    networks: [network],
    recipes: [],
    layout: layoutBlock(name, root, build.positions),
    range: NO_RANGE,
  };
  const text = print(program);
  const outFile = file.replace(/\.tdn$/i, "") + ".svcnet";
  session.sources.set(outFile, text);
  const checked = analyze({ text, file: outFile }).diagnostics.map((d) => ({
    ...d,
    help: [...d.help, "found in the .svcnet made from the TDN file"],
  }));
  const all = sortDiagnostics([...diagnostics(), ...checked]);
  return all.some((d) => d.severity === "error")
    ? { file, network: name, diagnostics: all, sources: session.sources }
    : { file, network: name, text, diagnostics: all, sources: session.sources };
}
