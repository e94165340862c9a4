import type { JsonValue, NodeState, ParamState } from "./network-state.js";
import type { PlanWire } from "./output-guards.js";

export interface ParamChange {
  name: string;
  from: ParamState | undefined;
  /** undefined = back to the operator's default. */
  to: ParamState | undefined;
}

export interface FieldChange {
  /** flag:<name>, comment, color, tags, text, customPages, position */
  field: string;
  from: JsonValue | undefined;
  to: JsonValue | undefined;
}

export type NodeChange =
  | { kind: "create"; path: string; type: string; node: NodeState }
  | { kind: "delete"; path: string; type: string }
  | { kind: "replace"; path: string; fromType: string; toType: string; node: NodeState }
  | { kind: "rename"; from: string; to: string; type: string }
  | { kind: "update"; path: string; type: string; params: ParamChange[]; fields: FieldChange[] };

/** A live edit svc will not overwrite without --force, or something in the way it will not touch. */
export interface Conflict {
  kind: "drift" | "unowned-in-the-way" | "unowned-inside-delete";
  path: string;
  /** For drift: the parameter or field that changed live. */
  name?: string;
  lastApplied?: string;
  live?: string;
  desired?: string;
  message: string;
}

/**
 * A value set live on a node svc manages that neither the source nor svc's record mentions: the
 * artist's own. Kept (never reverted), listed so the plan does not claim the network matches.
 */
export interface LiveOnlyValue {
  path: string;
  /** A parameter, or a field (flag:<name>, comment, color, tags). */
  name: string;
  live: string;
}

export interface Plan {
  root: string;
  changes: NodeChange[];
  /** Wires into a guarded output carry the guards they pass (`via`): applied to the last guard's input. */
  wiresAdded: PlanWire[];
  wiresRemoved: PlanWire[];
  conflicts: Conflict[];
  liveOnly: LiveOnlyValue[];
  /** Live nodes without the svc tag: never touched, counted so the user knows they exist. */
  ignoredUnowned: number;
  summary: { add: number; change: number; destroy: number };
  /** Hash of the live state the plan was made against; apply refuses a plan whose live state moved. */
  liveFingerprint: string;
  forced: boolean;
}

export function isEmptyPlan(plan: Plan): boolean {
  return plan.changes.length === 0 && plan.wiresAdded.length === 0 && plan.wiresRemoved.length === 0;
}
