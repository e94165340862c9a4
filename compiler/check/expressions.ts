/**
 * Python syntax of every expression a program sets and of the DATs TouchDesigner runs, checked
 * without running Python; with the safe policy, also the bridge's safe subset. A problem is
 * reported at its exact place in the source when the text can be found there.
 */
import { diagnostic, positionAt, type SourceRange } from "../../diagnostics/index.js";
import type { AnyNode, ExpressionValue, Origin, Value } from "../model.js";
import { at } from "../resolve/references.js";
import type { CheckContext } from "./context.js";
import { expressionRange } from "../util/expression-range.js";
import { unsafeExpression, unsafeModule } from "./python/safe-subset.js";
import { isExecuteDat, parKind } from "./python/exec-table.js";
import type { ExpressionPolicy } from "./python/policy.js";
import { checkPythonExpression, checkPythonModule, expressionNeedsGrammar } from "./python/syntax-check.js";

/** DATs whose text TouchDesigner runs as Python on events (the Execute family). */
const RUNS_PYTHON = /executeDAT$/;

function* expressionsIn(v: Value | undefined): Generator<ExpressionValue> {
  if (v === undefined) return;
  if (v.kind === "expression") yield v;
  if (v.kind === "tuple") for (const item of v.items) yield* expressionsIn(item);
}

const SAFE_HELP =
  "the safe mode admits literals, arithmetic, op(), parent(), me, absTime, math and tdu functions and the documented read-only members listed in bridge/svc_bridge/safe_python.json; see bridge/README.md";
const EXEC_HELP =
  "apply it with exec open (SVC_BRIDGE_ALLOW_EXEC=1 in TouchDesigner's environment, the artist's choice), or check with --expressions open when the bridge is open; see bridge/README.md";

function checkExpression(v: ExpressionValue, ctx: CheckContext): void {
  const problem = checkPythonExpression(v.python);
  if (problem !== undefined) {
    ctx.diagnostics.push(
      diagnostic(
        "expression-syntax",
        expressionRange(ctx.program.sources, v, problem.start, problem.end),
        { problem: problem.message },
        at(v.origin, {
          help: ["a parameter expression is one Python expression, e.g. = absTime.seconds * 0.5"],
        }),
      ),
    );
    return;
  }
  const unsafe = ctx.expressions === "safe" ? unsafeExpression(v.python) : undefined;
  if (unsafe === undefined) return;
  const range = expressionRange(ctx.program.sources, v, unsafe.start, unsafe.end);
  ctx.diagnostics.push(
    diagnostic(
      "unsafe-python",
      range,
      { what: "the expression", problem: unsafe.message.replace(/^line 1: /, "") },
      at(v.origin, { help: [SAFE_HELP] }),
    ),
  );
}

/**
 * Where [start, end) of a DAT's inline text is in the source: a text block is written indented, so
 * the problem's line is looked up within the block; the whole value when it cannot be found.
 */
function textRange(
  sources: ReadonlyMap<string, string>,
  content: { text: string; origin: Origin },
  start: number,
  end: number,
): SourceRange {
  const whole = expressionRange(sources, { origin: content.origin, python: content.text }, start, end);
  const source = sources.get(content.origin.file);
  if (whole !== content.origin.range || source === undefined) return whole;
  const lineStart = content.text.lastIndexOf("\n", start - 1) + 1;
  const lineText = content.text.slice(lineStart).split("\n")[0]!;
  const written = source.slice(content.origin.range.start.offset, content.origin.range.end.offset);
  const found = lineText.trim() === "" ? -1 : written.indexOf(lineText);
  if (found < 0) return whole;
  const base = content.origin.range.start.offset + found - lineStart;
  return {
    start: positionAt(source, base + start),
    end: positionAt(source, base + Math.min(Math.max(end, start + 1), lineStart + lineText.length)),
  };
}

