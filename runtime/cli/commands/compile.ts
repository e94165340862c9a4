import { isAbsolute, relative, resolve } from "node:path";
import { hasErrors, renderTextAll, toJson, type Diagnostic } from "../../../diagnostics/index.js";
import { UsageError } from "../args.js";
import type { Command } from "../command.js";

/** Names files as the user sees them: relative to the working folder. */
function displayName(file: string, cwd: string): string {
  return isAbsolute(file) ? relative(cwd, file) || file : file;
}

export const compileCommand: Command = {
  name: ["compile"],
  summary: "Compile a .svcnet file and print the operations that would build it.",
  usage: "[--json] [--root <path>] <file>",
  flags: {
    json: { type: "boolean", description: "print diagnostics, operations and batches as JSON" },
    root: {
      type: "string",
      valueName: "path",
      description:
        "where networks are built; {network} is replaced by the network's name (default /project1/{network})",
    },
  },
  details: [
    "Runs every phase (resolve, check, layout, lower) and prints the operation list, batch by batch,",
    "each operation with the source line it came from. Nothing is sent anywhere.",
    "Exit codes: 0 compiled (warnings allowed), 1 errors, 2 bad usage.",
  ].join("\n"),
  async run(args, io) {
    const { compile } = await import("../../../compiler/index.js");
    const { renderBatches } = await import("../../../compiler/lower/render.js");
    if (args.positionals.length !== 1) throw new UsageError("compile takes exactly one file");
    const file = args.positionals[0]!;
    const root = args.flags.root;
    if (typeof root === "string" && !root.startsWith("/"))
      throw new UsageError("option '--root' takes an absolute TouchDesigner path, e.g. /project1/{network}");
    const fullPath = resolve(io.cwd, file);
    const result = await compile(fullPath, typeof root === "string" ? { rootPath: root } : {});
    const name = (f: string) => (f === fullPath ? file : displayName(f, io.cwd));
    const diagnostics: Diagnostic[] = result.diagnostics.map((d) =>
      d.file === undefined ? d : { ...d, file: name(d.file) },
    );
    const relabel = <T extends { origin: { file: string; via?: unknown } }>(op: T): T => ({
      ...op,
      origin: relabelOrigin(op.origin as Origin, name),
    });
    const batches = (result.batches ?? []).map((b) => ({ ...b, operations: b.operations.map(relabel) }));
    if (args.flags.json) {
      const out = {
        ok: !hasErrors(diagnostics),
        diagnostics: diagnostics.map(toJson),
        operations: batches.flatMap((b) => b.operations),
        batches: batches.map((b) => ({ index: b.index, size: b.operations.length })),
      };
      io.stdout(JSON.stringify(out, null, 2) + "\n");
      return out.ok ? 0 : 1;
    }
    if (diagnostics.length > 0) {
      const sources = new Map([...result.program.sources].map(([f, text]) => [name(f), text] as const));
      (hasErrors(diagnostics) ? io.stderr : io.stdout)(renderTextAll(diagnostics, sources, io.isTTY) + "\n");
    }
    if (hasErrors(diagnostics)) return 1;
    io.stdout(renderBatches(batches));
    return 0;
  },
};

interface Origin {
  file: string;
  via?: Origin;
}

function relabelOrigin<T extends Origin>(origin: T, name: (f: string) => string): T {
  const out = { ...origin, file: name(origin.file) };
  if (origin.via !== undefined) out.via = relabelOrigin(origin.via, name);
  return out;
}
