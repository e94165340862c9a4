/**
 * The live side of a cue engine (cue-network.ts): its cues and macros read back from its tables, a
 * cue or macro fired by one parameter write (exec closed), and a parameter's live value taken as a
 * cue value (a snapshot).
 */
import { type BridgeClient, encodePath } from "../engine/index.js";
import {
  cuesFromTable,
  macrosFromTable,
  setlistFromTable,
  type Cue,
  type Macro,
  type Scene,
  type ValueKind,
} from "./cue-network.js";

export interface CueEngine {
  comp: string;
  exists: boolean;
  cues: Cue[];
  macros: Macro[];
  setlist: Scene[];
  /** The setlist row playing, 0 when stopped. */
  scene: number;
  current: string;
  fading: boolean;
}

const notFound = (err: unknown) => (err as { status?: number }).status === 404;

async function text(bridge: BridgeClient, path: string): Promise<string | undefined> {
  try {
    return (await bridge.get<{ text: string }>(`/api/nodes/${encodePath(path)}/text`)).text;
  } catch (err) {
    if (notFound(err)) return undefined;
    throw err;
  }
}

async function params(
  bridge: BridgeClient,
  path: string,
  keys: string[],
): Promise<Map<string, { value: unknown; style: string }>> {
  const r = await bridge.get<{ params: Array<{ name: string; value: unknown; style: string }> }>(
    `/api/nodes/${encodePath(path)}/params`,
    { keys: keys.join(",") },
  );
  return new Map(r.params.map((p) => [p.name, { value: p.value, style: p.style }]));
}

export async function readCueEngine(bridge: BridgeClient, comp: string): Promise<CueEngine> {
  const [cues, macros, setlist] = await Promise.all([
    text(bridge, `${comp}/cues`),
    text(bridge, `${comp}/macros`),
    text(bridge, `${comp}/setlist`),
  ]);
  if (cues === undefined)
    return { comp, exists: false, cues: [], macros: [], setlist: [], scene: 0, current: "", fading: false };
  // An engine built before the setlist existed has no Scene parameter yet.
  const state = await params(
    bridge,
    comp,
    setlist === undefined ? ["Current", "Fading"] : ["Current", "Fading", "Scene"],
  );
  return {
    comp,
    exists: true,
    cues: cuesFromTable(cues),
    macros: macrosFromTable(macros ?? ""),
    setlist: setlistFromTable(setlist ?? ""),
    scene: Number(state.get("Scene")?.value ?? 0),
    current: String(state.get("Current")?.value ?? ""),
    fading: Boolean(state.get("Fading")?.value),
  };
}

/** Fires on the engine's next frame: the name goes to Pending, which the engine clears. */
export async function firePending(
  bridge: BridgeClient,
  comp: string,
  parameter: "Pending" | "Pendingmacro" | "Pendingsetlist",
  name: string,
): Promise<void> {
  await bridge.patch(`/api/nodes/${encodePath(comp)}`, { parameters: { [parameter]: name } });
}

/** How a parameter's value is played: floats fade, toggles and whole numbers on menus are set. */
function kindOfStyle(style: string, value: unknown): ValueKind {
  if (
    typeof value === "string" ||
    ["Str", "StrMenu", "Menu", "OP", "TOP", "CHOP", "COMP", "DAT", "SOP", "MAT", "File", "Folder"].includes(style)
  )
    return "str";
  if (style === "Toggle" || typeof value === "boolean") return "int";
  return "num";
}

/** A parameter's live value as a cue value; a parameter that does not exist is the bridge's unknown_param. */
export async function liveValue(
  bridge: BridgeClient,
  path: string,
  par: string,
): Promise<{ kind: ValueKind; value: string }> {
  const p = (await params(bridge, path, [par])).get(par);
  const value = p?.value;
  const kind = kindOfStyle(p?.style ?? "", value);
  return { kind, value: typeof value === "boolean" ? (value ? "1" : "0") : String(value ?? "") };
}
