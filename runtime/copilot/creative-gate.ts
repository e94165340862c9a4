/**
 * The copilot's creative mode reads the creative repertoire, which is off unless SVC_RAG_ENABLED=1
 * (spec 8.1): asked for while it is off, the turn is refused with what to set, not run without it.
 */
import { creativeConfigFromEnv } from "../creative/config.js";

export function creativeOff(env: NodeJS.ProcessEnv): { code: string; message: string } | null {
  try {
    if (creativeConfigFromEnv(env, process.cwd()).enabled) return null;
  } catch (err) {
    return { code: "creative-config", message: (err as Error).message };
  }
  return {
    code: "creative-off",
    message:
      "--creative reads the creative repertoire, which is off; set SVC_RAG_ENABLED=1 (and index cards with 'svc creative-rag')",
  };
}
