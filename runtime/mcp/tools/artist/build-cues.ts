/**
 * manage_cue and create_macro: the cues and macros live in the cue engine's tables, so a change is a
 * new `.svcnet` of the engine (runtime/show/cue-network.ts) applied through the artist loop; firing
 * writes the name to the engine's Pending parameter and the engine fades the values in TouchDesigner.
 */
import { parse } from "../../../../grammar/parse.js";
import { type BridgeClient, BridgeError, encodePath } from "../../../engine/index.js";
import {
  cueSource,
  type Cue,
  type CueValue,
  type Macro,
  type MacroStep,
  type Scene,
} from "../../../show/cue-network.js";
import { firePending, liveValue, readCueEngine, type CueEngine } from "../../../show/cues.js";
import type { ToolContext } from "../registry.js";
import { bridgeFailure, failure, success, type ToolOutcome } from "../result.js";
import { runArtist } from "./run-artist.js";

interface ValueInput {
  path: string;
  parameter: string;
  value?: number | string | boolean | undefined;
}

export interface CueData {
  network: string;
  action: string;
  cues: Cue[];
  macros: Array<{ name: string; steps: number; seconds: number }>;
  setlist: Scene[];
  scene: number;
  current: string;
  fading: boolean;
  fired: string | null;
  applied: boolean;
  source: string | null;
  errors: number;
}

function data(engine: CueEngine, action: string, extra: Partial<CueData> = {}): CueData {
  return {
    network: engine.comp,
    action,
    cues: engine.cues,
    macros: engine.macros.map((m) => ({
      name: m.name,
      steps: m.steps.length,
      seconds: Math.max(0, ...m.steps.map((s) => s.at)),
    })),
    setlist: engine.setlist,
    scene: engine.scene,
    current: engine.current,
    fading: engine.fading,
    fired: null,
    applied: false,
    source: null,
    errors: 0,
    ...extra,
  };
}

function unknown(kind: "cue" | "macro", name: string, known: string[], network: string) {
  return failure(
    `unknown-${kind}`,
    `${network} has no ${kind} '${name}'${known.length ? `; its ${kind}s: ${known.slice(0, 20).join(", ")}` : ` (it has no ${kind}s yet)`}`,
    { details: { known } },
  );
}

async function cueValue(bridge: BridgeClient, v: ValueInput): Promise<CueValue> {
  const live = await liveValue(bridge, v.path, v.parameter);
  if (v.value === undefined) return { path: v.path, par: v.parameter, ...live };
  if (typeof v.value === "number")
    return { path: v.path, par: v.parameter, kind: live.kind === "str" ? "str" : live.kind, value: String(v.value) };
  if (typeof v.value === "boolean") return { path: v.path, par: v.parameter, kind: "int", value: v.value ? "1" : "0" };
  return { path: v.path, par: v.parameter, kind: "str", value: v.value };
}

/** What the engine holds: each change keeps the rest. */
interface EngineContent {
  cues: Cue[];
  macros: Macro[];
  setlist: Scene[];
}

/** Applies the engine with this content; reads it back. */
async function store(
  name: string,
  content: EngineContent,
  action: string,
  ctx: ToolContext,
  extra: Partial<CueData> = {},
): Promise<ToolOutcome<CueData>> {
  const source = cueSource(name, content.cues, content.macros, content.setlist);
  const built = await runArtist({ name, program: () => parse(source).ast }, [], 0, ctx);
  if (!built.ok) return built;
  const engine = await readCueEngine(await ctx.services.bridge(), `/project1/${name}`);
  const d = data(engine, action, {
    applied: built.data.applied,
    source: built.data.source,
    errors: built.data.errors,
    ...extra,
  });
  return { ...success(d, built.text), ...(built.data.errors > 0 ? { isError: true } : {}) };
}

const cueLine = (c: Cue) =>
  `${c.name} (fade ${c.fade} s): ${c.values.map((v) => `${v.path}.${v.par} = ${v.value}`).join(", ")}`;

export interface ManageCueInput {
  action: "create" | "update" | "delete" | "list" | "fire";
  network: string;
  cue?: string | undefined;
  fade?: number | undefined;
  values?: ValueInput[] | undefined;
}

export async function manageCue(input: ManageCueInput, ctx: ToolContext): Promise<ToolOutcome<CueData>> {
  const bridge = await ctx.services.bridge();
  const comp = `/project1/${input.network}`;
  try {
    const engine = await readCueEngine(bridge, comp);
    if (input.action === "list") {
      const text = engine.exists
        ? [`${comp}: ${engine.cues.length} cue(s), current '${engine.current}'`, ...engine.cues.map(cueLine)].join("\n")
        : `${comp} holds no cue engine yet (manage_cue create builds it)`;
      return success(data(engine, "list"), text);
    }
    if (input.cue === undefined)
      return failure("invalid-arguments", `action '${input.action}' needs 'cue', the cue's name`);
    const name = input.cue;
    const existing = engine.cues.find((c) => c.name === name);
    const names = engine.cues.map((c) => c.name);
    if (input.action === "fire") {
      if (!existing) return unknown("cue", name, names, comp);
      await firePending(bridge, comp, "Pending", name);
      return success(
        data(engine, "fire", { fired: name }),
        `fired ${name} on ${comp}: ${existing.values.length} value(s) over ${existing.fade} s`,
      );
    }
    if (input.action === "delete") {
      if (!existing) return unknown("cue", name, names, comp);
      const used = engine.macros
        .filter((m) => m.steps.some((s) => s.kind === "cue" && s.cue === name))
        .map((m) => m.name);
      if (used.length)
        return failure("cue-in-use", `cue '${name}' is fired by macro(s) ${used.join(", ")}; change them first`);
      const inSetlist = engine.setlist.some((sc) => sc.cue === name);
      if (inSetlist) return failure("cue-in-use", `cue '${name}' is a scene of the setlist; change the setlist first`);
      return store(input.network, { ...engine, cues: engine.cues.filter((c) => c.name !== name) }, "delete", ctx);
    }
    if (input.action === "create" && existing)
      return failure("cue-exists", `${comp} already has a cue '${name}'; use action 'update' to change it`);
    if (input.action === "update" && !existing) return unknown("cue", name, names, comp);
    const values = input.values ? await Promise.all(input.values.map((v) => cueValue(bridge, v))) : existing?.values;
    if (!values || values.length === 0)
      return failure(
        "invalid-arguments",
        `a cue needs 'values': the parameters it sets (a value, or none to take the live one)`,
      );
    const cue: Cue = { name, fade: input.fade ?? existing?.fade ?? 0, values };
    const cues = existing ? engine.cues.map((c) => (c.name === name ? cue : c)) : [...engine.cues, cue];
    return store(input.network, { ...engine, cues }, input.action, ctx);
  } catch (err) {
    if (err instanceof BridgeError) return bridgeFailure(err);
    throw err;
  }
}

