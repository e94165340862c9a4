import { intFlag, UsageError, type ParsedArgs } from "../args.js";
import type { Services } from "../../services.js";
import type { Command, CommandIO } from "../command.js";
import type { CopilotSession } from "../../chat/session.js";

/** A turn with no --timeout still ends: model requests and tool calls together, at most this long. */
export const DEFAULT_TURN_SECONDS = 600;

/** --read-only or --creative (not both); neither is the build mode. */
export function copilotModeOf(args: ParsedArgs): "read-only" | "build" | "creative" {
  if (args.flags["read-only"] && args.flags.creative)
    throw new UsageError("--read-only and --creative cannot be used together");
  return args.flags["read-only"] ? "read-only" : args.flags.creative ? "creative" : "build";
}

export const copilotModeFlags = {
  "read-only": { type: "boolean", description: "offer the model only tools that cannot change the project" },
  creative: {
    type: "boolean",
    description: "also offer the creative repertoire as inspiration (needs SVC_RAG_ENABLED=1)",
  },
} as const;

/** Why there is no session: the error's code and message, as the CLI prints them. */
export interface CopilotUnavailable {
  code: string;
  message: string;
}

/** The session, or why there is none (no model, a bad setting, creative off). */
export async function tryOpenCopilotSession(
  mode: ReturnType<typeof copilotModeOf>,
  io: CommandIO,
  services: Services,
): Promise<{ session: CopilotSession } | { unavailable: CopilotUnavailable }> {
  const { CopilotSession } = await import("../../chat/session.js");
  const { isLlmError } = await import("../../copilot/llm-errors.js");
  const { creativeOff } = await import("../../copilot/creative-gate.js");
  const off = mode === "creative" ? creativeOff(io.env) : null;
  if (off) return { unavailable: { code: off.code, message: off.message } };
  const { CalibrationCacheError } = await import("../../copilot/calibration-cache.js");
  try {
    return { session: await CopilotSession.open(io.env, mode, services) };
  } catch (err) {
    if (!isLlmError(err) && !(err instanceof CalibrationCacheError)) throw err;
    return { unavailable: { code: err.code, message: err.message } };
  }
}

/** The session, or null after saying on stderr why there is none (no model, a bad setting, creative off). */
async function openCopilotSession(
  who: string,
  mode: ReturnType<typeof copilotModeOf>,
  io: CommandIO,
  services: Services,
): Promise<CopilotSession | null> {
  const opened = await tryOpenCopilotSession(mode, io, services);
  if ("session" in opened) return opened.session;
  io.stderr(`${who}: error ${opened.unavailable.code}: ${opened.unavailable.message}\n`);
  return null;
}

export const askCommand: Command = {
  name: ["ask"],
  summary:
    "One non-interactive turn of the local copilot (Ollama, SVC_LLM_MODEL): the model calls svc's own tools, then answers; ends with a redacted receipt.",
  usage: "<prompt> [--json] [--read-only|--creative] [--timeout <s>]",
  flags: {
    json: { type: "boolean", description: "print the turn's receipt as JSON (the answer is in it)" },
    ...copilotModeFlags,
    timeout: {
      type: "string",
      valueName: "s",
      description: `seconds the whole turn may take (default ${DEFAULT_TURN_SECONDS})`,
    },
  },
  details:
    "The project brief (.svc/agent-brief.json of SVC_PROJECT_DIR or the saved project folder) is shown to the model as untrusted evidence. Exit 0 when the model answered, 1 on an error or when it ran out of steps.",
  async run(args, io, services) {
    const prompt = args.positionals.join(" ").trim();
    if (prompt === "") throw new UsageError('give the prompt: svc ask "what is in /project1?"');
    const mode = copilotModeOf(args);
    const timeoutMs = intFlag(args, "timeout", DEFAULT_TURN_SECONDS, 1, 3600) * 1000;
    const { CopilotInputError } = await import("../../chat/session.js");
    const { receiptText } = await import("../../chat/receipt.js");
    const session = await openCopilotSession("svc ask", mode, io, services);
    if (session === null) return 1;
    try {
      const { receipt } = await session.turn(prompt, { timeoutMs });
      if (args.flags.json) io.stdout(JSON.stringify(receipt, null, 2) + "\n");
      else
        io.stdout(`${receipt.answer.trim() === "" ? "(no answer)" : receipt.answer.trim()}\n\n${receiptText(receipt)}`);
      return receipt.stop === "answer" && receipt.errors.every((e) => e.code === "tool-failed") ? 0 : 1;
    } catch (err) {
      if (err instanceof CopilotInputError) throw new UsageError(err.message);
      throw err;
    } finally {
      await session.close();
    }
  },
};
