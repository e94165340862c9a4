/**
 * CST to AST for values, flags and declarations (controls and recipe parameters), with the checks
 * that only need the syntax: flag names, declaration types, ranges, duplicates.
 */
import type { CstNode, IToken } from "chevrotain";
import type { SourceRange } from "../diagnostics/source-range.js";
import {
  BOOLEAN_FLAGS,
  CONTROL_TYPES,
  FLAG_NAMES,
  RECIPE_DIFFICULTIES,
  RECIPE_METADATA_NAMES,
  RECIPE_PARAM_TYPES,
  type BooleanFlagName,
  type Declaration,
  type Flag,
  type MenuEntry,
  type NumberValue,
  type OperatorRef,
  type StringValue,
  type Value,
} from "./ast.js";
import {
  BuildContext,
  describeToken,
  isRealToken,
  nodeOf,
  nodesOf,
  rangeAfter,
  tokenOf,
  tokenRange,
  tokensOf,
} from "./cst-util.js";
import { reportJunkGroups } from "./cst-junk.js";
import { didYouMeanHelp } from "./suggest.js";

/** The token kinds a `value` CST node may hold directly. */
const LITERAL_KEYS = new Set([
  "NumberLit",
  "Dimensions",
  "StringLit",
  "TextBlock",
  "ColorLit",
  "Expression",
  "OpPath",
  "Variable",
  "Identifier",
]);
const VALUE_RULES = new Set(["tuple", "bindValue", "exportValue", "fileValue"]);

/**
 * The child key that holds the value of `node` (a `value`, or a `param` whose value is inline),
 * found by looking at the keys the node has rather than probing every possible one.
 */
function valueKey(node: CstNode): string | undefined {
  for (const key in node.children) if (LITERAL_KEYS.has(key) || VALUE_RULES.has(key)) return key;
  return undefined;
}

/** True when a CST node (a `value`, or a `param` whose value is inline) holds a value. */
export function hasValue(node: CstNode): boolean {
  return valueKey(node) !== undefined;
}

/** Builds the value held by `node` (a `value` CST node, or any node with the value inline). */
export function buildValue(ctx: BuildContext, node: CstNode, fallback: SourceRange): Value | null {
  const key = valueKey(node);
  if (key === undefined) return null;
  if (LITERAL_KEYS.has(key)) {
    const t = tokenOf(node, key);
    return isRealToken(t) ? literalValue(t) : null;
  }
  const tuple = nodeOf(node, "tuple");
  if (tuple) {
    const range = ctx.span(tuple, tokenOf(tuple, "LParen"), tokenOf(tuple, "RParen"), fallback);
    const items: Value[] = [];
    for (const v of nodesOf(tuple, "value")) {
      const item = buildValue(ctx, v, range);
      if (item) items.push(item);
    }
    return { kind: "Tuple", items, range };
  }
  const bind = nodeOf(node, "bindValue");
  if (bind) {
    const range = ctx.span(bind, tokenOf(bind, "Kw_bind"), tokenOf(bind, "member") ?? referenceToken(bind), fallback);
    const target = referenceToken(bind);
    const member = tokenOf(bind, "member");
    if (!isRealToken(target)) return null;
    if (isRealToken(member)) {
      return {
        kind: "Bind",
        operator: { kind: "OperatorRef", path: target.image, range: tokenRange(target) },
        parameter: ctx.identifier(member, range),
        range,
      };
    }
    if (target.tokenType.name === "OpPath") {
      ctx.report(
        "unexpected-token",
        rangeAfter(target),
        { found: "the end of the bind", expected: "'.' and a parameter name" },
        [`bind to a parameter of that operator: bind ${target.image}.Name`],
      );
      return null;
    }
    return { kind: "Bind", operator: null, parameter: ctx.identifier(target, range), range };
  }
  const exp = nodeOf(node, "exportValue");
  if (exp) {
    const range = ctx.rangeOf(exp, fallback);
    const target = referenceToken(exp);
    const member = tokenOf(exp, "member");
    if (!isRealToken(target) || !isRealToken(member)) return null;
    const operator: OperatorRef = { kind: "OperatorRef", path: target.image, range: tokenRange(target) };
    const channel = member.tokenType.name === "StringLit" ? (member.payload as string) : member.image;
    return { kind: "Export", operator, channel, range };
  }
  const file = nodeOf(node, "fileValue");
  if (file) {
    const range = ctx.rangeOf(file, fallback);
    const path = tokenOf(file, "path");
    if (!isRealToken(path) || path.tokenType.name !== "StringLit") {
      ctx.report(
        "unexpected-token",
        isRealToken(path) ? tokenRange(path) : range,
        { found: isRealToken(path) ? describeToken(path) : "nothing", expected: "the path as a string" },
        ['write the path in double quotes: file("shaders/tunnel.glsl")'],
      );
      return null;
    }
    return { kind: "File", path: stringValue(path), range };
  }
  return null;
}

