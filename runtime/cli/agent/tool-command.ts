/**
 * One svc-agent subcommand from one MCP tool: its flags come from the tool's input schema
 * (`out_dir` is `--out-dir`; a boolean that defaults to true is `--no-<name>`; arrays and objects
 * take JSON), its arguments are checked by the same strict schema the MCP server uses, and its
 * handler runs as it does for a client. A command line offers its working folder as its one root,
 * so packaging tools may write under it (or under SVC_MCP_WORKSPACE), as they may under a client's.
 */
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { UsageError, type FlagSpecs, type ParsedArgs } from "../args.js";
import type { Command, CommandIO } from "../command.js";
import type { AnyToolDefinition, ToolContext } from "../../mcp/tools/registry.js";
import type { Services } from "../../services.js";
import { trustClientRoots } from "../../mcp/tools/client-roots-trust.js";

/** How one tool is offered on the command line; the tool itself is loaded from the manifest. */
export interface ToolCommandEntry {
  /** The MCP tool's name. */
  tool: string;
  /** The subcommand's words; default: the tool's name with dashes. */
  command?: string[];
  /** Tool arguments given as positionals, in order (a flag gives them too). */
  positionals?: string[];
  /** Arguments that are paths on this machine: a relative one is taken from the working folder. */
  paths?: string[];
}

