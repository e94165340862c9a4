/**
 * The network-as-code loop for one `.svcnet` file: compile, plan against the live project, apply,
 * verify, preview. The CLI, the demo, svc-agent and the MCP tools all run it, so they agree.
 */
import type { CompilerHost } from "../../../compiler/resolve/host.js";
import type { CompileInput, CompileOptions, Operation } from "../../../compiler/index.js";
import { hasErrors, type Diagnostic } from "../../../diagnostics/index.js";
import type { BridgeClient } from "../bridge-client/index.js";
import { applyPlan, type ApplyOutcome, type DeleteAuthorization, type Progress } from "../apply/apply-plan.js";
import { planProgram, type NetworkPlan } from "../plan/plan-program.js";
import { fetchPreview, outputTop, type PreviewImage } from "../apply/preview.js";
import { verifyNetwork, type VerifyResult } from "../apply/verify.js";
import { pendingApplies, recoverApplies, type PendingApply, type RecoveryReport } from "../apply/recover.js";
import { networkRoots } from "../plan/desired-state.js";

export interface LoopOptions {
  force?: boolean;
  /** Where networks are built (default `/project1/{network}`). */
  rootPath?: string;
  progress?: Progress;
  /** When a later request of an apply fails, keep what the earlier ones did (default: roll all back). */
  keepPartial?: boolean;
  /** Verify after apply (default true). */
  verify?: boolean;
  /** Fetch the first network's output TOP at this advisory size (default: no preview). */
  previewSize?: number;
  /** Take that preview after the output has cooked on this many frames (default 1). */
  previewFrames?: number;
  /** How imports and file() are read (default: the disk); the MCP tools confine it to a workspace. */
  host?: CompilerHost;
  /** A folder where laid-out levels are kept between processes, so a COMP nobody changed is not laid out again. */
  layoutCacheDir?: string;
  /** Compile (and print the canonical source) in a worker thread, so this thread stays responsive (MCP servers). */
  compileInWorker?: boolean;
  /** A delete the artist authorized through the broker (delete_td_node). */
  deleteAuthorization?: DeleteAuthorization;
  /**
   * svc's folder of apply journals. With it, an apply of several requests is journalled there, and
   * an unfinished apply of the file's networks (its journal still there) is finished first: rolled
   * back, or kept with `keepPartial` (apply/recover.ts).
   */
  journalDir?: string;
  /**
   * With `journalDir`: "finish" (default) finishes an unfinished apply of the file's networks before
   * planning; "report" leaves it as it is and reports it (`unfinished`), for a plan that must change
   * nothing (plan_network).
   */
  unfinished?: "finish" | "report";
}

export interface LoopResult {
  /** Compile diagnostics, then plan conflicts, apply failures, and live errors after verify. */
  diagnostics: Diagnostic[];
  /** Texts of every file involved, for code frames. */
  sources: Map<string, string>;
  plans: NetworkPlan[];
  outcomes: ApplyOutcome[];
  verified: VerifyResult[];
  /** Unfinished applies of these networks that were finished before planning. */
  recovered?: RecoveryReport[];
  /** Unfinished applies of these networks left as they are (`unfinished: "report"`). */
  unfinished?: PendingApply[];
  preview?: PreviewImage;
  /** True when nothing failed: no compile error, no blocked plan, every apply went through. */
  ok: boolean;
}

function inputFile(input: CompileInput): string {
  return typeof input === "string" ? input : input.file;
}

/**
 * What a plan needs of a compile in this thread (compileInWorker gives the same from a worker).
 * The compiler and parser are loaded here, not at import: an MCP server compiling in a worker
 * never loads them on the thread that answers its requests.
 */
async function compiled(
  input: CompileInput,
  options: CompileOptions,
): Promise<{
  diagnostics: Diagnostic[];
  operations?: Operation[];
  sources: ReadonlyMap<string, string>;
  canonical?: string;
}> {
  const { compile } = await import("../../../compiler/index.js");
  const result = await compile(input, options);
  return {
    diagnostics: result.diagnostics,
    sources: result.program.sources,
    ...(result.operations === undefined ? {} : { operations: result.operations }),
  };
}