/** A DAT's text: valid Python when TouchDesigner runs it; the safe subset when the policy says so. */
function checkDatText(node: AnyNode, ctx: CheckContext): void {
  const content = node.text;
  if (content === undefined) return;
  // Text read with file() is not .svcnet: point at the file() call and never quote the file.
  const inline = content.file === undefined;
  const place = (start: number, end: number) =>
    inline ? textRange(ctx.program.sources, content, start, end) : content.origin.range;
  const lineOf = (offset: number) => content.text.slice(0, offset).split("\n").length;
  if (RUNS_PYTHON.test(node.type)) {
    const problem = checkPythonModule(content.text);
    if (problem !== undefined) {
      const message = inline ? problem.message : `invalid syntax on line ${lineOf(problem.start)} of ${content.file}`;
      ctx.diagnostics.push(
        diagnostic(
          "dat-python-syntax",
          place(problem.start, problem.end),
          { node: node.name, type: node.type, problem: message },
          at(content.origin),
        ),
      );
      return;
    }
  }
  if (ctx.expressions === "safe" && isExecuteDat(node.type)) {
    // The bridge refuses any text written into a DAT TouchDesigner runs, however harmless it reads.
    ctx.diagnostics.push(
      diagnostic(
        "safe-mode-exec",
        content.origin.range,
        { what: `the text of '${node.name}' (${node.type}, a DAT whose text TouchDesigner runs)` },
        at(content.origin, { help: [EXEC_HELP] }),
      ),
    );
    return;
  }
  const unsafe = ctx.expressions === "safe" ? unsafeModule(content.text) : undefined;
  if (unsafe === undefined) return;
  const message = inline ? unsafe.message : `line ${lineOf(unsafe.start)} of ${content.file}`;
  ctx.diagnostics.push(
    diagnostic(
      "unsafe-python",
      place(unsafe.start, unsafe.end),
      { what: `the text of '${node.name}'`, problem: message },
      at(content.origin, { help: [SAFE_HELP] }),
    ),
  );
}

/** In the safe mode, the parameters the bridge's exec table says run code (exec-table.ts). */
function checkExecParams(node: AnyNode, ctx: CheckContext): void {
  for (const p of node.params) {
    for (const name of p.scalars.length > 0 ? p.scalars : [p.name]) {
      const kind = parKind(node.type, name);
      if (kind === undefined) continue;
      const v = p.value;
      const on =
        kind === "switch" &&
        (v.kind === "expression" || (v.kind === "bool" && v.value) || (v.kind === "number" && v.value !== 0));
      if (kind === "dat" || kind === "loads_code" || on) {
        const why =
          kind === "dat"
            ? "names a DAT whose text runs"
            : kind === "loads_code"
              ? "loads code"
              : "turns a DAT that runs on";
        ctx.diagnostics.push(
          diagnostic(
            "safe-mode-exec",
            p.origin.range,
            { what: `'${name}' of '${node.name}' (${node.type}) ${why}; it` },
            at(p.origin, { help: [EXEC_HELP] }),
          ),
        );
      } else if (kind === "python" && v.kind === "string" && v.value.trim() !== "") {
        // TouchDesigner evaluates this value as Python: it must be a safe expression.
        const unsafe = unsafeExpression(v.value);
        if (unsafe !== undefined)
          ctx.diagnostics.push(
            diagnostic(
              "unsafe-python",
              p.origin.range,
              {
                what: `the value of '${name}', which TouchDesigner evaluates as Python,`,
                problem: unsafe.message.replace(/^line 1: /, ""),
              },
              at(p.origin, { help: [SAFE_HELP] }),
            ),
          );
      }
    }
  }
}

export function checkNodeExpressions(node: AnyNode, ctx: CheckContext): void {
  if (ctx.expressions === "safe") checkExecParams(node, ctx);
  for (const p of node.params) for (const e of expressionsIn(p.value)) checkExpression(e, ctx);
  for (const page of node.customPages)
    for (const c of page.params) for (const e of expressionsIn(c.default)) checkExpression(e, ctx);
  checkDatText(node, ctx);
}

/** Whether checking `node` as checkNodeExpressions does needs Python's grammar (tree-sitter) loaded. */
export function nodeNeedsPythonGrammar(node: AnyNode, policy: ExpressionPolicy): boolean {
  const needs = (e: ExpressionValue) => policy === "safe" || expressionNeedsGrammar(e.python);
  // A value TouchDesigner evaluates as Python is checked as a safe expression (checkExecParams).
  if (
    policy === "safe" &&
    node.params.some((p) => p.value.kind === "string" && parKind(node.type, p.name) === "python")
  )
    return true;
  for (const p of node.params) for (const e of expressionsIn(p.value)) if (needs(e)) return true;
  for (const page of node.customPages)
    for (const c of page.params) for (const e of expressionsIn(c.default)) if (needs(e)) return true;
  // Before the check, a DAT's text is still its `text` parameter (check/params.ts moves it to node.text).
  const hasText = node.text !== undefined || (node.family === "DAT" && node.params.some((p) => p.name === "text"));
  return hasText && (RUNS_PYTHON.test(node.type) || policy === "safe");
}
