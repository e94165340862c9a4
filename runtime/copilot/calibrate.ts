/**
 * `svc copilot-calibrate`: the configured model (and vision model) against the synthetic cases of
 * calibration-fixtures.ts, one model request per case, and the decisions that follow, cached per
 * exact model build (calibration-cache.ts). A build already calibrated is answered from the cache
 * without asking the model anything, unless `refresh`. A server that cannot be reached, or a model it
 * does not have, stops the calibration with nothing cached; a case the model answers badly, slowly or
 * not in the protocol's shape is a failed case.
 */
import { calibrationCases, judge } from "./calibration-fixtures.js";
import {
  decide,
  findCalibration,
  identityKey,
  saveCalibration,
  type CalibrationEntry,
  type CaseResult,
  type ModelIdentity,
} from "./calibration-cache.js";
import type { LlmConfig } from "./llm-config.js";
import { LlmConnectionError, LlmMalformedReplyError, LlmModelNotFoundError, isLlmError } from "./llm-errors.js";
import type { OllamaClient } from "./ollama-client.js";
import { FIXTURES_VERSION } from "./calibration-fixtures.js";

/** The exact builds of the configured models, from the server's model list (`name` or `name:latest`). */
export async function modelIdentity(
  client: OllamaClient,
  config: Pick<LlmConfig, "url" | "model" | "visionModel">,
): Promise<ModelIdentity> {
  const models = await client.listModels();
  const digestOf = (name: string) => {
    const hit = models.find((m) => m.name === name || m.name === `${name}:latest`);
    if (!hit) throw new LlmModelNotFoundError(name, config.url);
    if (hit.digest === "")
      throw new LlmMalformedReplyError(config.url, `the model list gives no digest for '${hit.name}'`);
    return hit.digest;
  };
  const identity: ModelIdentity = { model: config.model, digest: digestOf(config.model) };
  if (config.visionModel !== config.model)
    identity.vision = { model: config.visionModel, digest: digestOf(config.visionModel) };
  return identity;
}

export interface CalibrationRun {
  entry: CalibrationEntry;
  /** True when the decisions came from the cache and no case was run. */
  cached: boolean;
  path: string;
}

/** Errors that say nothing about the model, only that it could not be asked: they stop the run. */
const stopsTheRun = (err: unknown) =>
  err instanceof LlmConnectionError ||
  err instanceof LlmModelNotFoundError ||
  (isLlmError(err) && err.code === "llm-cancelled");

export async function calibrate(
  client: OllamaClient,
  config: Pick<LlmConfig, "url" | "model" | "visionModel">,
  options: { path: string; refresh?: boolean; onCase?: (result: CaseResult) => void; now?: () => Date },
): Promise<CalibrationRun> {
  const identity = await modelIdentity(client, config);
  if (!options.refresh) {
    const hit = findCalibration(options.path, identity);
    if (hit) return { entry: hit, cached: true, path: options.path };
  }
  const results: CaseResult[] = [];
  for (const c of calibrationCases(true)) {
    let result: CaseResult;
    try {
      const reply = await client.chat({
        messages: [{ role: "user", content: c.prompt, ...(c.images ? { images: c.images } : {}) }],
        tools: c.tools,
        stream: false,
        temperature: 0,
        model: c.capability === "vision" ? config.visionModel : config.model,
        ...(c.format ? { format: c.format } : {}),
      });
      result = { id: c.id, capability: c.capability, ...judge(c.expect, reply) };
    } catch (err) {
      if (stopsTheRun(err) || !isLlmError(err)) throw err;
      result = {
        id: c.id,
        capability: c.capability,
        passed: false,
        detail: `${err.code}: ${err.message}`.slice(0, 300),
      };
    }
    results.push(result);
    options.onCase?.(result);
  }
  const entry: CalibrationEntry = {
    key: identityKey(identity),
    identity,
    fixturesVersion: FIXTURES_VERSION,
    calibratedAt: (options.now?.() ?? new Date()).toISOString(),
    results,
    decisions: decide(results),
  };
  saveCalibration(options.path, entry);
  return { entry, cached: false, path: options.path };
}
