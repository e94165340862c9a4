/** The Python API catalog (kb/data/python-classes.json): classes, td/tdu module members, enums. */
import { readDataFile } from "./loader.js";

export interface PythonMember {
  name: string;
  kind: "attribute" | "method" | "function" | "special" | "callback";
  type?: string;
  readOnly?: boolean;
  signature?: string;
  returns?: string;
  section?: string;
  syntax?: string;
  callSignatures?: { signature: string; returns?: string }[];
}

export interface PythonClass {
  name: string;
  category: "general" | "operator";
  /** Base classes, nearest first (`geometryCOMP` → ObjectCOMP, COMP, OP). */
  inherits: string[];
  inheritsSource: "docs" | "derived" | null;
  members: PythonMember[];
  snapshot: string | null;
  membersOnlyInOlderSnapshot?: PythonMember[];
  callbacks?: { name: string; signature: string | null }[];
}

export interface PythonCatalog {
  version: number;
  snapshots: Record<string, string>;
  modules: Record<"td" | "tdu", { name: string; members: PythonMember[] }>;
  classes: Record<string, PythonClass>;
  enums: Record<string, { values: string[]; usedBy: string[]; complete: boolean }>;
  callbackContracts: Record<string, { callbacks: { name: string; signature: string }[]; [key: string]: unknown }>;
}

let catalog: PythonCatalog | undefined;

export function pythonCatalog(): PythonCatalog {
  catalog ??= readDataFile<PythonCatalog>("python-classes.json");
  return catalog;
}

export function getPythonClass(name: string): PythonClass | undefined {
  return pythonCatalog().classes[name];
}

/** A class's own members followed by inherited ones not overridden, each with the class that declares it. */
export function allMembers(name: string): { member: PythonMember; declaredBy: string }[] {
  const cls = getPythonClass(name);
  if (!cls) return [];
  const seen = new Set<string>();
  const out: { member: PythonMember; declaredBy: string }[] = [];
  for (const owner of [cls.name, ...cls.inherits]) {
    for (const member of getPythonClass(owner)?.members ?? []) {
      if (seen.has(member.name)) continue;
      seen.add(member.name);
      out.push({ member, declaredBy: owner });
    }
  }
  return out;
}

export function moduleMembers(module: "td" | "tdu"): PythonMember[] {
  return pythonCatalog().modules[module].members;
}
