/**
 * One shape for a network, whichever side it comes from: the compiled program (desired), the bridge's
 * read of the live project (live), or what svc last applied (stored inside the network's COMP).
 * Planning is a pure comparison of these three.
 */
import type { SourceRange } from "../../../diagnostics/source-range.js";

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

type ParamMode = "constant" | "expression" | "bind" | "export";

export interface ParamState {
  mode: ParamMode;
  /** The constant value (mode constant). */
  value?: JsonValue;
  /** The expression, bind expression or export source (other modes). */
  expr?: string;
  /**
   * Live only: read because the source sets this parameter, and found at the operator's default.
   * Such a value is nobody's edit.
   */
  atDefault?: boolean;
}

export interface CustomParState {
  name: string;
  style: string;
  label?: string;
  help?: string;
  default?: JsonValue;
  min?: number;
  max?: number;
  menuNames?: string[];
  menuLabels?: string[];
  /** Values outside min..max are refused. */
  clamp?: boolean;
}

export interface CustomPageState {
  name: string;
  pars: CustomParState[];
}

export interface NodeState {
  /** Absolute TouchDesigner path, e.g. /project1/tunnel/noise1. */
  path: string;
  type: string;
  /** Scalar parameter name → state. Desired: only what the source sets. Live: only non-default ones. */
  params: Record<string, ParamState>;
  /** Flags that differ from the operator's defaults (display, render, viewer, bypass, lock). */
  flags: Record<string, boolean>;
  comment?: string;
  /** RGB 0..1 */
  color?: [number, number, number];
  tags: string[];
  /** DAT text. */
  text?: string;
  /** Desired only: where the text is written (the `text:` entry, and the file it was read from with file("...")). */
  textSource?: { file: string; offset: number; textFile?: string };
  customPages?: CustomPageState[];
  position?: { x: number; y: number };
  /** Where the node was declared (desired state only), to point errors at a line. */
  source?: { file?: string; range: SourceRange };
  /** Desired only: where each parameter the source sets is written, to point a conflict at it. */
  paramSources?: Record<string, SourceRange>;
  /** Desired only: the name the node had before (a declared rename). */
  renamedFrom?: string;
}

export interface WireState {
  from: string;
  fromOutput: number;
  to: string;
  toInput: number;
}

export interface NetworkState {
  /** The network's COMP path; every node path is below it. */
  root: string;
  nodes: Map<string, NodeState>;
  wires: WireState[];
}

/** The tag every node svc creates carries; nodes without it are never touched. */
export const OWNER_TAG = "svc";

export function wireKey(w: WireState): string {
  return `${w.from}[${w.fromOutput}]->${w.to}[${w.toInput}]`;
}

/** Stable comparison of JSON-like values (numbers compared with a tolerance for float round trips). */
export function sameValue(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (typeof a === "number" && typeof b === "number")
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameValue(a[k], b[k]));
  }
  return a === b;
}

export function sameParam(a: ParamState | undefined, b: ParamState | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.mode !== b.mode) return false;
  return a.mode === "constant" ? sameValue(a.value, b.value) : (a.expr ?? "") === (b.expr ?? "");
}

export function describeParam(p: ParamState | undefined): string {
  if (p === undefined) return "(default)";
  switch (p.mode) {
    case "constant":
      return JSON.stringify(p.value);
    case "expression":
      return `= ${p.expr}`;
    case "bind":
      return `bind ${p.expr}`;
    case "export":
      return `export ${p.expr}`;
  }
}

/** tdsim's (and, UNVERIFIED, TouchDesigner's) node colour before anyone sets one. */
const DEFAULT_COLOUR = [0.55, 0.55, 0.55];

export function isDefaultColour(color: readonly number[] | undefined): boolean {
  return color === undefined || color.every((c, i) => Math.abs(c - DEFAULT_COLOUR[i]!) <= 1e-3);
}

/** Names of a COMP's custom parameters (scalar ones), which are controls, not parameters to set. */
export function customScalarNames(node: Pick<NodeState, "customPages">): Set<string> {
  const names = new Set<string>();
  for (const page of node.customPages ?? []) {
    for (const p of page.pars) {
      names.add(p.name);
      const suffixes = { RGB: "rgb", RGBA: "rgba", XY: "xy", XYZ: "xyz", XYZW: "xyzw", UV: "uv", UVW: "uvw", WH: "wh" }[
        p.style
      ];
      if (suffixes) for (const s of suffixes) names.add(p.name + s);
    }
  }
  return names;
}

/** rrggbb (the AST keeps the digits without '#') for components 0..1. */
export function hexColour(rgb: readonly number[]): string {
  return rgb
    .slice(0, 3)
    .map((c) =>
      Math.round(Math.min(1, Math.max(0, c)) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("");
}
