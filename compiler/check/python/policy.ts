/** Which Python a program may carry: any (`open`) or only the bridge's safe subset (`safe`). */
export type ExpressionPolicy = "open" | "safe";

/**
 * SVC_BRIDGE_EXPRESSIONS as the bridge reads it (bridge/svc_bridge/config.py): unset, blank or
 * `open` is open; any other value is safe, so that a typo never opens what was meant to be closed.
 */
export function expressionPolicyFromEnv(env: Record<string, string | undefined>): ExpressionPolicy {
  const value = env.SVC_BRIDGE_EXPRESSIONS?.trim().toLowerCase() ?? "";
  return value === "" || value === "open" ? "open" : "safe";
}