function referenceToken(node: CstNode): IToken | undefined {
  const ref = nodeOf(node, "reference");
  return ref ? tokenOf(ref, "target") : undefined;
}

function literalValue(t: IToken): Value {
  const range = tokenRange(t);
  switch (t.tokenType.name) {
    case "NumberLit":
      return { kind: "Number", value: t.payload as number, range };
    case "Dimensions": {
      // Each part gets its own range inside the token (a size is on one line).
      const items: Value[] = [];
      let column = range.start.column;
      let offset = range.start.offset;
      for (const part of t.image.split("x")) {
        items.push({
          kind: "Number",
          value: Number(part),
          range: {
            start: { line: range.start.line, column, offset },
            end: { line: range.start.line, column: column + part.length, offset: offset + part.length },
          },
        });
        column += part.length + 1;
        offset += part.length + 1;
      }
      return { kind: "Tuple", items, form: "x", range };
    }
    case "StringLit":
      return stringValue(t);
    case "TextBlock": {
      const { text, language } = t.payload as { text: string; language?: string };
      const v: StringValue = { kind: "String", value: text, range };
      if (language !== undefined) v.language = language;
      return v;
    }
    case "ColorLit":
      return { kind: "Color", hex: t.payload as string, range };
    case "Expression":
      return { kind: "Expression", python: t.payload as string, range };
    case "OpPath":
      return { kind: "OperatorRef", path: t.image, range };
    case "Variable":
      return { kind: "RecipeParamRef", name: t.payload as string, range };
    default:
      if (t.image === "on" || t.image === "off") return { kind: "Boolean", value: t.image === "on", range };
      return { kind: "Name", name: t.image, range };
  }
}

export function stringValue(t: IToken): StringValue {
  return { kind: "String", value: t.payload as string, range: tokenRange(t) };
}

// ── flags ────────────────────────────────────────────────────────────────────

/** Flags beside a node, or the metadata beside a recipe's name (the same `[ ]` syntax). */
export type FlagOwner = "node" | "recipe";

export function buildFlags(ctx: BuildContext, flagsNode: CstNode, owner: FlagOwner = "node"): Flag[] {
  const flags: Flag[] = [];
  const seen = new Set<string>();
  const allowed: readonly string[] = owner === "node" ? FLAG_NAMES : RECIPE_METADATA_NAMES;
  for (const f of nodesOf(flagsNode, "flag")) {
    const nameToken = tokenOf(f, "name");
    if (!isRealToken(nameToken)) continue;
    const name = nameToken.image;
    const valueNode = nodeOf(f, "value");
    const value = valueNode ? buildValue(ctx, valueNode, tokenRange(nameToken)) : null;
    const range =
      value !== null
        ? { start: tokenRange(nameToken).start, end: value.range.end }
        : ctx.rangeOf(f, tokenRange(nameToken));
    if (!allowed.includes(name)) {
      if (owner === "recipe") {
        ctx.report("unknown-recipe-metadata", tokenRange(nameToken), { name }, [
          ...didYouMeanHelp(name, RECIPE_METADATA_NAMES),
          'a recipe takes [summary: "one line", tags: ("a", "b"), difficulty: beginner|intermediate|advanced]',
        ]);
        continue;
      }
      ctx.report("unknown-flag", tokenRange(nameToken), { name }, [
        ...didYouMeanHelp(name, FLAG_NAMES),
        'flags: display, render, viewer, bypass, lock; metadata: color: #rrggbb, tags: ("a", "b"), comment: "text", was: oldname',
      ]);
      continue;
    }
    if (seen.has(name)) {
      ctx.report(
        "duplicate-entry",
        tokenRange(nameToken),
        { name, where: owner === "node" ? "this node's flags" : "this recipe's metadata" },
        ["keep one of them"],
      );
      continue;
    }
    seen.add(name);
    const flag = buildFlag(ctx, name, value, valueNode !== undefined, range);
    if (flag) flags.push(flag);
  }
  return flags;
}

