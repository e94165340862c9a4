/**
 * The model behind plan_visual's `planner: "llm"`: a question for JSON of the plan's shape, asked
 * only when the model may plan. A model `svc copilot-calibrate` found unable to answer plans as JSON
 * (its decision cached for its exact build) is not asked; plan_visual plans deterministically and
 * says why. Every failure here is thrown with its code, so the planner falls back with it.
 */
import type { AskForJson } from "../artist/visual-planner-llm.js";
import { isLocalModel, localModel, type LocalModel } from "./local-model.js";

export interface PlannerModel {
  /** Undefined when no model is configured; `off` says why. */
  ask: AskForJson | undefined;
  off: { code: string; message: string };
}

class CalibrationRefusal extends Error {
  readonly code = "llm-calibration";
}

async function refuseIfCalibratedAgainst(model: LocalModel): Promise<void> {
  const { existsSync } = await import("node:fs");
  const { calibrationPath, findCalibration } = await import("../../../copilot/calibration-cache.js");
  const path = calibrationPath(process.env);
  if (!existsSync(path)) return;
  const { modelIdentity } = await import("../../../copilot/calibrate.js");
  const entry = findCalibration(path, await modelIdentity(model.client, model.config));
  if (entry && !entry.decisions.plannerLlm) {
    throw new CalibrationRefusal(`svc copilot-calibrate found that ${model.config.model} (this build, calibrated ${entry.calibratedAt}) does not answer plans as JSON reliably`);
  }
}

export async function plannerModel(): Promise<PlannerModel> {
  const model = await localModel();
  if (!isLocalModel(model)) return { ask: undefined, off: { code: model.error.code, message: model.error.message } };
  const { askModel } = await import("../../../copilot/ask-model.js");
  return {
    ask: async (system, user, format) => {
      await refuseIfCalibratedAgainst(model);
      return askModel(model.client, { system, user, format });
    },
    off: { code: "llm-off", message: "" },
  };
}
