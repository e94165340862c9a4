import { UsageError } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";

export const saveCommand: Command = {
  name: ["save"],
  summary:
    "Save the TouchDesigner project, or Save As a .toe file; an existing file is replaced only when the artist chooses Overwrite in TouchDesigner.",
  usage: "[--as <file.toe>] [--overwrite] [--ttl <seconds>]",
  flags: {
    as: {
      type: "string",
      valueName: "file.toe",
      description: "Save As this absolute .toe path (in the project folder or SVC_BRIDGE_EXPORT_DIR)",
    },
    overwrite: { type: "boolean", description: "when that file exists, ask the artist whether to replace it" },
    ttl: {
      type: "string",
      valueName: "seconds",
      description: "how long the artist has to answer, 5 to 120 (default 30)",
    },
  },
  details:
    "Exit codes: 0 saved, 1 not saved (the file exists, the artist kept it, or the bridge refused), 2 bad usage.",
  async run(args, io, services) {
    if (args.positionals.length > 0)
      throw new UsageError("svc save takes no positional arguments; Save As with --as <file.toe>");
    const file = args.flags.as as string | undefined;
    if (file !== undefined && !/\.toe$/i.test(file)) throw new UsageError("--as names a .toe file");
    if (args.flags.overwrite === true && file === undefined)
      throw new UsageError("--overwrite goes with --as <file.toe>");
    const ttl = Number((args.flags.ttl as string | undefined) ?? "30");
    if (!Number.isInteger(ttl) || ttl < 5 || ttl > 120)
      throw new UsageError("--ttl must be a whole number of seconds from 5 to 120");
    return withBridge("svc save", io, services, async (client) => {
      const [{ saveProject }, { BridgeError }] = await Promise.all([
        import("../../project/save-project.js"),
        import("../../engine/index.js"),
      ]);
      let r;
      try {
        r = await saveProject(client, {
          ...(file === undefined ? {} : { filePath: file }),
          askToOverwrite: args.flags.overwrite === true,
          ttlSeconds: ttl,
          progress: (m) => io.stderr(`svc save: ${m}\n`),
        });
      } catch (err) {
        if (!(err instanceof BridgeError) || err.code !== "file_exists") throw err;
        io.stderr(
          `svc save: ${file} exists; pass --overwrite to ask the artist in TouchDesigner whether to replace it\n`,
        );
        return 1;
      }
      if (!r.saved) {
        io.stderr(`svc save: ${r.filePath} was not replaced: ${r.reason}\n`);
        return 1;
      }
      io.stdout(r.saveAs ? `saved the project as ${r.filePath}\n` : `saved the project (${r.name} in ${r.folder})\n`);
      return 0;
    });
  },
};