function buildFlag(
  ctx: BuildContext,
  name: string,
  value: Value | null,
  hasValue: boolean,
  range: SourceRange,
): Flag | null {
  const bad = (expected: string, help: string) => {
    ctx.report("invalid-flag-value", value?.range ?? range, { name, expected }, [help]);
    return null;
  };
  if ((BOOLEAN_FLAGS as readonly string[]).includes(name)) {
    if (!hasValue) return { kind: "BooleanFlag", name: name as BooleanFlagName, value: true, range };
    if (value?.kind === "Boolean")
      return { kind: "BooleanFlag", name: name as BooleanFlagName, value: value.value, range };
    return bad("on or off", `write '${name}' to turn it on, or '${name}: off'`);
  }
  if (name === "color") {
    if (value?.kind === "Color") return { kind: "ColorFlag", color: value, range };
    return bad("a colour", "write color: #ff8800 (6 or 8 hex digits)");
  }
  if (name === "comment") {
    if (value?.kind === "String") return { kind: "NodeCommentFlag", text: value, range };
    return bad("a string", 'write comment: "what this node is for"');
  }
  if (name === "was") {
    if (value?.kind === "Name")
      return { kind: "RenamedFromFlag", name: { kind: "Identifier", name: value.name, range: value.range }, range };
    return bad(
      "the node's previous name",
      "write was: noise1 when renaming noise1, so the live node is renamed instead of replaced",
    );
  }
  if (name === "summary") {
    if (value?.kind === "String") return { kind: "SummaryFlag", text: value, range };
    return bad("a string", 'write summary: "what the recipe makes, in one line"');
  }
  if (name === "difficulty") {
    if (value?.kind === "Name" && (RECIPE_DIFFICULTIES as readonly string[]).includes(value.name)) {
      return { kind: "DifficultyFlag", level: { kind: "Identifier", name: value.name, range: value.range }, range };
    }
    return bad("beginner, intermediate or advanced", "write difficulty: beginner, intermediate or advanced");
  }
  // tags
  if (value?.kind === "String") return { kind: "TagsFlag", tags: [value], range };
  if (value?.kind === "Tuple" && value.items.every((i) => i.kind === "String")) {
    return { kind: "TagsFlag", tags: value.items as StringValue[], range };
  }
  return bad("a string or a list of strings", 'write tags: "live" or tags: ("live", "fx")');
}

// ── declarations (controls and recipe parameters) ────────────────────────────

export type DeclarationOwner = "controls" | "params";

export function buildDeclarations(
  ctx: BuildContext,
  declarationsNode: CstNode | undefined,
  owner: DeclarationOwner,
  fallback: SourceRange,
): Declaration[] {
  if (!declarationsNode) return [];
  reportJunkGroups(ctx, nodesOf(declarationsNode, "junk"), "declarations");
  const out: Declaration[] = [];
  const seen = new Set<string>();
  for (const d of nodesOf(declarationsNode, "declaration")) {
    const decl = buildDeclaration(ctx, d, owner, fallback);
    if (!decl) continue;
    if (seen.has(decl.name.name)) {
      ctx.report(
        "duplicate-entry",
        decl.name.range,
        { name: decl.name.name, where: owner === "controls" ? "these controls" : "these recipe parameters" },
        ["each name is declared once"],
      );
      continue;
    }
    seen.add(decl.name.name);
    out.push(decl);
  }
  return out;
}

