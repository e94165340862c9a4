/** What every step of the conversion shares: the nodes, their parameter values, the panel, the report. */
import type { Assignments } from "./assignments.js";
import type { ControlPanel } from "./control-panel.js";
import type { LeftOut } from "./fixes.js";
import type { NodeTable } from "./node-table.js";
import type { Report } from "./report.js";

export interface ConvertContext {
  table: NodeTable;
  assignments: Assignments;
  panel: ControlPanel;
  report: Report;
  /** `--fix`: apply an unambiguous did-you-mean instead of leaving the assignment out. */
  fix: boolean;
  leftOut: LeftOut;
}
