/**
 * What reading one `.tdn` file carries along: where each field is (its path, shown as
 * `$.operators[2].dock`, and its range in the file), the report its diagnostics go to, and the
 * state being built, shared by every file a `tdn_ref` brings in.
 */
import type { SourceRange } from "../../diagnostics/source-range.js";
import type { Report, Where } from "../recipes/import/report.js";
import { childPath } from "../recipes/import/report.js";
import type { NetworkState } from "../engine/index.js";
import type { TdnObject, TdnValue } from "./document.js";

export type FieldPath = readonly (string | number)[];

/** Everything the files of one import build together. */
export interface Build {
  state: NetworkState;
  /** Pinned positions by absolute path. */
  positions: Map<string, { x: number; y: number }>;
}

export interface FileContext {
  file: string;
  report: Report;
  locate: (path: FieldPath) => SourceRange;
  typeDefaults: Record<string, TdnObject>;
  templates: Record<string, TdnValue>;
  build: Build;
  /** The TDN path of the file's own COMP (`network_path`), to read full-path references. */
  networkPath: string | undefined;
  /** Reads the COMP a `tdn_ref` names into `comp` (absolute path); false when it could not. */
  loadRef: (ref: string, comp: string, where: Where, ctx: FileContext) => boolean;
  /** How many `tdn_ref`s led here (0 for the file given). */
  refDepth: number;
}

/** The place of a field: its JSONPath-like name and its range in the file. */
export function where(ctx: FileContext, path: FieldPath): Where {
  let shown = "$";
  for (const k of path) shown = childPath(shown, k);
  return { path: shown, range: ctx.locate(path) };
}

export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
