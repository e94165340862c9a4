import { UsageError, intFlag } from "../args.js";
import { withBridge } from "../bridge-session.js";
import type { Command } from "../command.js";
import { interruptSignal } from "./file-watch.js";

const TD_PATH = /^\/[A-Za-z0-9_]+(?:\/[A-Za-z0-9_]+)*$/;
/** A running commentary keeps this many captions for the model (the latest per cue is what it reads). */
const MAX_CAPTIONS = 64;
const MAX_PREVIOUS = 8;

function pathFlag(value: unknown, flag: string, what: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !TD_PATH.test(value))
    throw new UsageError(`--${flag} ${String(value)}: give the absolute path of ${what}, e.g. /project1/cues`);
  return value;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    const t = setTimeout(done, ms);
    signal.addEventListener("abort", () => (clearTimeout(t), done()), { once: true });
  });

export const agentNarrateSetCommand: Command = {
  name: ["narrate-set"],
  summary:
    "A written running commentary of the set by the local model, from the cue engine and captions of the output; --follow writes a line at each cue.",
  usage: "[--engine <COMP>] [--output <TOP>] [--max-words <n>] [--follow [--interval <ms>] [--count <n>]] [--json]",
  flags: {
    engine: { type: "string", valueName: "COMP", description: "the cue engine's COMP (default /project1/cues)" },
    output: { type: "string", valueName: "TOP", description: "caption this TOP as what the current cue shows" },
    "max-words": {
      type: "string",
      valueName: "n",
      description: "words at most, 10 to 400 (default 120; 40 a line with --follow)",
    },
    follow: { type: "boolean", description: "watch the engine and write the next line each time the cue changes" },
    interval: {
      type: "string",
      valueName: "ms",
      description: "with --follow: how often the engine is read (default 500)",
    },
    count: {
      type: "string",
      valueName: "n",
      description: "with --follow: stop after this many lines (default: until Ctrl+C)",
    },
    json: { type: "boolean", description: "one JSON object (a line each with --follow)" },
  },
  details: [
    "Off unless a local model is configured (SVC_LLM_MODEL; SVC_LLM_VISION_MODEL reads the pictures).",
    "The first text is the set so far and what comes; with --follow each later line continues it, written",
    "from the commentary so far and the captions kept. The MCP tool narrate_set does one step of it.",
    "Exit codes: 0 done, 1 no model, the model or the bridge failed, or no cue engine, 2 bad usage.",
  ].join("\n"),
  async run(args, io, services) {
    if (args.positionals.length > 0) throw new UsageError("svc-agent narrate-set takes no positional arguments");
    const engine = pathFlag(args.flags.engine, "engine", "the cue engine's COMP") ?? "/project1/cues";
    const output = pathFlag(args.flags.output, "output", "a TOP");
    const follow = args.flags.follow === true;
    const maxWords = intFlag(args, "max-words", follow ? 40 : 120, 10, 400);
    const interval = intFlag(args, "interval", 500, 50, 60_000);
    const count = intFlag(args, "count", 0, 1, 100_000);
    if (!follow && (args.flags.interval !== undefined || args.flags.count !== undefined))
      throw new UsageError("--interval and --count go with --follow");
    const [{ llmConfigFromEnv }, { OllamaClient }, { isLlmError }, { narrateSet, NoCueEngineError }] =
      await Promise.all([
        import("../../copilot/llm-config.js"),
        import("../../copilot/ollama-client.js"),
        import("../../copilot/llm-errors.js"),
        import("../../copilot/narrate-set.js"),
      ]);
    const fail = (err: unknown): number => {
      if (!isLlmError(err) && !(err instanceof NoCueEngineError)) throw err;
      io.stderr(`svc-agent narrate-set: ${err.code}: ${err.message}\n`);
      return 1;
    };
    let config;
    try {
      config = llmConfigFromEnv(io.env);
    } catch (err) {
      return fail(err);
    }
    const model = new OllamaClient(config);
    return withBridge("svc-agent narrate-set", io, services, async (bridge) => {
      const interrupt = interruptSignal();
      const lines: string[] = [];
      const captions: Array<{ cue: string; text: string }> = [];
      let narrated: string | undefined;
      let written = 0;
      try {
        do {
          const { readCueEngine } = await import("../../show/cues.js");
          const now = await readCueEngine(bridge, engine);
          if (!now.exists) throw new NoCueEngineError(engine);
          if (now.current !== narrated) {
            const n = await narrateSet(bridge, model, config, {
              engine,
              ...(output ? { output } : {}),
              captions,
              previous: lines,
              maxWords,
              signal: interrupt.signal,
            });
            narrated = n.story.current;
            if (n.caption) captions.push(n.caption);
            if (captions.length > MAX_CAPTIONS) captions.shift();
            // the model reads the last lines of the commentary only
            lines.push(n.commentary);
            if (lines.length > MAX_PREVIOUS) lines.shift();
            written += 1;
            if (args.flags.json)
              io.stdout(
                JSON.stringify({
                  cue: n.story.current,
                  scene: n.story.scene,
                  commentary: n.commentary,
                  caption: n.caption,
                  ...(follow ? {} : { moments: n.story.moments }),
                }) + "\n",
              );
            else io.stdout(follow ? `[${n.story.current || "-"}] ${n.commentary}\n` : `${n.commentary}\n`);
          }
          if (!follow || (count > 0 && written >= count)) break;
          await sleep(interval, interrupt.signal);
        } while (!interrupt.signal.aborted);
        return 0;
      } catch (err) {
        return fail(err);
      } finally {
        interrupt.dispose();
      }
    });
  },
};
