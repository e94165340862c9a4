/**
 * `dat_content`: a DAT's text. A text DAT's is a string (2.x), a list of lines (1.5) or a string
 * with escaped newlines (1.x); a table DAT's is rows of cells, written as TouchDesigner's table
 * text (cells separated by tabs, each row ending with a newline) and read back the same way.
 */
import type { Operator } from "../../kb/index.js";
import type { NodeState } from "../engine/index.js";
import { kindOf, type TdnObject } from "./document.js";
import { where, type FieldPath, type FileContext } from "./context.js";

function tableText(rows: readonly (readonly string[])[]): string {
  return rows.map((r) => r.join("\t") + "\n").join("");
}

export function tableRows(text: string): string[][] {
  if (text === "") return [];
  return text
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => line.split("\t"));
}

/** Table DATs are written as tables; every other DAT as text. */
export function isTableDat(type: string): boolean {
  return type === "tableDAT";
}

export function readDatContent(node: NodeState, op: Operator, def: TdnObject, path: FieldPath, ctx: FileContext): void {
  const at = [...path, "dat_content"];
  const content = def.dat_content;
  if (op.family !== "DAT") {
    ctx.report.add("tdn-no-meaning", where(ctx, at), { what: `DAT content on a ${op.type}` });
    return;
  }
  const format =
    def.dat_content_format ??
    (Array.isArray(content) && content.every(Array.isArray) && content.length > 0 ? "table" : "text");
  if (format === "table") {
    if (!(Array.isArray(content) && content.every((r) => Array.isArray(r)))) {
      ctx.report.add("tdn-field-type", where(ctx, at), {
        expected: "a list of rows (lists of cells)",
        actual: kindOf(content),
      });
      return;
    }
    const rows = (content as unknown[][]).map((r) =>
      r.map((c) => (c === null ? "" : typeof c === "string" ? c : String(c))),
    );
    const bad = rows.findIndex((r) => r.some((c) => /[\t\n\r]/.test(c)));
    if (bad >= 0) {
      ctx.report.add("tdn-table-cell", where(ctx, [...at, bad]));
      return;
    }
    node.text = tableText(rows);
    return;
  }
  if (format !== "text") {
    ctx.report.add("tdn-field-type", where(ctx, [...path, "dat_content_format"]), {
      expected: "'text' or 'table'",
      actual: JSON.stringify(format),
    });
    return;
  }
  if (typeof content === "string") node.text = content;
  else if (Array.isArray(content) && content.every((l) => typeof l === "string"))
    node.text = (content as string[]).join("\n");
  else
    ctx.report.add("tdn-field-type", where(ctx, at), {
      expected: "a string or a list of lines",
      actual: kindOf(content),
    });
}