type JsonSchema = {
  type?: string | string[];
  default?: unknown;
  description?: string;
  enum?: unknown[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

interface ArgumentShape {
  arg: string;
  flag: string;
  kind: "string" | "number" | "boolean" | "list" | "json";
  required: boolean;
  /** A `--no-<name>` switch: given, the argument is false. */
  negated?: boolean;
}

const kebab = (name: string) => name.replaceAll("_", "-");

function kindOf(schema: JsonSchema): ArgumentShape["kind"] {
  const types = schema.anyOf ? schema.anyOf.map((s) => s.type) : [schema.type];
  const type = types.find((t) => t !== "null");
  if (type === "boolean") return "boolean";
  if (type === "number" || type === "integer") return "number";
  if (type === "array") return schema.items?.type === "string" ? "list" : "json";
  if (type === "string" || (type === undefined && schema.enum?.every((v) => typeof v === "string"))) return "string";
  return "json";
}

/** The tool's arguments as flags, read from its JSON Schema (what an MCP client sees too). */
function argumentShapes(tool: AnyToolDefinition): { shapes: ArgumentShape[]; flags: FlagSpecs } {
  const schema = z.toJSONSchema(z.object(tool.input as z.ZodRawShape), { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  const shapes: ArgumentShape[] = [];
  const flags: FlagSpecs = {};
  for (const [arg, prop] of Object.entries(schema.properties ?? {})) {
    const kind = kindOf(prop);
    const required = (schema.required ?? []).includes(arg) && prop.default === undefined;
    const choices = prop.enum ? ` (${prop.enum.join(", ")})` : "";
    const description = `${prop.description ?? arg}${choices}${kind === "json" ? " (JSON)" : ""}${required ? " [required]" : ""}`;
    if (kind === "boolean") {
      // a switch that is on by default can only be turned off
      const negated = prop.default === true;
      const flag = negated ? `no-${kebab(arg)}` : kebab(arg);
      flags[flag] = { type: "boolean", description };
      shapes.push({ arg, flag, kind, required: false, negated });
    } else {
      const flag = kebab(arg);
      flags[flag] = {
        type: "string",
        description,
        valueName: kind === "json" ? "json" : kind === "number" ? "n" : "value",
        ...(kind === "list" ? { multiple: true } : {}),
      };
      shapes.push({ arg, flag, kind, required });
    }
  }
  flags.json = { type: "boolean", description: "print the tool's whole result as JSON" };
  return { shapes, flags };
}

function argumentsFrom(
  entry: ToolCommandEntry,
  shapes: ArgumentShape[],
  parsed: ParsedArgs,
  cwd: string,
): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const positionals = entry.positionals ?? [];
  if (parsed.positionals.length > positionals.length)
    throw new UsageError(`unexpected argument '${parsed.positionals[positionals.length]}'`);
  for (const shape of shapes) {
    const given = parsed.flags[shape.flag];
    const at = positionals.indexOf(shape.arg);
    const positional = at >= 0 ? parsed.positionals[at] : undefined;
    if (given !== undefined && positional !== undefined)
      throw new UsageError(`'${shape.arg}' is given twice (as '${positional}' and --${shape.flag})`);
    const raw = given ?? positional;
    if (raw === undefined) continue;
    if (shape.kind === "boolean") args[shape.arg] = !shape.negated;
    else if (shape.kind === "number") {
      const n = Number(raw);
      if (raw === "" || !Number.isFinite(n))
        throw new UsageError(`option '--${shape.flag}' takes a number, not '${String(raw)}'`);
      args[shape.arg] = n;
    } else if (shape.kind === "json") {
      try {
        args[shape.arg] = JSON.parse(String(raw));
      } catch {
        throw new UsageError(`option '--${shape.flag}' takes JSON, and '${String(raw)}' is not JSON`);
      }
    } else if (shape.kind === "list") args[shape.arg] = Array.isArray(raw) ? raw : [raw];
    else args[shape.arg] = String(raw);
    if ((entry.paths ?? []).includes(shape.arg)) {
      const toAbsolute = (p: unknown) => (typeof p === "string" && !isAbsolute(p) ? resolve(cwd, p) : p);
      args[shape.arg] = Array.isArray(args[shape.arg])
        ? (args[shape.arg] as unknown[]).map(toAbsolute)
        : toAbsolute(args[shape.arg]);
    }
  }
  const missing = shapes.filter((s) => s.required && args[s.arg] === undefined);
  if (missing.length > 0) {
    const how = (s: ArgumentShape) => (positionals.includes(s.arg) ? `<${s.arg}>` : `--${s.flag}`);
    throw new UsageError(`missing ${missing.map(how).join(", ")}`);
  }
  return args;
}

/** The handler's context on a command line: progress as plain lines on stderr, the working folder as the one root. */
function commandLineContext(io: CommandIO, services: Services, signal: AbortSignal): ToolContext {
  const extra = {
    signal,
    requestId: 0,
    sendNotification: async (n: { method: string; params?: { data?: unknown; message?: string } }) => {
      if (n.method === "notifications/message" && typeof n.params?.data === "string") io.stderr(`… ${n.params.data}\n`);
    },
    sendRequest: async (r: { method: string }) => {
      if (r.method === "roots/list") return { roots: [{ uri: pathToFileURL(io.cwd).href, name: "working folder" }] };
      throw new Error(`${r.method} is not offered on the command line`);
    },
  };
  // A command the user ran is as trusted as a client on stdio: its one root, the working folder, counts.
  trustClientRoots(extra);
  return {
    extra: extra as unknown as ToolContext["extra"],
    logLevel: { level: "info", allows: (level: string) => level !== "debug" } as unknown as ToolContext["logLevel"],
    signal,
    progress: async (message) => io.stderr(`… ${message}\n`),
    services,
    tool: async (name) => (await import("../../mcp/tools/load-tools.js")).toolByName(name),
  };
}

function validationMessage(error: z.ZodError, shapes: ArgumentShape[]): string {
  return error.issues
    .map((issue) => {
      const arg = String(issue.path[0] ?? "");
      const shape = shapes.find((s) => s.arg === arg);
      return shape ? `--${shape.flag}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

export function toolCommand(entry: ToolCommandEntry, tool: AnyToolDefinition): Command {
  const { shapes, flags } = argumentShapes(tool);
  const name = entry.command ?? [kebab(tool.name)];
  const positionals = (entry.positionals ?? []).map((p) =>
    shapes.find((s) => s.arg === p)?.required ? `<${p}>` : `[${p}]`,
  );
  return {
    name,
    summary: `${tool.description.split(/(?<=\.)\s/)[0]} (tool ${tool.name})`,
    usage: [...positionals, "[options]"].join(" "),
    flags,
    details: `The MCP tool ${tool.name} on the command line: each option is one of its arguments. Exit codes: 0 done, 1 the tool failed, 2 bad usage.`,
    async run(parsed, io, services) {
      const { strictInput } = await import("../../mcp/tools/registry.js");
      const checked = strictInput(tool).safeParse(argumentsFrom(entry, shapes, parsed, io.cwd));
      if (!checked.success) throw new UsageError(validationMessage(checked.error, shapes));
      const controller = new AbortController();
      try {
        const outcome = await tool.handler(checked.data as never, commandLineContext(io, services, controller.signal));
        if (!outcome.ok) {
          if (parsed.flags.json) io.stdout(JSON.stringify({ ok: false, error: outcome.error }, null, 2) + "\n");
          io.stderr(`svc-agent ${name.join(" ")}: ${outcome.error.code}: ${outcome.error.message}\n`);
          return 1;
        }
        if (parsed.flags.json) io.stdout(JSON.stringify({ ok: !outcome.isError, data: outcome.data }, null, 2) + "\n");
        else io.stdout(`${outcome.text}\n`);
        return outcome.isError ? 1 : 0;
      } catch (err) {
        const { BridgeError } = await import("../../engine/index.js");
        if (!(err instanceof BridgeError)) throw err;
        io.stderr(`svc-agent ${name.join(" ")}: ${err.oneLine()}\n`);
        return 1;
      }
    },
  };
}
