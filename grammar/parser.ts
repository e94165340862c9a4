/**
 * The `.svcnet` grammar as a chevrotain CstParser with error recovery.
 *
 * Recovery strategy: every block body is a loop that stops only at '}' (or the end of the file);
 * a token that starts nothing valid is consumed as `junk` (a '{' takes its whole balanced block
 * with it), so one mistake never hides the rest of the file. The CST-to-AST step reports junk
 * with a specific message. A few optional parts are guarded by lookahead so that a half-written
 * statement ("noise1:", "a ->", "period:") is recognised as such instead of swallowing the next line.
 *
 * Build the parser once and reuse it (`svcnetParser`): chevrotain analyses the grammar when the
 * instance is created, which costs far more than parsing a file.
 */
import { CstParser, EOF, tokenMatcher, type CstNode, type IToken, type TokenType } from "chevrotain";
import { parserErrorMessages } from "./parser-errors.js";
import * as T from "./tokens.js";

/** Tokens that can begin a value (after `name:`). */
const VALUE_START: TokenType[] = [
  T.NumberLit, T.Dimensions, T.StringLit, T.TextBlock, T.ColorLit, T.Expression, T.OpPath,
  T.Variable, T.LParen, T.Identifier,
];

export class SvcnetParser extends CstParser {
  constructor() {
    super(T.allTokens, {
      recoveryEnabled: true,
      maxLookahead: 3,
      nodeLocationTracking: "full",
      errorMessageProvider: parserErrorMessages,
    });
    this.performSelfAnalysis();
  }

  private is(k: number, type: TokenType): boolean {
    return tokenMatcher(this.LA(k), type);
  }

  /** True when the next tokens are `name :` (the start of a new statement, not a value). */
  private startsNamedStatement(k = 1): boolean {
    return this.is(k, T.Identifier) && this.is(k + 1, T.Colon);
  }

  private startsValue(): boolean {
    if (this.startsNamedStatement()) return false;
    return VALUE_START.some((t) => this.is(1, t));
  }

  private notClosing(): boolean {
    return !this.is(1, T.RBrace) && this.LA(1).tokenType !== EOF;
  }

  program = this.RULE("program", () => {
    this.MANY({
      GATE: () => this.LA(1).tokenType !== EOF,
      DEF: () => this.SUBRULE(this.topItem),
    });
  });

