import { existsSync, readdirSync } from "node:fs";
import { writeFileAtomicSync } from "../../atomic-write.js";
import { join } from "node:path";
import { UsageError } from "../args.js";
import type { Command } from "../command.js";
import { CONFIG_FILE, configTemplate } from "./agent-config.js";

const MAX_LISTED = 50;

export const agentConfigInitCommand: Command = {
  name: ["config", "init"],
  summary: `Write ${CONFIG_FILE} in the working folder: the .svcnet files there as the steps 'svc-agent run' runs.`,
  usage: "[--force] [--dry-run]",
  flags: {
    force: { type: "boolean", description: `replace an existing ${CONFIG_FILE}` },
    "dry-run": { type: "boolean", description: "print what would be written; write nothing" },
  },
  details: `Steps are the working folder's .svcnet files in name order (at most ${MAX_LISTED}); edit the file to order them or set force and no_color per step.`,
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError(`unexpected argument '${args.positionals[0]}'`);
    const target = join(io.cwd, CONFIG_FILE);
    const files = readdirSync(io.cwd, { withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".svcnet"))
      .map((e) => e.name)
      .sort()
      .slice(0, MAX_LISTED);
    const text = configTemplate(files);
    const exists = existsSync(target);
    if (exists && !args.flags.force) {
      io.stderr(`svc-agent config init: ${target} exists; --force replaces it\n`);
      return 1;
    }
    if (args.flags["dry-run"]) {
      io.stdout(`would ${exists ? "replace" : "write"} ${target}:\n${text}`);
      return 0;
    }
    // written beside and renamed, so an interrupted write never leaves half a file
    writeFileAtomicSync(target, text);
    const none = files.length === 0 ? "; no .svcnet files here, so its one step names network.svcnet: edit it" : "";
    io.stdout(
      `${exists ? "replaced" : "wrote"} ${target} (${files.length} step${files.length === 1 ? "" : "s"}${none})\n`,
    );
    return 0;
  },
};