function buildDeclaration(
  ctx: BuildContext,
  d: CstNode,
  owner: DeclarationOwner,
  fallback: SourceRange,
): Declaration | null {
  const nameToken = tokenOf(d, "name");
  if (!isRealToken(nameToken)) return null;
  const range = ctx.rangeOf(d, fallback);
  const typeToken = tokenOf(d, "type");
  const types: readonly string[] = owner === "controls" ? CONTROL_TYPES : RECIPE_PARAM_TYPES;
  const what = owner === "controls" ? "control" : "recipe parameter";
  if (!isRealToken(typeToken)) {
    ctx.report(
      "missing-declaration-type",
      rangeAfter(tokensOf(d, "Colon")[0] ?? nameToken),
      { name: nameToken.image },
      [`e.g. ${nameToken.image}: float = 1; types: ${types.join(", ")}`],
    );
    return null;
  }
  if (!types.includes(typeToken.image)) {
    ctx.report("unknown-declaration-type", tokenRange(typeToken), { type: typeToken.image, what }, [
      ...didYouMeanHelp(typeToken.image, types),
      `${what} types: ${types.join(", ")}`,
    ]);
  }
  const decl: Declaration = {
    kind: "Declaration",
    name: ctx.identifier(nameToken, range),
    type: ctx.identifier(typeToken, range),
    default: null,
    valueRange: null,
    clamp: false,
    label: null,
    entries: null,
    range,
  };
  const once = (attribute: string, t: IToken | undefined, already: boolean): boolean => {
    if (!already) return true;
    if (isRealToken(t))
      ctx.report(
        "duplicate-entry",
        tokenRange(t),
        { name: attribute, where: `the declaration of '${nameToken.image}'` },
        ["keep one of them"],
      );
    return false;
  };
  for (const a of nodesOf(d, "defaultAttribute")) {
    const v = nodeOf(a, "value");
    const equals = tokenOf(a, "Equals");
    if (v === undefined) {
      if (isRealToken(equals)) {
        ctx.report("missing-default", rangeAfter(equals), { name: nameToken.image }, [
          `write the default after '=', e.g. ${nameToken.image}: float = 0.5`,
        ]);
      }
      continue;
    }
    const value = buildValue(ctx, v, range);
    if (value && once("=", equals, decl.default !== null)) decl.default = value;
  }
  for (const a of nodesOf(d, "rangeAttribute")) {
    const min = tokenOf(a, "min");
    const max = tokenOf(a, "max");
    if (!isRealToken(min) || !isRealToken(max)) continue;
    if (!once("range", tokenOf(a, "Kw_range"), decl.valueRange !== null)) continue;
    const lo: NumberValue = { kind: "Number", value: min.payload as number, range: tokenRange(min) };
    const hi: NumberValue = { kind: "Number", value: max.payload as number, range: tokenRange(max) };
    if (lo.value > hi.value) {
      ctx.report("invalid-range", ctx.rangeOf(a, range), { min: min.image, max: max.image }, [
        `write it smallest first: range ${max.image}..${min.image}`,
      ]);
    }
    decl.valueRange = { min: lo, max: hi, range: ctx.rangeOf(a, range) };
  }
  const clamps = tokensOf(d, "clamp");
  if (clamps.length > 0) decl.clamp = true;
  if (clamps.length > 1) once("clamp", clamps[1], true);
  for (const a of nodesOf(d, "labelAttribute")) {
    const t = tokenOf(a, "text");
    if (isRealToken(t) && once("label", tokenOf(a, "Kw_label"), decl.label !== null)) decl.label = stringValue(t);
  }
  for (const a of nodesOf(d, "helpAttribute")) {
    const t = tokenOf(a, "text");
    if (isRealToken(t) && once("help", tokenOf(a, "Kw_help"), (decl.help ?? null) !== null)) decl.help = stringValue(t);
  }
  for (const a of nodesOf(d, "entriesAttribute")) {
    if (!once("entries", tokenOf(a, "Kw_entries"), decl.entries !== null)) continue;
    decl.entries = buildEntries(ctx, a, range);
  }
  return decl;
}

function buildEntries(ctx: BuildContext, node: CstNode, fallback: SourceRange): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const seen = new Set<string>();
  for (const e of nodesOf(node, "menuEntry")) {
    const nameToken = tokenOf(e, "name");
    if (!isRealToken(nameToken)) continue;
    const name = nameToken.tokenType.name === "StringLit" ? (nameToken.payload as string) : nameToken.image;
    const range = ctx.rangeOf(e, fallback);
    if (seen.has(name)) {
      ctx.report("duplicate-entry", tokenRange(nameToken), { name, where: "this menu" }, [
        "each menu entry is listed once",
      ]);
      continue;
    }
    seen.add(name);
    const labelToken = tokenOf(e, "label");
    entries.push({ kind: "MenuEntry", name, label: isRealToken(labelToken) ? stringValue(labelToken) : null, range });
  }
  return entries;
}
