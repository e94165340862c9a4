import type { Command } from "../command.js";

export const kbShowCommand: Command = {
  name: ["kb", "show"],
  summary: "Show an operator's inputs, parameters, defaults, ranges and menus from the knowledge base.",
  usage: "<opType | label> [--json]",
  flags: { json: { type: "boolean", description: "print the operator entry as JSON" } },
  details: 'The operator may be named by type (noiseTOP), label with family ("Noise TOP") or label (noise).',
  async run(args, io, services) {
    const { closestOperators, findOperatorsByLabel, getOperator } = await services.kb();
    const { compactKey } = await import("../../../kb/normalize.js");
    const { formatOperatorText } = await import("../../../kb/describe.js");
    const name = args.positionals.join(" ").trim();
    if (!name) {
      io.stderr("svc kb show: name an operator type, e.g. 'svc kb show noiseTOP'\n");
      return 2;
    }
    const op = getOperator(name);
    if (!op) {
      const guesses = closestOperators(name, 3).map((m) => m.type);
      io.stderr(
        `svc kb show: no operator '${name}'${guesses.length ? ` (did you mean ${guesses.join(", ")}?)` : ""}\n`,
      );
      return 1;
    }
    if (args.flags.json) {
      io.stdout(JSON.stringify(op, null, 2) + "\n");
      return 0;
    }
    // A bare label shared by families resolves to one of them; name the others so nothing is hidden.
    const bareLabel = compactKey(name) === compactKey(op.label);
    const others = bareLabel
      ? findOperatorsByLabel(op.label)
          .map((e) => e.type)
          .filter((t) => t !== op.type)
      : [];
    io.stdout(formatOperatorText(op, others));
    return 0;
  },
};