/** The source as `svc fmt` prints it, kept with the record so an export keeps comments and spelling. */
async function canonicalText(text: string, file: string): Promise<string> {
  const [{ parse }, { print }, { withPortableImports }] = await Promise.all([
    import("../../../grammar/parse.js"),
    import("../../../grammar/print.js"),
    import("./portable-imports.js"),
  ]);
  return print(withPortableImports(parse(text, file).ast, file));
}

/** A file with no import keeps the canonical text it has; one with imports has them made portable. */
const IMPORTS = /^\s*import\s/m;

/** Compiles and plans; nothing in the live project changes. */
export async function planFile(
  client: BridgeClient,
  input: CompileInput,
  options: LoopOptions = {},
): Promise<LoopResult> {
  const compileOptions = {
    ...(options.rootPath === undefined ? {} : { rootPath: options.rootPath }),
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.layoutCacheDir === undefined ? {} : { layout: { cacheDir: options.layoutCacheDir } }),
  };
  const file = inputFile(input);
  const result =
    options.compileInWorker === true
      ? await (await import("../../../compiler/compile-in-worker.js")).compileInWorker(input, compileOptions, file)
      : await compiled(input, compileOptions);
  const sources = new Map(result.sources);
  const out: LoopResult = {
    diagnostics: [...result.diagnostics],
    sources,
    plans: [],
    outcomes: [],
    verified: [],
    recovered: [],
    ok: false,
  };
  if (hasErrors(result.diagnostics) || result.operations === undefined) return out;
  if (options.journalDir !== undefined && options.unfinished === "report") {
    const { pending, diagnostics } = pendingApplies(client, options.journalDir, networkRoots(result.operations));
    out.unfinished = pending;
    out.diagnostics.push(...diagnostics);
  } else if (options.journalDir !== undefined) {
    const recovered = await recoverApplies(client, options.journalDir, {
      roots: networkRoots(result.operations),
      keepPartial: options.keepPartial === true,
      ...(options.progress === undefined ? {} : { progress: options.progress }),
    });
    out.recovered = recovered.reports;
    out.diagnostics.push(...recovered.diagnostics);
  }
  const text = sources.get(file) ?? [...sources.values()][0];
  const canonical =
    text === undefined
      ? result.canonical
      : result.canonical !== undefined && !IMPORTS.test(text)
        ? result.canonical
        : await canonicalText(text, file);
  options.progress?.("reading the live network");
  out.plans = await planProgram(client, result.operations, {
    force: options.force ?? false,
    ...(canonical === undefined ? {} : { source: { file, text: canonical } }),
    ...(options.progress === undefined ? {} : { progress: options.progress }),
  });
  for (const p of out.plans) out.diagnostics.push(...p.diagnostics);
  out.ok = !hasErrors(out.diagnostics);
  return out;
}

/** Plans, then applies what the plan says, verifies and (optionally) previews. */
export async function applyFile(
  client: BridgeClient,
  input: CompileInput,
  options: LoopOptions = {},
): Promise<LoopResult> {
  const out = await planFile(client, input, options);
  if (!out.ok) return out;
  for (const np of out.plans) {
    if (np.operations.length === 0) continue;
    const outcome = await applyPlan(client, np, {
      keepPartial: options.keepPartial === true,
      ...(options.progress === undefined ? {} : { progress: options.progress }),
      ...(options.deleteAuthorization === undefined ? {} : { deleteAuthorization: options.deleteAuthorization }),
      ...(options.journalDir === undefined ? {} : { journalDir: options.journalDir }),
    });
    out.outcomes.push(outcome);
    out.diagnostics.push(...outcome.diagnostics);
    if (!outcome.ok) {
      out.ok = false;
      return out;
    }
  }
  if (options.verify !== false) {
    options.progress?.("verifying");
    for (const np of out.plans) {
      const v = await verifyNetwork(client, np.desired, out.sources);
      out.verified.push(v);
      out.diagnostics.push(...v.diagnostics);
    }
  }
  if (options.previewSize !== undefined) {
    const top = out.plans.map((p) => outputTop(p.desired)).find((t) => t !== undefined);
    if (top !== undefined) {
      options.progress?.(`fetching a preview of ${top}`);
      out.preview = await fetchPreview(client, top, options.previewSize, options.previewFrames);
    }
  }
  return out;
}
