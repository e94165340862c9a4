/**
 * Turns the values written in the source into model values: literals are copied, `$name` is
 * replaced by the recipe argument, `file("...")` is read through the host, and the operator names an
 * expression mentions with `op('...')` are collected for reference checking.
 */
import type * as ast from "../../grammar/ast.js";
import { diagnostic, type Diagnostic } from "../../diagnostics/index.js";
import type { ComponentModel, ExpressionRef, Origin, Value } from "../model.js";
import type { CompilerHost } from "./host.js";
import { readProblem } from "./load.js";

/** The recipe whose body is being expanded, with its arguments (already converted, defaults filled). */
interface RecipeFrame {
  recipe: string;
  /** Every declared parameter; undefined when its argument was missing or wrong (already reported). */
  args: Map<string, Value | undefined>;
}

export interface ValueContext {
  file: string;
  /** The text of `file`: number literals are re-read to tell `3` from `3.0`. */
  text: string;
  host: CompilerHost;
  diagnostics: Diagnostic[];
  /** The instantiation site when inside a recipe expansion. */
  via?: Origin;
  recipe?: RecipeFrame;
  /** Every file's text by path; `file("...")` texts are recorded so renderers can show them. */
  sources: Map<string, string>;
}

export function originOf(ctx: ValueContext, range: ast.SourceRange): Origin {
  return ctx.via === undefined ? { file: ctx.file, range } : { file: ctx.file, range, via: ctx.via };
}

function rawText(ctx: ValueContext, range: ast.SourceRange): string {
  return ctx.text.slice(range.start.offset, range.end.offset);
}

/** `op('name')` / `op("a/b")`, not `.op(...)` (a method of another operator, read from elsewhere). */
const OP_CALL = /(?<![\w.])op\(\s*(['"])([^'"\\\n]+)\1\s*\)/g;

function expressionRefs(python: string): ExpressionRef[] {
  const refs: ExpressionRef[] = [];
  for (const m of python.matchAll(OP_CALL)) {
    const quote = m[0].indexOf(m[1]!);
    refs.push({ path: m[2]!, offset: m.index + quote + 1 });
  }
  return refs;
}

export function hexToRgba(hex: string): [number, number, number, number] {
  const byte = (i: number) => parseInt(hex.slice(i, i + 2), 16) / 255;
  return [byte(0), byte(2), byte(4), hex.length >= 8 ? byte(6) : 1];
}

/** Converts one value; undefined when it could not be (a diagnostic was reported). */
export function convertValue(v: ast.Value, ctx: ValueContext, scope?: ComponentModel): Value | undefined {
  const origin = originOf(ctx, v.range);
  const withScope = <T extends Value>(value: T): T => (scope === undefined ? value : { ...value, scope });
  switch (v.kind) {
    case "Number": {
      const raw = rawText(ctx, v.range).trim();
      const integer = raw === "" ? Number.isInteger(v.value) : /^[+-]?\d+$/.test(raw);
      return { kind: "number", value: v.value, integer, origin };
    }
    case "String": {
      const block = v.language !== undefined || rawText(ctx, v.range).startsWith("```");
      return { kind: "string", value: v.value, block, origin };
    }
    case "Boolean":
      return { kind: "bool", value: v.value, origin };
    case "Name":
      return withScope({ kind: "name", name: v.name, origin });
    case "Tuple": {
      const items: Value[] = [];
      for (const item of v.items) {
        const converted = convertValue(item, ctx, scope);
        if (converted === undefined) return undefined;
        items.push(converted);
      }
      return { kind: "tuple", items, origin };
    }
    case "Color":
      return { kind: "colour", rgba: hexToRgba(v.hex), hasAlpha: v.hex.length === 8, origin };
    case "OperatorRef":
      return withScope({ kind: "op-ref", path: v.path, origin });
    case "Expression":
      return withScope({ kind: "expression", python: v.python, refs: expressionRefs(v.python), origin });
    case "Bind":
      return withScope(
        v.operator === null
          ? { kind: "bind", parameter: v.parameter.name, origin }
          : { kind: "bind", operator: v.operator.path, parameter: v.parameter.name, origin },
      );
    case "Export":
      return withScope({ kind: "export", operator: v.operator.path, channel: v.channel, origin });
    case "File": {
      const target = ctx.host.resolve(ctx.file, v.path.value);
      const read = ctx.host.readFile(target);
      if (!read.ok) {
        ctx.diagnostics.push(readProblem(read, v.path.value, v.path.range, ctx.file));
        return undefined;
      }
      ctx.sources.set(target, read.text);
      return { kind: "text", text: read.text, path: v.path.value, file: target, origin };
    }
    case "RecipeParamRef": {
      if (ctx.recipe === undefined) {
        ctx.diagnostics.push(
          diagnostic(
            "recipe-parameter-outside-recipe",
            v.range,
            { name: v.name },
            { file: ctx.file, help: ["'$name' is only meaningful inside a recipe body"] },
          ),
        );
        return undefined;
      }
      if (!ctx.recipe.args.has(v.name)) {
        ctx.diagnostics.push(
          diagnostic(
            "unknown-recipe-parameter",
            v.range,
            { name: v.name, recipe: ctx.recipe.recipe },
            {
              file: ctx.file,
              help:
                ctx.recipe.args.size === 0
                  ? [`recipe '${ctx.recipe.recipe}' declares no parameters`]
                  : [`its parameters: ${[...ctx.recipe.args.keys()].join(", ")}`],
            },
          ),
        );
        return undefined;
      }
      return ctx.recipe.args.get(v.name);
    }
  }
}
