/**
 * The tool registry: every MCP tool is a `ToolDefinition` in its own file, listed once in
 * `tool-manifest.ts`. The registry picks the tools of the active profile, checks the catalog's rules and
 * wraps each handler so that a thrown error becomes a tool error, never a crash or a stack trace
 * (serve-tools.ts serves them).
 */
import { trustClientRoots } from "./client-roots-trust.js";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { CreativeFeatures, ToolProfile } from "../config.js";
import { progress, type ClientLogLevel, type ProgressOptions, type RequestExtra } from "../logging.js";
import type { Services } from "../../services.js";
import { bridgeFailure, failure, toCallToolResult, type ToolOutcome } from "./result.js";

/** Profiles a tool can opt into; every tool is in `full`. */
export type ProfileTag = Exclude<ToolProfile, "full">;

/** What a handler gets besides its arguments. */
export interface ToolContext {
  extra: RequestExtra;
  logLevel: ClientLogLevel;
  /** Cancelled when the client cancels the request or goes away. */
  signal: AbortSignal;
  /** A log line (and progress, when asked for) for the client; see logging.ts. */
  progress(message: string, options?: ProgressOptions): Promise<void>;
  /** The bridge client, the knowledge base, the compiler's host, the clock, the event stream. */
  services: Services;
  /** Another tool by name, for a tool that runs one; undefined when there is no such tool. */
  tool: ToolLookup;
  /** Whether this server offers a tool to its client (its profile and switches); absent: every tool. */
  offered?: (name: string) => boolean;
}

/** Finds a tool by name and loads it: how a tool reaches another without naming its file. */
export type ToolLookup = (name: string) => Promise<AnyToolDefinition | undefined>;

/** What a front end hands every tool it serves: the services, the way to another tool, and whether its client's roots are trusted. */
export type ToolProvisions = Pick<ToolContext, "services" | "tool" | "offered"> & { trustClientRoots?: boolean };

type Shape = z.ZodRawShape;
type Output<S extends Shape | undefined> = S extends Shape ? z.infer<z.ZodObject<S>> : Record<string, unknown>;

export interface ToolDefinition<In extends Shape = Shape, Out extends Shape | undefined = Shape | undefined> {
  /** snake_case, stable: clients remember it. */
  name: string;
  title?: string;
  /** One or two plain sentences: what it does and when to use it. Argument details belong in the schema. */
  description: string;
  /** Zod raw shape; give numbers their ranges and strings their limits. */
  input: In;
  output?: Out;
  annotations: ToolAnnotations & { readOnlyHint: boolean };
  profiles: readonly ProfileTag[];
  /** Runs Python written by the client: hidden by SVC_RAW_PYTHON=off and never in `safe`. */
  rawPython?: boolean;
  /** Offered only when this feature is switched on as well (its manifest line says the same). */
  feature?: ToolFeature;
  handler(args: z.infer<z.ZodObject<In>>, ctx: ToolContext): Promise<ToolOutcome<Output<Out>>>;
}

// The registry stores tools of many shapes; each file keeps its precise types through defineTool.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyToolDefinition = ToolDefinition<any, any>;

/** Keeps a tool file's argument and result types checked against its schemas. */
export function defineTool<In extends Shape, Out extends Shape | undefined = undefined>(
  def: ToolDefinition<In, Out>,
): ToolDefinition<In, Out> {
  return def;
}

export interface ToolSelection {
  profile: ToolProfile;
  rawPython: boolean;
  /** The creative repertoire's resources and its gated tool; off when absent. */
  creative?: CreativeFeatures;
}

/** A switch a tool needs on besides its profile. */
export type ToolFeature = "creative-apply-card";

/** What choosing by profile needs of a tool: its definition or its manifest line. */
interface Profiled {
  profiles: readonly ProfileTag[];
  rawPython?: boolean;
  /** Set on a manifest line: offered only when this feature is switched on. */
  feature?: ToolFeature;
}

function featureOn(feature: ToolFeature | undefined, selection: ToolSelection): boolean {
  return feature === undefined || (feature === "creative-apply-card" && selection.creative?.applyCard === true);
}

export function inProfile(tool: Profiled, profile: ToolProfile): boolean {
  return profile === "full" || tool.profiles.includes(profile);
}

