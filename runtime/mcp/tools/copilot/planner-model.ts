/**
 * The model behind plan_visual's `planner: "llm"`: a question for JSON of the plan's shape, asked
 * only when the model may plan. A model `svc copilot-calibrate` found unable to answer plans as JSON
 * (its decision cached for its exact build) is not asked; plan_visual plans deterministically and
 * says why. Every failure here is thrown with its code, so the planner falls back with it.
 */
import type { AskForJson } from "../artist/visual-planner-llm.js";
import { calibrationRefusal, isLocalModel, localModel, type LocalModel } from "./local-model.js";

export interface PlannerModel {
  /** Undefined when no model is configured; `off` says why. */
  ask: AskForJson | undefined;
  off: { code: string; message: string };
  /** How many recipes the model is shown (by SVC_LLM_TIER). */
  recipesShown: number;
}

class CalibrationRefusal extends Error {
  readonly code = "llm-calibration";
}

async function refuseIfCalibratedAgainst(model: LocalModel): Promise<void> {
  const refusal = await calibrationRefusal(model, "plannerLlm");
  if (refusal) throw new CalibrationRefusal(refusal);
}

export async function plannerModel(): Promise<PlannerModel> {
  const model = await localModel();
  const { PROMPT_RECIPES } = await import("../artist/visual-planner-llm.js");
  if (!isLocalModel(model))
    return {
      ask: undefined,
      off: { code: model.error.code, message: model.error.message },
      recipesShown: PROMPT_RECIPES.medium,
    };
  const { askModel } = await import("../../../copilot/ask-model.js");
  return {
    ask: async (system, user, format) => {
      await refuseIfCalibratedAgainst(model);
      return askModel(model.client, { system, user, format });
    },
    off: { code: "llm-off", message: "" },
    recipesShown: PROMPT_RECIPES[model.config.tier],
  };
}
