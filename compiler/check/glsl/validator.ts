/**
 * Runs Khronos' reference GLSL front end, `glslangValidator` (Debian package `glslang-tools`), on a
 * whole shader (environment + the shader's own text) and reads its messages back. The program is
 * found on PATH, or at `SVC_GLSLANG`. Results are cached by text, so checking a recipe used many
 * times, or compiling the same file again in a long-lived process, runs the compiler once.
 */
import { spawnSync } from "node:child_process";

export type ShaderStage = "frag" | "vert" | "comp";

interface ShaderMessage {
  severity: "error" | "warning";
  /** Line in the shader's own text (source string 1), or undefined when it is in the environment. */
  line: number | undefined;
  message: string;
}

export type ValidationOutcome =
  { status: "compiled"; messages: ShaderMessage[] } | { status: "unavailable"; reason: string };

/** Long shaders compile in well under a second; this only bounds a hung process. */
const TIMEOUT_MS = 30_000;
const MAX_OUTPUT = 1 << 20;
const MAX_CACHE = 500;

const cache = new Map<string, ValidationOutcome>();
let unavailable: ValidationOutcome | undefined;

function validatorCommand(): string {
  return process.env.SVC_GLSLANG || "glslangValidator";
}

/** Compiles `source` (a complete shader) as `stage`. Never throws. */
export function validateShader(source: string, stage: ShaderStage): ValidationOutcome {
  if (unavailable !== undefined) return unavailable;
  const key = `${stage}\n${source}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const run = spawnSync(validatorCommand(), ["--stdin", "-S", stage], {
    input: source,
    encoding: "utf8",
    timeout: TIMEOUT_MS,
    maxBuffer: MAX_OUTPUT,
  });
  if (run.error !== undefined) {
    const code = (run.error as NodeJS.ErrnoException).code;
    const outcome: ValidationOutcome = {
      status: "unavailable",
      reason:
        code === "ENOENT"
          ? `'${validatorCommand()}' is not installed`
          : `'${validatorCommand()}' failed: ${run.error.message}`,
    };
    if (code === "ENOENT") unavailable = outcome;
    return outcome;
  }
  const outcome: ValidationOutcome = { status: "compiled", messages: parseMessages(`${run.stdout}\n${run.stderr}`) };
  if (cache.size >= MAX_CACHE) cache.delete(cache.keys().next().value as string);
  cache.set(key, outcome);
  return outcome;
}

/** Forget that the validator was missing (tests that point SVC_GLSLANG elsewhere). */
export function resetValidator(): void {
  unavailable = undefined;
  cache.clear();
}

// `ERROR: 1:12: 'x' : undeclared identifier` — severity, source string, line, message.
const MESSAGE = /^(ERROR|WARNING): (\d+):(\d+): (.*)$/;
// Follow-on lines that carry nothing for the reader.
const NOISE = /^'' : compilation terminated\s*$/;

function parseMessages(output: string): ShaderMessage[] {
  const messages: ShaderMessage[] = [];
  for (const raw of output.split("\n")) {
    const m = MESSAGE.exec(raw.trim());
    if (m === null) continue;
    const text = m[4]!.trim();
    if (NOISE.test(text)) continue;
    messages.push({
      severity: m[1] === "ERROR" ? "error" : "warning",
      line: m[2] === "1" ? Number(m[3]) : undefined,
      // `'x' : undeclared identifier` reads better as `'x': undeclared identifier`; `'' : ` says nothing.
      message: text
        .replace(/^'' : /, "")
        .replace(/^('[^']*') : /, "$1: ")
        .replace(/\s+/g, " "),
    });
  }
  return messages;
}