type MacroStepInput = { wait?: number | undefined } & ({ cue: string } | ValueInput);

export interface CreateMacroInput {
  network: string;
  macro: string;
  steps?: MacroStepInput[] | undefined;
  run: boolean;
}

export async function createMacro(input: CreateMacroInput, ctx: ToolContext): Promise<ToolOutcome<CueData>> {
  const bridge = await ctx.services.bridge();
  const comp = `/project1/${input.network}`;
  try {
    const engine = await readCueEngine(bridge, comp);
    const existing = engine.macros.find((m) => m.name === input.macro);
    let outcome: ToolOutcome<CueData> | undefined;
    if (input.steps) {
      const names = engine.cues.map((c) => c.name);
      let at = 0;
      const steps: MacroStep[] = [];
      for (const s of input.steps) {
        at += s.wait ?? 0;
        if ("cue" in s) {
          if (!names.includes(s.cue)) return unknown("cue", s.cue, names, comp);
          steps.push({ at, kind: "cue", cue: s.cue });
        } else {
          const v = await cueValue(bridge, s);
          steps.push({ at, kind: "set", path: v.path, par: v.par, valueKind: v.kind, value: v.value });
        }
      }
      const macro: Macro = { name: input.macro, steps };
      const macros = existing
        ? engine.macros.map((m) => (m.name === input.macro ? macro : m))
        : [...engine.macros, macro];
      outcome = await store(input.network, { ...engine, macros }, "create_macro", ctx);
      if (!outcome.ok) return outcome;
    } else if (!existing) {
      return unknown(
        "macro",
        input.macro,
        engine.macros.map((m) => m.name),
        comp,
      );
    }
    if (!input.run) return outcome!;
    await firePending(bridge, comp, "Pendingmacro", input.macro);
    const after = outcome?.ok ? outcome.data : data(engine, "create_macro");
    return success(
      { ...after, fired: input.macro },
      `${outcome?.ok ? outcome.text + "\n" : ""}started macro ${input.macro} on ${comp}`,
    );
  } catch (err) {
    if (err instanceof BridgeError) return bridgeFailure(err);
    throw err;
  }
}

export interface SetlistInput {
  network: string;
  scenes?: Array<{ cue: string; duration?: number | undefined }> | undefined;
  loop?: boolean | undefined;
  command?: "start" | "next" | "stop" | undefined;
}

/** create_setlist_runner: stores the scenes (each a cue of the engine) and starts, advances or stops them. */
export async function setlistRunner(input: SetlistInput, ctx: ToolContext): Promise<ToolOutcome<CueData>> {
  const bridge = await ctx.services.bridge();
  const comp = `/project1/${input.network}`;
  try {
    const engine = await readCueEngine(bridge, comp);
    let outcome: ToolOutcome<CueData> | undefined;
    if (input.scenes) {
      const names = engine.cues.map((c) => c.name);
      for (const sc of input.scenes) if (!names.includes(sc.cue)) return unknown("cue", sc.cue, names, comp);
      const setlist = input.scenes.map((sc) => ({ cue: sc.cue, duration: sc.duration ?? 0 }));
      outcome = await store(input.network, { ...engine, setlist }, "create_setlist_runner", ctx);
      if (!outcome.ok) return outcome;
    } else if (engine.setlist.length === 0) {
      return failure("no-setlist", `${comp} has no setlist yet; give 'scenes'`);
    }
    if (input.loop !== undefined)
      await bridge.patch(`/api/nodes/${encodePath(comp)}`, { parameters: { Loopsetlist: input.loop ? 1 : 0 } });
    if (input.command === undefined)
      return (
        outcome ??
        success(data(engine, "create_setlist_runner"), `${comp}: setlist of ${engine.setlist.length} scene(s)`)
      );
    await firePending(bridge, comp, "Pendingsetlist", input.command);
    const after = outcome?.ok ? outcome.data : data(await readCueEngine(bridge, comp), "create_setlist_runner");
    return success(
      { ...after, fired: input.command },
      `${outcome?.ok ? outcome.text + "\n" : ""}setlist ${input.command} on ${comp}`,
    );
  } catch (err) {
    if (err instanceof BridgeError) return bridgeFailure(err);
    throw err;
  }
}
