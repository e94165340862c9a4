import { UsageError } from "../args.js";
import type { Command } from "../command.js";

/** At most this many entries of one kind in the listing, so that it stays one screen per kind. */
const LIST_PER_KIND = 40;

export const guideCommand: Command = {
  name: ["guide"],
  summary:
    "Read a guide that 'svc kb search' lists (tutorial, pattern, GLSL technique, cheatsheet, cookbook entry, class reference); with no name, list them.",
  usage: "[<name> | <kind> <name> | svc://...] [--kind K] [--json]",
  flags: {
    kind: {
      type: "string",
      valueName: "K",
      description: "tutorial, pattern, technique, cheatsheet, cookbook, class-reference or experimental",
    },
    json: { type: "boolean", description: "print the entry (or the list) as JSON" },
  },
  details:
    "A name is written as 'svc kb search' prints it: 'svc guide feedback-basics', 'svc guide tutorial feedback-basics' or 'svc guide svc://tutorials/feedback-basics'.",
  async run(args, io) {
    const { findGuide, guideEntries, GUIDE_KINDS } = await import("../../../kb/guide/read-guide.js");
    const kind = args.flags.kind === undefined ? undefined : String(args.flags.kind);
    if (kind !== undefined && !GUIDE_KINDS.includes(kind as never))
      throw new UsageError(`--kind must be one of ${GUIDE_KINDS.join(", ")} (got '${kind}')`);
    const written = args.positionals.join(" ").trim();

    if (!written) {
      const entries = guideEntries().filter((e) => kind === undefined || e.kind === kind);
      if (args.flags.json) {
        io.stdout(
          JSON.stringify(
            entries.map(({ text: _text, ...e }) => e),
            null,
            2,
          ) + "\n",
        );
        return 0;
      }
      for (const k of GUIDE_KINDS) {
        const ofKind = entries.filter((e) => e.kind === k);
        if (ofKind.length === 0) continue;
        io.stdout(`${k} (${ofKind.length}):\n`);
        for (const e of ofKind.slice(0, LIST_PER_KIND)) io.stdout(`  ${e.name} — ${e.title}\n`);
        if (ofKind.length > LIST_PER_KIND)
          io.stdout(`  ... ${ofKind.length - LIST_PER_KIND} more: svc guide --kind ${k} --json\n`);
      }
      io.stdout("Read one: svc guide <name>; find one by topic: svc kb search <words>\n");
      return 0;
    }

    const found = findGuide(written, kind);
    if (found.found === undefined) {
      if (found.badKind !== undefined) {
        io.stderr(`svc guide: '${found.badKind}' is not a kind of guide (${GUIDE_KINDS.join(", ")})\n`);
        return 2;
      }
      const near = found.near.map((e) => `${e.kind} ${e.name}`);
      io.stderr(
        `svc guide: no guide '${written}'${near.length ? ` (did you mean ${near.join(", ")}?)` : ""}; ` +
          "list them with 'svc guide', search with 'svc kb search <words>'\n",
      );
      return 1;
    }
    const { found: entry, others } = found;
    if (args.flags.json) {
      io.stdout(JSON.stringify(entry, null, 2) + "\n");
      return 0;
    }
    io.stdout(entry.text);
    io.stdout(`\n(${entry.uri} over MCP)\n`);
    for (const o of others) io.stdout(`also a ${o.kind} of this name: svc guide ${o.kind} ${o.name}\n`);
    return 0;
  },
};
