/**
 * Redaction for everything a copilot turn reports (receipts, the chat page, --json): secrets never
 * leave in a receipt, whoever put them in the text (the person, a tool result, the model).
 * Three rules: values of secret-named settings found anywhere, values under secret-named keys, and
 * text shaped like a credential (a bearer header, a common API-key prefix, a long hex or base64 run).
 */
const SECRET_NAME = /token|secret|password|passwd|api[_-]?key|authorization|cookie|credential|private[_-]?key/i;
const SECRET_ENV = /TOKEN|KEY|SECRET|PASSWORD|CREDENTIAL/;
const SHAPES: readonly RegExp[] = [
  /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi,
  /\b(?:sk|pk|rk|ghp|gho|ghs|github_pat|xox[abpr]|glpat|AKIA)[-_]?[A-Za-z0-9_-]{12,}/g,
  /\b[a-f0-9]{32,}\b/gi,
];
/** A long run of letters and digits of both cases, as generated keys are (words and paths are not). */
const KEY_LIKE = /[A-Za-z0-9_+-]{32,}={0,2}/g;
const keyLike = (run: string) => /[0-9]/.test(run) && /[a-z]/.test(run) && /[A-Z]/.test(run);
const REDACTED = "[redacted]";
/** Shorter values are not searched for: they would blank ordinary words. */
const MIN_SECRET_LENGTH = 6;

export type Redactor = (value: unknown) => unknown;

function secretValues(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(
      ([name, value]) => SECRET_ENV.test(name) && typeof value === "string" && value.trim().length >= MIN_SECRET_LENGTH,
    )
    .map(([, value]) => value!.trim())
    .sort((a, b) => b.length - a.length);
}

function redactText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  for (const shape of SHAPES) out = out.replace(shape, REDACTED);
  return out.replace(KEY_LIKE, (run) => (keyLike(run) ? REDACTED : run));
}

/** A deep copy with every secret replaced; keys are kept so a reader sees that something was there. */
export function makeRedactor(env: NodeJS.ProcessEnv): Redactor {
  const secrets = secretValues(env);
  const walk = (value: unknown, depth: number): unknown => {
    if (typeof value === "string") return redactText(value, secrets);
    if (depth > 32 || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_NAME.test(k) && v !== null && v !== "" ? REDACTED : walk(v, depth + 1),
      ]),
    );
  };
  return (value) => walk(value, 0);
}
