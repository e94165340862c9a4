/**
 * Semantic tokens: what each word of the file is, as only the parser knows (a node name, an operator
 * type, a recipe, a parameter, a menu entry, a control), plus keywords, numbers, strings and comments
 * from the lexer. The TextMate grammar colours by shape; these colour by meaning.
 */
import { SemanticTokensBuilder, type SemanticTokens, type SemanticTokensLegend } from "vscode-languageserver";
import type * as ast from "../../grammar/ast.js";
import { lex } from "../../grammar/lexer.js";
import * as T from "../../grammar/tokens.js";

const TYPES = [
  "namespace",
  "class",
  "type",
  "property",
  "variable",
  "parameter",
  "enumMember",
  "keyword",
  "number",
  "string",
  "comment",
] as const;
type TokenKind = (typeof TYPES)[number];
const MODIFIERS = ["declaration"] as const;

export const semanticTokensLegend: SemanticTokensLegend = { tokenTypes: [...TYPES], tokenModifiers: [...MODIFIERS] };

interface Mark {
  range: ast.SourceRange;
  kind: TokenKind;
  declaration?: boolean;
}

function markValue(v: ast.Value, siblings: ReadonlySet<string>, out: Mark[]): void {
  switch (v.kind) {
    case "Number":
      out.push({ range: v.range, kind: "number" });
      return;
    case "String":
      out.push({ range: v.range, kind: "string" });
      return;
    case "Name":
      out.push({ range: v.range, kind: siblings.has(v.name) ? "variable" : "enumMember" });
      return;
    case "OperatorRef":
      out.push({ range: v.range, kind: "variable" });
      return;
    case "Boolean":
      out.push({ range: v.range, kind: "keyword" });
      return;
    case "RecipeParamRef":
      out.push({ range: v.range, kind: "parameter" });
      return;
    case "Bind":
      if (v.operator !== null) out.push({ range: v.operator.range, kind: "variable" });
      out.push({ range: v.parameter.range, kind: v.operator === null ? "parameter" : "property" });
      return;
    case "Export":
      out.push({ range: v.operator.range, kind: "variable" });
      return;
    case "Tuple":
      for (const item of v.items) markValue(item, siblings, out);
      return;
    default:
      return;
  }
}

function markBody(body: ast.Network | ast.InnerNetwork | ast.Recipe, recipes: ReadonlySet<string>, out: Mark[]): void {
  if (body.kind === "Network") out.push({ range: body.name.range, kind: "namespace", declaration: true });
  if (body.kind === "Recipe") out.push({ range: body.name.range, kind: "class", declaration: true });
  const declarations = [
    ...body.controls.flatMap((c) => c.declarations),
    ...(body.kind === "Recipe" ? (body.params?.declarations ?? []) : []),
  ];
  for (const d of declarations) {
    out.push({ range: d.name.range, kind: "parameter", declaration: true }, { range: d.type.range, kind: "type" });
    if (d.default !== null) markValue(d.default, new Set(), out);
  }
  const siblings = new Set(body.nodes.map((n) => n.name.name));
  for (const node of body.nodes) {
    out.push(
      { range: node.name.range, kind: "variable", declaration: true },
      { range: node.type.range, kind: recipes.has(node.type.name) ? "class" : "type" },
    );
    for (const p of node.params) {
      out.push({ range: p.name.range, kind: "property" });
      markValue(p.value, siblings, out);
    }
    if (node.network !== null) markBody(node.network, recipes, out);
  }
  for (const wire of body.wires) for (const end of wire.chain) out.push({ range: end.node.range, kind: "variable" });
}

export function semanticTokens(text: string, program: ast.Program, recipeNames: ReadonlySet<string>): SemanticTokens {
  const marks: Mark[] = [];
  for (const body of [...program.networks, ...program.recipes]) markBody(body, recipeNames, marks);
  const lexed = lex(text);
  const named = new Set(marks.map((m) => m.range.start.offset));
  for (const t of lexed.tokens) {
    // A keyword used as a name (a node called `label`) was marked by the tree already.
    if (T.KEYWORDS.has(t.image) && t.tokenType !== T.Identifier && !named.has(t.startOffset)) {
      marks.push({
        range: {
          start: { line: t.startLine ?? 1, column: t.startColumn ?? 1, offset: t.startOffset },
          end: {
            line: t.startLine ?? 1,
            column: (t.startColumn ?? 1) + t.image.length,
            offset: t.startOffset + t.image.length,
          },
        },
        kind: "keyword",
      });
    }
  }
  for (const c of lexed.comments) marks.push({ range: c.range, kind: "comment" });
  marks.sort((a, b) => a.range.start.offset - b.range.start.offset);
  const builder = new SemanticTokensBuilder();
  let end = -1;
  for (const m of marks) {
    // One line per token (text blocks span lines: the TextMate grammar colours them), no overlaps.
    if (
      m.range.start.line !== m.range.end.line ||
      m.range.start.offset < end ||
      m.range.end.offset <= m.range.start.offset
    )
      continue;
    builder.push(
      m.range.start.line - 1,
      m.range.start.column - 1,
      m.range.end.offset - m.range.start.offset,
      TYPES.indexOf(m.kind),
      m.declaration === true ? 1 : 0,
    );
    end = m.range.end.offset;
  }
  return builder.build();
}
