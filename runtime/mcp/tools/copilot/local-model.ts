/**
 * The local model as the AI tools reach it: the settings (SVC_LLM_*) and a client, or the failure
 * that says the tools are off and what to set. Loaded on a tool's first call, never at start-up.
 */
import type { LlmConfig } from "../../../copilot/llm-config.js";
import type { OllamaClient } from "../../../copilot/ollama-client.js";
import { failure, type ToolFailure } from "../result.js";

export interface LocalModel {
  config: LlmConfig;
  client: OllamaClient;
}

const HELP =
  "set SVC_LLM_MODEL to a model pulled in Ollama (e.g. `ollama pull llava` for pictures; SVC_LLM_VISION_MODEL when the picture model is another one), and SVC_LLM_URL when Ollama is not on 127.0.0.1:11434";

/** A model failure as a tool failure: its stable code, its message, and what to do. */
export function modelFailure(err: unknown): ToolFailure | undefined {
  const e = err as { code?: unknown; message?: unknown; name?: unknown };
  if (
    typeof e?.code !== "string" ||
    !(e.code.startsWith("llm-") || e.code === "calibration-cache") ||
    typeof e.message !== "string"
  )
    return undefined;
  return failure(e.code, e.message, { details: { help: HELP } });
}

export async function localModel(env: NodeJS.ProcessEnv = process.env): Promise<LocalModel | ToolFailure> {
  const [{ llmConfigFromEnv }, { OllamaClient }] = await Promise.all([
    import("../../../copilot/llm-config.js"),
    import("../../../copilot/ollama-client.js"),
  ]);
  try {
    const config = llmConfigFromEnv(env);
    return { config, client: new OllamaClient(config) };
  } catch (err) {
    const f = modelFailure(err);
    if (f) return f;
    throw err;
  }
}

export function isLocalModel(x: LocalModel | ToolFailure): x is LocalModel {
  return "client" in x;
}

/**
 * Why the model is not to be asked, when `svc copilot-calibrate` decided so for its exact build (a
 * cached decision; with no calibration cache, nothing is refused and no request is made).
 */
export async function calibrationRefusal(
  model: LocalModel,
  decision: "plannerLlm" | "vision",
): Promise<string | undefined> {
  const refusal = await import("../../../copilot/calibration-refusal.js");
  return refusal.calibrationRefusal(model.client, model.config, decision, process.env);
}

/** The vision model, unless calibration decided against it: then the failure that says so. */
export async function visionModel(): Promise<LocalModel | ToolFailure> {
  const model = await localModel();
  if (!isLocalModel(model)) return model;
  try {
    const refusal = await calibrationRefusal(model, "vision");
    if (refusal)
      return failure(
        "llm-calibration",
        `${refusal}; set SVC_LLM_VISION_MODEL to a model that reads pictures, then run svc copilot-calibrate`,
      );
  } catch (err) {
    const f = modelFailure(err);
    if (f) return f;
    throw err;
  }
  return model;
}
