/**
 * svc-agent.yaml: the steps `svc-agent run` runs when it is given no files, each with its own
 * options (`force`, `no_color`), so a project's apply sequence is one file in its repository.
 * `svc-agent config init` writes a first one.
 */
import { existsSync, readFileSync } from "node:fs";
import { UsageError } from "../args.js";

export const CONFIG_FILE = "svc-agent.yaml";
const MAX_CONFIG_BYTES = 256 * 1024;
const MAX_STEPS = 1000;

export interface AgentStep {
  file: string;
  force: boolean;
  /** Diagnostics of this step without ANSI colour, even on a terminal. */
  no_color: boolean;
}

export interface AgentConfig {
  continue_on_error: boolean;
  steps: AgentStep[];
}

/** Reads and checks the file; a problem is a usage error naming the file and the entry. */
export async function readAgentConfig(file: string): Promise<AgentConfig> {
  if (!existsSync(file))
    throw new UsageError(
      `no files given and no ${file}; give .svcnet files, or write one with 'svc-agent config init'`,
    );
  const text = readFileSync(file, "utf8");
  if (Buffer.byteLength(text) > MAX_CONFIG_BYTES) throw new UsageError(`${file} is over ${MAX_CONFIG_BYTES / 1024} KB`);
  const [{ parse }, { z }] = await Promise.all([import("yaml"), import("zod")]);
  let raw: unknown;
  try {
    raw = parse(text, { maxAliasCount: 100 });
  } catch (err) {
    throw new UsageError(`${file} is not YAML: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
  }
  const step = z.strictObject({
    file: z.string().min(1).max(1024),
    force: z.boolean().default(false),
    no_color: z.boolean().default(false),
  });
  const schema = z.strictObject({
    continue_on_error: z.boolean().default(false),
    steps: z.array(step).min(1).max(MAX_STEPS),
  });
  const checked = schema.safeParse(raw);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const where = issue.path.length > 0 ? issue.path.join(".") : "the file";
    throw new UsageError(`${file}: ${where}: ${issue.message}`);
  }
  return checked.data;
}

/** The text `config init` writes: the given files as steps, every option spelled out. */
export function configTemplate(files: readonly string[]): string {
  const steps = files.length > 0 ? files : ["network.svcnet"];
  return [
    "# svc-agent run, with no files given, runs these steps in order (svc-agent run --help).",
    "continue_on_error: false   # true: go on with the next step after one fails",
    "steps:",
    ...steps.flatMap((f) => [
      `  - file: ${JSON.stringify(f)}`,
      "    force: false      # true: overwrite live edits (drift)",
      "    no_color: false   # true: this step's diagnostics without colour",
    ]),
    "",
  ].join("\n");
}