  topItem = this.RULE("topItem", () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => !this.is(2, T.Colon), ALT: () => this.SUBRULE(this.versionHeader) },
        { GATE: () => !this.is(2, T.Colon), ALT: () => this.SUBRULE(this.importStatement) },
        { GATE: () => this.is(2, T.Identifier) && this.is(3, T.LBrace), ALT: () => this.SUBRULE(this.networkDecl) },
        { GATE: () => this.is(2, T.Identifier) && this.is(3, T.LBrace), ALT: () => this.SUBRULE(this.recipeDecl) },
        { GATE: () => this.is(2, T.LBrace), ALT: () => this.SUBRULE(this.layoutBlock) },
        { ALT: () => this.SUBRULE(this.networkItem) },
      ],
    });
  });

  versionHeader = this.RULE("versionHeader", () => {
    this.CONSUME(T.Svcnet);
    this.OPTION(() => this.CONSUME(T.NumberLit, { LABEL: "version" }));
  });

  importStatement = this.RULE("importStatement", () => {
    this.CONSUME(T.Import);
    this.CONSUME(T.StringLit, { LABEL: "path" });
  });

  networkDecl = this.RULE("networkDecl", () => {
    this.CONSUME(T.Network);
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.LBrace);
    this.SUBRULE(this.networkBody);
    this.CONSUME(T.RBrace);
  });

  recipeDecl = this.RULE("recipeDecl", () => {
    this.CONSUME(T.Recipe);
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.LBrace);
    this.SUBRULE(this.networkBody);
    this.CONSUME(T.RBrace);
  });

  networkBody = this.RULE("networkBody", () => {
    this.MANY({ GATE: () => this.notClosing(), DEF: () => this.SUBRULE(this.networkItem) });
  });

  /** A statement inside a network; at the top of a file the AST step reports it as misplaced. */
  networkItem = this.RULE("networkItem", () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.is(2, T.LBrace) || this.is(2, T.StringLit), ALT: () => this.SUBRULE(this.controlsBlock) },
        { GATE: () => this.is(2, T.LBrace), ALT: () => this.SUBRULE(this.paramsBlock) },
        { GATE: () => this.startsNamedStatement(), ALT: () => this.SUBRULE(this.nodeDecl) },
        { GATE: () => this.is(1, T.Identifier) && (this.is(2, T.Arrow) || this.is(2, T.LBracket)), ALT: () => this.SUBRULE(this.wire) },
        { ALT: () => this.SUBRULE(this.junk) },
      ],
    });
  });

  controlsBlock = this.RULE("controlsBlock", () => {
    this.CONSUME(T.Controls);
    this.OPTION(() => this.CONSUME(T.StringLit, { LABEL: "page" }));
    this.CONSUME(T.LBrace);
    this.SUBRULE(this.declarations);
    this.CONSUME(T.RBrace);
  });

  paramsBlock = this.RULE("paramsBlock", () => {
    this.CONSUME(T.Params);
    this.CONSUME(T.LBrace);
    this.SUBRULE(this.declarations);
    this.CONSUME(T.RBrace);
  });

  declarations = this.RULE("declarations", () => {
    this.MANY({
      GATE: () => this.notClosing(),
      DEF: () =>
        this.OR({
          IGNORE_AMBIGUITIES: true,
          DEF: [
            { GATE: () => this.startsNamedStatement(), ALT: () => this.SUBRULE(this.declaration) },
            { ALT: () => this.SUBRULE(this.junk) },
          ],
        }),
    });
  });

  /** `Gain: float = 0.96 range 0..1 clamp label "Gain" entries (a "A", b)`, attributes in any order. */
  declaration = this.RULE("declaration", () => {
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.Colon);
    this.OPTION({
      GATE: () => this.is(1, T.Identifier) && !this.is(2, T.Colon),
      DEF: () => this.CONSUME1(T.Identifier, { LABEL: "type" }),
    });
    this.MANY({
      GATE: () => !this.startsNamedStatement(),
      DEF: () =>
        this.OR([
          { ALT: () => this.SUBRULE(this.defaultAttribute) },
          { ALT: () => this.SUBRULE(this.rangeAttribute) },
          { ALT: () => this.CONSUME(T.Clamp, { LABEL: "clamp" }) },
          { ALT: () => this.SUBRULE(this.labelAttribute) },
          { ALT: () => this.SUBRULE(this.entriesAttribute) },
        ]),
    });
  });

  defaultAttribute = this.RULE("defaultAttribute", () => {
    this.CONSUME(T.Equals);
    this.SUBRULE(this.value);
  });

  rangeAttribute = this.RULE("rangeAttribute", () => {
    this.CONSUME(T.Range);
    this.CONSUME(T.NumberLit, { LABEL: "min" });
    this.CONSUME(T.DotDot);
    this.CONSUME1(T.NumberLit, { LABEL: "max" });
  });

  labelAttribute = this.RULE("labelAttribute", () => {
    this.CONSUME(T.Label);
    this.CONSUME(T.StringLit, { LABEL: "text" });
  });

  entriesAttribute = this.RULE("entriesAttribute", () => {
    this.CONSUME(T.Entries);
    this.CONSUME(T.LParen);
    this.MANY(() => {
      this.SUBRULE(this.menuEntry);
      this.OPTION(() => this.CONSUME(T.Comma));
    });
    this.CONSUME(T.RParen);
  });

  menuEntry = this.RULE("menuEntry", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: "name" }) },
      { ALT: () => this.CONSUME(T.StringLit, { LABEL: "name" }) },
    ]);
    this.OPTION(() => this.CONSUME1(T.StringLit, { LABEL: "label" }));
  });

  /** `noise1: noiseTOP [display] { period: 3 }` */
  nodeDecl = this.RULE("nodeDecl", () => {
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.Colon);
    this.OPTION({
      GATE: () =>
        this.is(1, T.Identifier) &&
        !this.is(2, T.Colon) &&
        !this.is(2, T.Arrow) &&
        !(this.is(2, T.LBracket) && this.is(3, T.NumberLit)),
      DEF: () => this.CONSUME1(T.Identifier, { LABEL: "type" }),
    });
    this.OPTION1(() => this.SUBRULE(this.flags));
    this.OPTION2(() => this.SUBRULE(this.nodeBody));
  });

  flags = this.RULE("flags", () => {
    this.CONSUME(T.LBracket);
    this.MANY(() => {
      this.SUBRULE(this.flag);
      this.OPTION(() => this.CONSUME(T.Comma));
    });
    this.CONSUME(T.RBracket);
  });

  flag = this.RULE("flag", () => {
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.OPTION(() => {
      this.CONSUME(T.Colon);
      this.SUBRULE(this.value);
    });
  });

  nodeBody = this.RULE("nodeBody", () => {
    this.CONSUME(T.LBrace);
    this.MANY({
      GATE: () => this.notClosing(),
      DEF: () =>
        this.OR({
          IGNORE_AMBIGUITIES: true,
          DEF: [
            { GATE: () => this.is(2, T.LBrace), ALT: () => this.SUBRULE(this.innerNetwork) },
            { GATE: () => this.is(2, T.LBrace) || this.is(2, T.StringLit), ALT: () => this.SUBRULE(this.controlsBlock) },
            { GATE: () => this.startsNamedStatement(), ALT: () => this.SUBRULE(this.param) },
            { ALT: () => this.CONSUME(T.Comma) },
            { ALT: () => this.SUBRULE(this.junk) },
          ],
        }),
    });
    this.CONSUME(T.RBrace);
  });

  innerNetwork = this.RULE("innerNetwork", () => {
    this.CONSUME(T.Network);
    this.CONSUME(T.LBrace);
    this.SUBRULE(this.networkBody);
    this.CONSUME(T.RBrace);
  });

  param = this.RULE("param", () => {
    this.CONSUME(T.Identifier, { LABEL: "name" });
    this.CONSUME(T.Colon);
    this.OPTION({ GATE: () => this.startsValue(), DEF: () => this.SUBRULE(this.value) });
  });

  value = this.RULE("value", () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { ALT: () => this.CONSUME(T.NumberLit) },
        { ALT: () => this.CONSUME(T.Dimensions) },
        { ALT: () => this.CONSUME(T.StringLit) },
        { ALT: () => this.CONSUME(T.TextBlock) },
        { ALT: () => this.CONSUME(T.ColorLit) },
        { ALT: () => this.CONSUME(T.Expression) },
        { ALT: () => this.CONSUME(T.OpPath) },
        { ALT: () => this.CONSUME(T.Variable) },
        { ALT: () => this.SUBRULE(this.tuple) },
        { GATE: () => this.is(2, T.Identifier) || this.is(2, T.OpPath), ALT: () => this.SUBRULE(this.bindValue) },
        { GATE: () => this.is(2, T.Identifier) || this.is(2, T.OpPath), ALT: () => this.SUBRULE(this.exportValue) },
        { GATE: () => this.is(2, T.LParen), ALT: () => this.SUBRULE(this.fileValue) },
        { ALT: () => this.CONSUME(T.Identifier) },
      ],
    });
  });

  tuple = this.RULE("tuple", () => {
    this.CONSUME(T.LParen);
    this.MANY(() => {
      this.SUBRULE(this.value);
      this.OPTION(() => this.CONSUME(T.Comma));
    });
    this.CONSUME(T.RParen);
  });

  bindValue = this.RULE("bindValue", () => {
    this.CONSUME(T.Bind);
    this.SUBRULE(this.reference);
    this.OPTION(() => {
      this.CONSUME(T.Dot);
      this.CONSUME(T.Identifier, { LABEL: "member" });
    });
  });

  exportValue = this.RULE("exportValue", () => {
    this.CONSUME(T.Export);
    this.SUBRULE(this.reference);
    this.CONSUME(T.Dot);
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: "member" }) },
      { ALT: () => this.CONSUME(T.StringLit, { LABEL: "member" }) },
    ]);
  });

  fileValue = this.RULE("fileValue", () => {
    this.CONSUME(T.File);
    this.CONSUME(T.LParen);
    this.CONSUME(T.StringLit, { LABEL: "path" });
    this.CONSUME(T.RParen);
  });

  reference = this.RULE("reference", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: "target" }) },
      { ALT: () => this.CONSUME(T.OpPath, { LABEL: "target" }) },
    ]);
  });

  /** `a -> b -> c[1]`; an endpoint after '->' is optional so "a ->" is reported as incomplete. */
  wire = this.RULE("wire", () => {
    this.SUBRULE(this.endpoint);
    this.AT_LEAST_ONE(() => {
      this.CONSUME(T.Arrow);
      this.OPTION({
        GATE: () => this.is(1, T.Identifier) && !this.is(2, T.Colon),
        DEF: () => this.SUBRULE1(this.endpoint),
      });
    });
  });

  endpoint = this.RULE("endpoint", () => {
    this.CONSUME(T.Identifier, { LABEL: "node" });
    this.OPTION(() => {
      this.CONSUME(T.LBracket);
      // Any single token before ']' is taken as the index, so `comp1[x]` is one clear error.
      this.OPTION1({
        GATE: () => this.is(1, T.NumberLit) || (!this.is(1, T.RBracket) && this.is(2, T.RBracket)),
        DEF: () => this.CONSUME(T.AnyToken, { LABEL: "index" }),
      });
      this.CONSUME(T.RBracket);
    });
  });

  layoutBlock = this.RULE("layoutBlock", () => {
    this.CONSUME(T.Layout);
    this.CONSUME(T.LBrace);
    this.MANY({
      GATE: () => this.notClosing(),
      DEF: () =>
        this.OR({
          IGNORE_AMBIGUITIES: true,
          DEF: [
            { GATE: () => this.is(2, T.Colon), ALT: () => this.SUBRULE(this.layoutEntry) },
            { ALT: () => this.SUBRULE(this.junk) },
          ],
        }),
    });
    this.CONSUME(T.RBrace);
  });

  layoutEntry = this.RULE("layoutEntry", () => {
    this.OR([
      { ALT: () => this.CONSUME(T.Identifier, { LABEL: "path" }) },
      { ALT: () => this.CONSUME(T.OpPath, { LABEL: "path" }) },
    ]);
    this.CONSUME(T.Colon);
    this.OPTION({ GATE: () => this.startsValue(), DEF: () => this.SUBRULE(this.value) });
  });

  /** A token that starts nothing here; a '{' takes its balanced block along. Never a '}'. */
  junk = this.RULE("junk", () => {
    this.OR({
      IGNORE_AMBIGUITIES: true,
      DEF: [
        { GATE: () => this.is(1, T.LBrace), ALT: () => this.SUBRULE(this.skippedBlock) },
        { GATE: () => !this.is(1, T.RBrace), ALT: () => this.CONSUME(T.AnyToken, { LABEL: "token" }) },
      ],
    });
  });

  skippedBlock = this.RULE("skippedBlock", () => {
    this.CONSUME(T.LBrace);
    this.MANY({
      GATE: () => this.notClosing(),
      DEF: () =>
        this.OR({
          IGNORE_AMBIGUITIES: true,
          DEF: [
            { GATE: () => this.is(1, T.LBrace), ALT: () => this.SUBRULE(this.skippedBlock) },
            { ALT: () => this.CONSUME(T.AnyToken, { LABEL: "token" }) },
          ],
        }),
    });
    this.CONSUME(T.RBrace);
  });
}

/** The shared instance: reuse it, creating a parser is the expensive part. */
export const svcnetParser = new SvcnetParser();

export interface ParseTree {
  cst: CstNode;
  errors: SvcnetParser["errors"];
}

export function parseTokens(tokens: IToken[]): ParseTree {
  svcnetParser.input = tokens;
  const cst = svcnetParser.program();
  return { cst, errors: svcnetParser.errors };
}
