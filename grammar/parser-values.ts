/**
 * The part of the `.svcnet` grammar every statement shares: values (numbers, strings, tuples,
 * binds, exports, file(), ...) and the lookahead helpers. `SvcnetParser` (parser.ts) extends it
 * with the statements; chevrotain records both classes' rules as one grammar.
 */
import type { CstNode, IParserConfig, IToken, TokenType } from "chevrotain";
import { CstParser, EOF, tokenMatcher } from "./chevrotain-runtime.js";
import { addCstChild } from "./cst-util.js";
import * as T from "./tokens.js";

/**
 * The CST labels of consumed tokens and subrules, as option objects made once: written inline, each
 * call of a rule would make a new `{ LABEL }` object (about 50,000 for a 10,000-node file).
 */
export const LABEL = {
  badName: { LABEL: "badName" },
  clamp: { LABEL: "clamp" },
  index: { LABEL: "index" },
  label: { LABEL: "label" },
  max: { LABEL: "max" },
  member: { LABEL: "member" },
  min: { LABEL: "min" },
  name: { LABEL: "name" },
  node: { LABEL: "node" },
  page: { LABEL: "page" },
  path: { LABEL: "path" },
  target: { LABEL: "target" },
  text: { LABEL: "text" },
  token: { LABEL: "token" },
  type: { LABEL: "type" },
  version: { LABEL: "version" },
};

/** Tokens that can begin a value (after `name:`). */
const VALUE_START: TokenType[] = [
  T.NumberLit,
  T.Dimensions,
  T.StringLit,
  T.TextBlock,
  T.ColorLit,
  T.Expression,
  T.OpPath,
  T.Variable,
  T.LParen,
  T.Identifier,
];

/**
 * The children of a CST node: like chevrotain's `Object.create(null)` (no inherited names), but
 * created by a constructor, so V8 keeps them as fast objects sharing hidden classes instead of hash
 * tables; a 10,000-node file has about 60,000 of them.
 */
const CstChildren = function CstChildren() {} as unknown as new () => CstNode["children"];
CstChildren.prototype = Object.create(null);

export class ValueGrammar extends CstParser {
  constructor(config: IParserConfig) {
    super(T.allTokens, config);
  }

  /** Replaces chevrotain's own (TreeBuilder.cstInvocationStateUpdate): the same node, faster children. */
  protected cstInvocationStateUpdate(fullRuleName: string): void {
    this.cstStack().push({ name: fullRuleName, children: new CstChildren() });
  }

  // chevrotain's TreeBuilder also moves a node's location here; with location tracking off
  // ("none") that is nothing, so these only add the child, as `addCstChild` stores it.
  protected cstPostTerminal(key: string, consumedToken: IToken): void {
    const stack = this.cstStack();
    addCstChild(stack[stack.length - 1]!, key, consumedToken);
  }

  protected cstPostNonTerminal(ruleCstResult: CstNode, ruleName: string): void {
    const stack = this.cstStack();
    addCstChild(stack[stack.length - 1]!, ruleName, ruleCstResult);
  }

  private cstStack(): CstNode[] {
    return (this as unknown as { CST_STACK: CstNode[] }).CST_STACK;
  }

  protected is(k: number, type: TokenType): boolean {
    return tokenMatcher(this.LA(k), type);
  }

  /** True when the next tokens are `name :` (the start of a new statement, not a value). */
  protected startsNamedStatement(): boolean {
    return this.is(1, T.Identifier) && this.is(2, T.Colon);
  }

  protected startsValue(): boolean {
    if (this.startsNamedStatement()) return false;
    for (const t of VALUE_START) if (this.is(1, t)) return true;
    return false;
  }

  /** True when the next token is the first on its line. */
  protected startsLine(): boolean {
    const previous = this.LA(0);
    return (
      previous.tokenType === EOF || previous.endLine === undefined || (this.LA(1).startLine ?? 0) > previous.endLine
    );
  }

  /** True when tokens `a` and `b` ahead are on the same line (the end of the file counts as another line). */
  protected sameLine(a: number, b: number): boolean {
    const tb = this.LA(b);
    return tb.tokenType !== EOF && this.LA(a).startLine === tb.startLine;
  }

  protected notClosing(): boolean {
    return !this.is(1, T.RBrace) && this.LA(1).tokenType !== EOF;
  }

  // ── DSL configurations, built once (see parser.ts) ────────────────────────

  protected readonly cComma = () => this.CONSUME(T.Comma);
  /** A value; inline in `param` (most values are parameters), a `value` node elsewhere. */
  protected readonly cValue = {
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
      // index 1: `param` consumes its name as Identifier too
      { ALT: () => this.CONSUME1(T.Identifier) },
    ],
  };

  protected readonly cFilePath = {
    GATE: () => this.is(1, T.StringLit) || (!this.is(1, T.RParen) && this.is(2, T.RParen)),
    DEF: () => this.CONSUME(T.AnyToken, LABEL.path),
  };
  protected readonly cTupleItem = () => {
    this.SUBRULE(this.value);
    this.OPTION(this.cComma);
  };
  protected readonly cBindMember = () => {
    this.CONSUME(T.Dot);
    this.CONSUME(T.Identifier, LABEL.member);
  };
  protected readonly cExportMember = [
    { ALT: () => this.CONSUME(T.Identifier, LABEL.member) },
    { ALT: () => this.CONSUME(T.StringLit, LABEL.member) },
  ];
  protected readonly cReference = [
    { ALT: () => this.CONSUME(T.Identifier, LABEL.target) },
    { ALT: () => this.CONSUME(T.OpPath, LABEL.target) },
  ];

  // ── rules ─────────────────────────────────────────────────────────────────

  value = this.RULE("value", () => {
    this.OR(this.cValue);
  });

  tuple = this.RULE("tuple", () => {
    this.CONSUME(T.LParen);
    this.MANY(this.cTupleItem);
    this.CONSUME(T.RParen);
  });

  bindValue = this.RULE("bindValue", () => {
    this.CONSUME(T.Bind);
    this.SUBRULE(this.reference);
    this.OPTION(this.cBindMember);
  });

  exportValue = this.RULE("exportValue", () => {
    this.CONSUME(T.Export);
    this.SUBRULE(this.reference);
    this.CONSUME(T.Dot);
    this.OR(this.cExportMember);
  });

  fileValue = this.RULE("fileValue", () => {
    this.CONSUME(T.File);
    this.CONSUME(T.LParen);
    // Any single token is taken as the path, so `file(x)` is one clear error from the AST step.
    this.OPTION(this.cFilePath);
    this.CONSUME(T.RParen);
  });

  reference = this.RULE("reference", () => {
    this.OR(this.cReference);
  });
}
