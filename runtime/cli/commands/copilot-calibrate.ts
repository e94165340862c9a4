import { UsageError } from "../args.js";
import type { Command } from "../command.js";

export const copilotCalibrateCommand: Command = {
  name: ["copilot-calibrate"],
  summary:
    "Put the local model through svc's synthetic fixture tools and cache what it may do (copilot, llm plans, pictures) for its exact build.",
  usage: "[--refresh] [--json]",
  flags: {
    refresh: { type: "boolean", description: "calibrate again even when this build's decisions are cached" },
    json: { type: "boolean", description: "print the calibration as JSON" },
  },
  details: [
    "Needs SVC_LLM_MODEL (and SVC_LLM_URL when Ollama is not on 127.0.0.1:11434); SVC_LLM_VISION_MODEL is",
    "calibrated for pictures when set. Each case is one model request with fixture tools that never run.",
    "Decisions are kept in copilot-calibration.json in svc's folder (SVC_HOME, else ~/.svc), keyed by the",
    "models' names and the build digests the server reports; a model pulled again as a new build is",
    "calibrated again. plan_visual does not ask a model whose JSON plans failed. Exit codes: 0 calibrated",
    "(or cached), 1 the model could not be asked or the cache is unreadable, 2 bad usage.",
  ].join("\n"),
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError("svc copilot-calibrate takes no positional arguments");
    const [
      { llmConfigFromEnv },
      { OllamaClient },
      { isLlmError },
      { calibrate },
      { calibrationPath, CalibrationCacheError },
    ] = await Promise.all([
      import("../../copilot/llm-config.js"),
      import("../../copilot/ollama-client.js"),
      import("../../copilot/llm-errors.js"),
      import("../../copilot/calibrate.js"),
      import("../../copilot/calibration-cache.js"),
    ]);
    try {
      const config = llmConfigFromEnv(io.env);
      const client = new OllamaClient(config);
      const json = args.flags.json === true;
      const run = await calibrate(client, config, {
        path: calibrationPath(io.env),
        refresh: args.flags.refresh === true,
        onCase: json ? undefined : (r) => io.stdout(`${r.passed ? "pass" : "FAIL"}  ${r.id.padEnd(13)} ${r.detail}\n`),
      });
      const { entry } = run;
      if (json) {
        io.stdout(JSON.stringify({ cached: run.cached, path: run.path, ...entry }, null, 2) + "\n");
        return 0;
      }
      if (run.cached) {
        io.stdout(
          `${entry.identity.model} (${entry.identity.digest.slice(0, 19)}) was calibrated ${entry.calibratedAt}; decisions from the cache (--refresh to run again):\n`,
        );
        for (const r of entry.results) io.stdout(`${r.passed ? "pass" : "FAIL"}  ${r.id.padEnd(13)} ${r.detail}\n`);
      }
      const onOff = (v: boolean | null) => (v === null ? "not checked" : v ? "yes" : "no");
      io.stdout(
        `copilot tools: ${onOff(entry.decisions.copilot)}; plan_visual llm plans: ${onOff(entry.decisions.plannerLlm)}; pictures: ${onOff(entry.decisions.vision)}\n`,
      );
      if (!run.cached)
        io.stdout(`saved for ${entry.identity.model} (${entry.identity.digest.slice(0, 19)}) in ${run.path}\n`);
      return 0;
    } catch (err) {
      if (isLlmError(err) || err instanceof CalibrationCacheError) {
        io.stderr(`svc copilot-calibrate: ${err.code}: ${err.message}\n`);
        return 1;
      }
      throw err;
    }
  },
};
