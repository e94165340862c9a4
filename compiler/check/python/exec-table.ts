/**
 * What makes TouchDesigner run Python, per operator type: the bridge's own table
 * (bridge/svc_bridge/exec_pars.json, built by scripts/bridge-exec-table and read by
 * svc_bridge/exec_table.py), read here so that `svc check` refuses in the safe mode what the bridge
 * will refuse: text written into a DAT TouchDesigner runs, a parameter naming a DAT whose text runs or
 * loading code, an Execute-family DAT turned on, and (checked as safe expressions) the values of
 * parameters TouchDesigner evaluates as Python.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../../../kb/loader.js";

interface ExecTable {
  execute_dats: Record<string, string[]>;
  dat_pars: Record<string, string[]>;
  python_pars: Record<string, string[]>;
  loads_code: Record<string, string[]>;
}

let table: ExecTable | undefined;

function execTable(): ExecTable {
  table ??= JSON.parse(
    readFileSync(join(packageRoot(), "bridge", "svc_bridge", "exec_pars.json"), "utf8"),
  ) as ExecTable;
  return table;
}

/** `ext*object` matches `ext0object`, `ext12object`: `*` stands for a block number, as in exec_table.py. */
function matches(pattern: string, name: string): boolean {
  const star = pattern.indexOf("*");
  if (star < 0) return pattern === name;
  const head = pattern.slice(0, star);
  const tail = pattern.slice(star + 1);
  if (name.length <= head.length + tail.length) return false;
  const middle = name.slice(head.length, name.length - tail.length);
  return name.startsWith(head) && name.endsWith(tail) && /^\d+$/.test(middle);
}

const listed = (section: Record<string, string[]>, type: string, name: string) =>
  (section[type] ?? []).some((p) => matches(p, name));

export function isExecuteDat(type: string): boolean {
  return type in execTable().execute_dats;
}

export type ParKind = "python" | "dat" | "loads_code" | "switch";

/** Why a parameter matters to the safe mode, as the bridge's exec_table.par_kind says (file writes aside). */
export function parKind(type: string, name: string): ParKind | undefined {
  const t = execTable();
  if (listed(t.python_pars, type, name)) return "python";
  if (listed(t.dat_pars, type, name)) return "dat";
  if (listed(t.loads_code, type, name)) return "loads_code";
  if ((t.execute_dats[type] ?? []).includes(name)) return "switch";
  return undefined;
}
