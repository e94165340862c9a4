/**
 * The safety blackout chain: the chain's network (runtime/show/safety-network.ts) goes through the
 * artist loop like every other tool's, then a guard is wired in front of each protected output
 * (runtime/show/guards.ts). Every output is checked before anything is built, so a wrong path
 * changes nothing. create_panic finds the outputs itself and can engage or release at once. A
 * failover backup is built the same way, with standby guards that follow its Live toggle.
 */
import { parse } from "../../../../grammar/parse.js";
import { BridgeError, encodePath } from "../../../engine/index.js";
import { checkOutputs, GuardError, insertGuards, STANDBY_GUARD, type GuardResult } from "../../../show/guards.js";
import { failoverSource, type FailoverSpec } from "../../../show/failover-network.js";
import { findOutputs } from "../../../show/find-outputs.js";
import { findSafetyChains, setPanic, type PanicReport } from "../../../show/panic.js";
import { safetySource, type SafetySpec } from "../../../show/safety-network.js";
import type { ToolContext } from "../registry.js";
import { applied, bridgeFailure, failure, type ToolOutcome } from "../result.js";
import { runArtist, type ArtistData } from "./run-artist.js";

export interface SafetyData extends ArtistData {
  protected: GuardResult[];
  panic: PanicReport | null;
}

export interface SafetyInput extends Omit<SafetySpec, "outputs"> {
  outputs?: readonly string[] | undefined;
  preview: number;
  /** true: Panic on after building; false: off; undefined: left as it is. */
  engage?: boolean | undefined;
}

export async function buildSafety(
  tool: string,
  input: SafetyInput,
  ctx: ToolContext,
): Promise<ToolOutcome<SafetyData>> {
  const bridge = await ctx.services.bridge();
  const chain = `/project1/${input.name}`;
  try {
    let outputs = input.outputs;
    if (outputs === undefined) {
      const found = await findOutputs(bridge, "/project1", chain);
      outputs = found.outputs;
      if (outputs.length === 0) {
        return failure(
          "no-outputs",
          `${tool} found no output in the project (no device, NDI, Spout/Syphon or Touch Out TOP, no Window COMP showing a TOP); name the TOPs to protect in 'outputs'`,
        );
      }
    }
    const inside = outputs.filter((o) => o === chain || o.startsWith(`${chain}/`));
    if (inside.length > 0)
      return failure(
        "invalid-arguments",
        `${inside[0]} is inside the chain's own network ${chain}; protect outputs outside it`,
      );
    await checkOutputs(bridge, outputs);
    const spec: SafetySpec = { ...input, outputs };
    const built = await runArtist(
      { name: input.name, program: () => parse(safetySource(spec)).ast },
      [],
      input.preview,
      ctx,
    );
    if (!built.ok) return built;
    const guards = await insertGuards(bridge, chain, outputs);
    const panic =
      input.engage === undefined
        ? null
        : await setPanic(
            bridge,
            input.engage,
            (await findSafetyChains(bridge)).chains.filter((c) => c === chain),
          );
    const data: SafetyData = { ...built.data, protected: guards, panic };
    const lines = guards.map(
      (g) => `${g.output}: guard ${g.action === "inserted" ? "wired" : "already wired"} (${g.guard})`,
    );
    if (panic) lines.push(`Panic ${panic.engage ? "on" : "off"}`);
    return applied(data, [built.text, ...lines].join("\n"), built.blocks, data.errors);
  } catch (err) {
    if (err instanceof GuardError) return failure(err.code, err.message);
    if (err instanceof BridgeError) return bridgeFailure(err);
    throw err;
  }
}

/** The backup side of a failover pair: the chain, then a standby guard in front of each output. */
export async function buildFailover(
  input: FailoverSpec & { preview: number },
  ctx: ToolContext,
): Promise<ToolOutcome<SafetyData>> {
  const bridge = await ctx.services.bridge();
  const chain = `/project1/${input.name}`;
  try {
    const inside = input.outputs.filter((o) => o === chain || o.startsWith(`${chain}/`));
    if (inside.length > 0)
      return failure(
        "invalid-arguments",
        `${inside[0]} is inside the chain's own network ${chain}; name outputs outside it`,
      );
    if (input.heartbeat !== undefined && !input.main)
      return failure("invalid-arguments", "heartbeat needs main: the main machine's bridge URL the backup watches");
    await checkOutputs(bridge, input.outputs);
    const built = await runArtist(
      { name: input.name, program: () => parse(failoverSource(input)).ast },
      [],
      input.preview,
      ctx,
    );
    if (!built.ok) return built;
    const guards = await insertGuards(bridge, chain, input.outputs, STANDBY_GUARD);
    const data: SafetyData = { ...built.data, protected: guards, panic: null };
    const lines = guards.map(
      (g) => `${g.output}: standby guard ${g.action === "inserted" ? "wired" : "already wired"} (${g.guard})`,
    );
    const liveNow =
      (
        await bridge.get<{ params: Array<{ value: unknown }> }>(`/api/nodes/${encodePath(chain)}/params`, {
          keys: "Live",
        })
      ).params[0]?.value === true;
    const next = liveNow
      ? "Live is on: this backup has taken over (turn Live off to hand back)."
      : input.heartbeat
        ? `Standing by, watching ${input.main} every ${input.heartbeat.interval} s; taking over after ${input.heartbeat.takeover} s without an answer.`
        : "Standing by: run 'svc failover' to keep the heartbeat with the main machine.";
    return applied(data, [built.text, ...lines, next].join("\n"), built.blocks, data.errors);
  } catch (err) {
    if (err instanceof GuardError) return failure(err.code, err.message);
    if (err instanceof BridgeError) return bridgeFailure(err);
    throw err;
  }
}
