import { writeFileAtomicSync } from "../../atomic-write.js";
import { resolve } from "node:path";
import { hasErrors, renderTextAll } from "../../../diagnostics/index.js";
import type { Command, CommandIO } from "../command.js";
import { collectSourceFiles } from "../source-files.js";

/** `svc fmt -`: standard input to standard output. */
async function formatStdin(io: CommandIO): Promise<number> {
  const [{ parse }, { print }] = await Promise.all([
    import("../../../grammar/parse.js"),
    import("../../../grammar/print.js"),
  ]);
  const text = await io.readStdin();
  const parsed = parse(text, "<stdin>");
  if (hasErrors(parsed.diagnostics)) {
    io.stderr(renderTextAll(parsed.diagnostics, new Map([["<stdin>", text]]), io.isTTY) + "\n");
    return 1;
  }
  io.stdout(print(parsed.ast));
  return 0;
}

export const fmtCommand: Command = {
  name: ["fmt"],
  summary: "Rewrite .svcnet files in their one canonical form.",
  usage: "[--check] <files|dirs>...",
  flags: {
    check: { type: "boolean", description: "change nothing; list the files that are not canonical and exit 1 if any" },
  },
  details: [
    "Directories are searched for *.svcnet files. A file with syntax errors is never rewritten:",
    "its errors are reported and it is left as it is. '-' formats standard input to standard output.",
    "Exit codes: 0 done (or, with --check, everything canonical), 1 syntax errors or (with --check)",
    "files that would change, 2 bad usage.",
  ].join("\n"),
  async run(args, io) {
    if (args.positionals.length === 1 && args.positionals[0] === "-") return formatStdin(io);
    const paths = collectSourceFiles(args.positionals, io.cwd);
    const [{ readSource }, { print }] = await Promise.all([
      import("../read-source.js"),
      import("../../../grammar/print.js"),
    ]);
    const checkOnly = args.flags.check === true;
    let failed = false;
    // Syntax only: a file that parses can be formatted whatever the compiler thinks of it.
    for (const file of paths.map((p) => readSource(p, { cwd: io.cwd }))) {
      if (file.text === undefined || file.ast === undefined || hasErrors(file.diagnostics)) {
        io.stderr(
          renderTextAll(file.diagnostics, new Map(file.text === undefined ? [] : [[file.path, file.text]]), io.isTTY) +
            "\n",
        );
        io.stderr(`svc fmt: ${file.path} left unchanged because of the errors above\n`);
        failed = true;
        continue;
      }
      const formatted = print(file.ast);
      if (formatted === file.text) continue;
      if (checkOnly) {
        io.stdout(`${file.path}\n`);
        failed = true;
        continue;
      }
      // The user's source: replaced whole or not at all (an interrupted run never leaves half a file).
      writeFileAtomicSync(resolve(io.cwd, file.path), formatted);
      io.stdout(`formatted ${file.path}\n`);
    }
    return failed ? 1 : 0;
  },
};
