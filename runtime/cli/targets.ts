/**
 * `--target NAME|all`: one command run against several bridges of `svc.show.yaml` at once. Each
 * target gets its own client and its own captured output; the outputs are printed in the file's
 * order once all are done, each under a heading, then one line per target. The exit code is the
 * worst of them (1 over 2 over 0).
 */
import type { Services } from "../services.js";
import { resolve } from "node:path";
import type { BridgeClient } from "../engine/index.js";
import { UsageError, type FlagSpecs, type ParsedArgs } from "./args.js";
import { withBridge } from "./bridge-session.js";
import type { CommandIO } from "./command.js";

export const TARGET_FLAGS: FlagSpecs = {
  target: {
    type: "string",
    multiple: true,
    valueName: "name|all",
    description: "run against this target of the show config, or all of them, in parallel",
  },
  "show-config": {
    type: "string",
    valueName: "file",
    description: "the show config naming the targets (default ./svc.show.yaml)",
  },
};

interface TargetRun {
  name: string;
  url: string;
  code: number;
  stdout: string;
  stderr: string;
}

function worst(codes: number[]): number {
  if (codes.includes(1)) return 1;
  return codes.find((c) => c !== 0) ?? 0;
}

/**
 * Runs `work` against the bridge of SVC_BRIDGE_URL, or with `--target` against each target named,
 * concurrently. `work` writes to the io it is given.
 */
export async function withTargets(
  program: string,
  io: CommandIO,
  services: Services,
  args: ParsedArgs,
  work: (client: BridgeClient, io: CommandIO) => Promise<number>,
): Promise<number> {
  const wanted = (args.flags.target as string[] | undefined) ?? [];
  if (wanted.length === 0) {
    if (args.flags["show-config"] !== undefined) throw new UsageError("--show-config goes with --target");
    return withBridge(program, io, services, (client) => work(client, io));
  }
  const { readShowConfig, selectTargets, targetToken, ShowConfigError, SHOW_CONFIG_FILE } =
    await import("../show/show-config.js");
  const given = typeof args.flags["show-config"] === "string" ? args.flags["show-config"] : SHOW_CONFIG_FILE;
  let targets;
  let tokens: Array<string | undefined>;
  try {
    const config = readShowConfig(resolve(io.cwd, given), given);
    targets = selectTargets(config, wanted);
    tokens = targets.map((t) => targetToken(t, io.env));
  } catch (err) {
    if (err instanceof ShowConfigError) throw new UsageError(err.message);
    throw err;
  }
  const runs: TargetRun[] = await Promise.all(
    targets.map(async (t, i) => {
      const run: TargetRun = { name: t.name, url: t.url, code: 1, stdout: "", stderr: "" };
      const env: NodeJS.ProcessEnv = { ...io.env, SVC_BRIDGE_URL: t.url };
      if (tokens[i] === undefined) delete env.SVC_BRIDGE_TOKEN;
      else env.SVC_BRIDGE_TOKEN = tokens[i];
      const sub: CommandIO = {
        ...io,
        env,
        isTTY: false,
        stdout: (s) => (run.stdout += s),
        stderr: (s) => (run.stderr += s),
      };
      // Each target its own services, for its own bridge.
      const { createServices } = await import("../services.js");
      const targetServices = createServices(env);
      try {
        run.code = await withBridge(`${program} [${t.name}]`, sub, targetServices, (client) => work(client, sub));
      } catch (err) {
        run.stderr += `${program} [${t.name}]: ${(err as Error).message}\n`;
        run.code = 1;
      } finally {
        await targetServices.close();
      }
      return run;
    }),
  );
  if (args.flags.json === true) {
    const parsed = (text: string) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text === "" ? null : text;
      }
    };
    io.stdout(
      JSON.stringify(
        {
          targets: runs.map((r) => ({
            target: r.name,
            url: r.url,
            exitCode: r.code,
            result: parsed(r.stdout),
            errors: r.stderr,
          })),
        },
        null,
        2,
      ) + "\n",
    );
  } else {
    for (const r of runs) {
      io.stdout(`== ${r.name} (${r.url}) ==\n${r.stdout}`);
      if (r.stderr) io.stdout(r.stderr);
    }
    io.stdout(
      `Targets: ${runs.map((r) => `${r.name} ${r.code === 0 ? "ok" : r.code === 1 ? "FAILED" : `exit ${r.code}`}`).join(", ")}\n`,
    );
  }
  return worst(runs.map((r) => r.code));
}