export function selectTools<T extends Profiled>(all: readonly T[], selection: ToolSelection): T[] {
  return all.filter(
    (t) => inProfile(t, selection.profile) && (selection.rawPython || !t.rawPython) && featureOn(t.feature, selection),
  );
}

/** What the catalog rules read of a tool: its definition, or its manifest line with its listing. */
export type CatalogFacts = Pick<AnyToolDefinition, "name" | "description" | "profiles" | "rawPython"> & {
  annotations: ToolAnnotations;
};

const NAME = /^[a-z][a-z0-9_]*$/;
const MAX_DESCRIPTION = 320;

/**
 * Rules every tool must keep, checked when a server is built (and by the tests) so a new tool file
 * cannot quietly break a profile: unique snake_case names, short descriptions, and nothing that runs
 * client Python or destroys data in `safe`.
 */
export function checkCatalog(all: readonly CatalogFacts[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const t of all) {
    if (!NAME.test(t.name)) problems.push(`tool '${t.name}': name must be snake_case`);
    if (seen.has(t.name)) problems.push(`tool '${t.name}' is defined twice`);
    seen.add(t.name);
    if (t.description.length > MAX_DESCRIPTION)
      problems.push(`tool '${t.name}': description over ${MAX_DESCRIPTION} characters`);
    if (t.profiles.includes("safe") && (t.rawPython || t.annotations.destructiveHint)) {
      problems.push(`tool '${t.name}' runs client Python or is destructive, so it cannot be in the safe profile`);
    }
    if (t.annotations.readOnlyHint && t.annotations.destructiveHint)
      problems.push(`tool '${t.name}' cannot be read-only and destructive`);
  }
  return problems;
}

/** Turns whatever a handler threw into a tool failure a client can read. */
async function unexpected(err: unknown) {
  // The engine, for its error class, is loaded when a handler has thrown, not when tools are served.
  const { BridgeError } = await import("../../engine/index.js");
  if (err instanceof BridgeError) return bridgeFailure(err);
  const message = err instanceof Error ? err.message : String(err);
  return failure("internal-error", `the tool failed unexpectedly: ${message}`);
}

/**
 * A tool's arguments as the SDK checks them: an argument the tool does not take is refused with
 * the names it does take, not silently dropped (a misspelt `force` must not mean "no force").
 */
export function strictInput(tool: AnyToolDefinition) {
  const valid = Object.keys(tool.input).sort();
  const takes = valid.length > 0 ? `${tool.name} takes ${valid.join(", ")}` : `${tool.name} takes no arguments`;
  return z.strictObject(tool.input as Shape, {
    error: (issue) => {
      if (issue.code !== "unrecognized_keys") return undefined;
      const keys = issue.keys.map((k) => `'${k}'`).join(", ");
      return `unknown argument${issue.keys.length === 1 ? "" : "s"} ${keys}; ${takes}`;
    },
  });
}

/** A tool's handler as a tools/call callback: progress for the client, and any throw a tool error. */
export function toolCallback(tool: AnyToolDefinition, logLevel: ClientLogLevel, provisions: ToolProvisions) {
  return async (args: unknown, extra: RequestExtra) => {
    if (provisions.trustClientRoots === true) trustClientRoots(extra);
    // A client that sent a progressToken gets a progress notification for every step a tool
    // reports; a tool that does not count its steps itself counts one a message.
    let steps = 0;
    const ctx: ToolContext = {
      extra,
      logLevel,
      signal: extra.signal,
      progress: (message, options = {}) =>
        progress(
          { extra, logLevel },
          message,
          options.done === undefined && options.level !== "error" ? { ...options, done: ++steps } : options,
        ),
      services: provisions.services,
      tool: provisions.tool,
      ...(provisions.offered === undefined ? {} : { offered: provisions.offered }),
    };
    let outcome: ToolOutcome<unknown>;
    try {
      outcome = await tool.handler(args as never, ctx);
    } catch (err) {
      outcome = await unexpected(err);
    }
    if (!outcome.ok) await ctx.progress(`${tool.name} failed: ${outcome.error.message}`, { level: "error" });
    return toCallToolResult(outcome);
  };
}
