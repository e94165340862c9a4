/**
 * What `svc copilot-calibrate` decided against, for the configured model's exact build: the copilot
 * and the AI tools do not ask a model the calibration found unreliable at what they need. With no
 * calibration cache nothing is refused and no request is made.
 */
import { existsSync } from "node:fs";
import { modelIdentity } from "./calibrate.js";
import { calibrationPath, findCalibration, type Decisions } from "./calibration-cache.js";
import type { LlmConfig } from "./llm-config.js";
import type { OllamaClient } from "./ollama-client.js";

const CALIBRATED_FOR: Record<keyof Decisions, string> = {
  copilot: "call tools",
  plannerLlm: "answer plans as JSON",
  vision: "read pictures",
};

/** Why the model is not to be asked for `decision`, or undefined when nothing decided against it. */
export async function calibrationRefusal(
  client: OllamaClient,
  config: Pick<LlmConfig, "url" | "model" | "visionModel">,
  decision: keyof Decisions,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const path = calibrationPath(env);
  if (!existsSync(path)) return undefined;
  const entry = findCalibration(path, await modelIdentity(client, config));
  if (!entry || entry.decisions[decision] !== false) return undefined;
  const which = decision === "vision" ? config.visionModel : config.model;
  return `svc copilot-calibrate found that ${which} (this build, calibrated ${entry.calibratedAt}) does not ${CALIBRATED_FOR[decision]} reliably`;
}
