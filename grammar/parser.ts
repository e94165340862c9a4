/**
 * The `.svcnet` grammar as a chevrotain CstParser with error recovery.
 *
 * Recovery strategy: every block body is a loop that stops only at '}' (or the end of the file);
 * a token that starts nothing valid is consumed as `junk` (a '{' takes its whole balanced block
 * with it), so one mistake never hides the rest of the file. The CST-to-AST step reports junk
 * with a specific message. A few optional parts are guarded by lookahead so that a half-written
 * statement ("noise1:", "a ->", "period:") is recognised as such instead of swallowing the next line.
 *
 * Speed (a 10,000-node file is about 200,000 tokens):
 * - build the parser once and reuse it (`svcnetParser`): creating it analyses the grammar;
 * - the DSL's option objects and alternative lists are built once (the `c*` fields below), not on
 *   every call, which would allocate closures per token;
 * - the hottest statements (network items, node bodies, parameter values) are written inline in
 *   their parent rule, so they cost no CST node of their own.
 */
import type { CstNode, IToken, TokenType } from "chevrotain";
import { EOF } from "./chevrotain-runtime.js";
import { FLAG_NAMES, RECIPE_METADATA_NAMES } from "./ast.js";
import { GatedAlternativesLookahead } from "./lookahead.js";
import { parserErrorMessages } from "./parser-errors.js";
import { LABEL, ValueGrammar } from "./parser-values.js";
import * as T from "./tokens.js";

/** Flag names, so a flag list can tell its next line from the next statement. */
const FLAG_WORDS = new Set<string>([...FLAG_NAMES, ...RECIPE_METADATA_NAMES]);

/** Words that start a declaration attribute (so `Gain: float = range 0..1` lacks a default). */
const ATTRIBUTE_KEYWORDS: TokenType[] = [T.Range, T.Clamp, T.Label, T.Entries];

export class SvcnetParser extends ValueGrammar {
  /**
   * `validate` runs chevrotain's grammar validations (ambiguities, left recursion, duplicate
   * productions). They check the grammar, not the input, and cost about a tenth of `svc check`'s
   * start-up, so the shared parser skips them and a test constructs one with them on.
   */
  constructor({ validate = false }: { validate?: boolean } = {}) {
    super({
      recoveryEnabled: true,
      maxLookahead: 3,
      lookaheadStrategy: new GatedAlternativesLookahead({ maxLookahead: 3 }),
      // No location tracking (it costs a third of the parse): the AST builder knows which tokens
      // start and end each statement (BuildContext.span) and walks the CST for the rest.
      nodeLocationTracking: "none",
      errorMessageProvider: parserErrorMessages,
      skipValidations: !validate,
    });
    this.performSelfAnalysis();
  }

  // ── DSL configurations, built once ────────────────────────────────────────

  private readonly cParamValue = { GATE: () => this.startsValue(), DEF: () => this.OR(this.cValue) };
  private readonly cNotEnd = () => this.LA(1).tokenType !== EOF;
  private readonly cNotClosing = () => this.notClosing();

  private readonly cTopItem = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      {
        GATE: () => this.startsLine() && (this.is(2, T.NumberLit) || !this.sameLine(1, 2)),
        ALT: () => this.SUBRULE(this.versionHeader),
      },
      { GATE: () => !this.is(2, T.Colon), ALT: () => this.SUBRULE(this.importStatement) },
      {
        GATE: () => (this.is(2, T.Identifier) && this.is(3, T.LBrace)) || this.is(2, T.LBrace) || this.braceEndsLine(),
        ALT: () => this.SUBRULE(this.networkDecl),
      },
      {
        GATE: () => this.is(2, T.Identifier) && (this.is(3, T.LBrace) || this.is(3, T.LBracket)),
        ALT: () => this.SUBRULE(this.recipeDecl),
      },
      { GATE: () => this.is(2, T.LBrace), ALT: () => this.SUBRULE(this.layoutBlock) },
      { ALT: () => this.SUBRULE(this.networkItem) },
    ],
  };

  /** What a network holds; inline in `networkBody`, wrapped as `networkItem` only at the top of a file. */
  private readonly cNetworkItem = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.is(2, T.LBrace) || this.is(2, T.StringLit), ALT: () => this.SUBRULE(this.controlsBlock) },
      { GATE: () => this.is(2, T.LBrace), ALT: () => this.SUBRULE(this.paramsBlock) },
      { GATE: () => this.startsNamedStatement(), ALT: () => this.SUBRULE(this.nodeDecl) },
      {
        GATE: () => this.is(1, T.Identifier) && (this.is(2, T.Arrow) || this.is(2, T.LBracket)),
        ALT: () => this.SUBRULE(this.wire),
      },
      { ALT: () => this.SUBRULE(this.junk) },
    ],
  };
  private readonly cNetworkBody = { GATE: this.cNotClosing, DEF: () => this.OR(this.cNetworkItem) };

  private readonly cDeclarationItem = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.startsNamedStatement(), ALT: () => this.SUBRULE(this.declaration) },
      { ALT: () => this.SUBRULE(this.junk) },
    ],
  };
  private readonly cDeclarations = { GATE: this.cNotClosing, DEF: () => this.OR(this.cDeclarationItem) };

  private readonly cDeclarationType = {
    GATE: () => this.is(1, T.Identifier) && !this.is(2, T.Colon),
    DEF: () => this.CONSUME1(T.Identifier, LABEL.type),
  };
  private readonly cAttribute = [
    { ALT: () => this.SUBRULE(this.defaultAttribute) },
    { ALT: () => this.SUBRULE(this.rangeAttribute) },
    { ALT: () => this.CONSUME(T.Clamp, LABEL.clamp) },
    { ALT: () => this.SUBRULE(this.labelAttribute) },
    { ALT: () => this.SUBRULE(this.entriesAttribute) },
    { ALT: () => this.SUBRULE(this.helpAttribute) },
  ];
  private readonly cDefaultValue = {
    GATE: () => this.startsValue() && !ATTRIBUTE_KEYWORDS.some((k) => this.is(1, k)),
    DEF: () => this.SUBRULE(this.value),
  };
  private readonly cAttributes = { GATE: () => !this.startsNamedStatement(), DEF: () => this.OR(this.cAttribute) };

  private readonly cMenuEntryName = [
    { ALT: () => this.CONSUME(T.Identifier, LABEL.name) },
    { ALT: () => this.CONSUME(T.StringLit, LABEL.name) },
  ];

  private readonly cNodeType = {
    GATE: () =>
      this.is(1, T.Identifier) &&
      !this.is(2, T.Colon) &&
      !this.is(2, T.Arrow) &&
      !(this.is(2, T.LBracket) && this.is(3, T.NumberLit)),
    DEF: () => this.CONSUME1(T.Identifier, LABEL.type),
  };
  private readonly cNodeBodyItem = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.is(2, T.LBrace), ALT: () => this.SUBRULE(this.innerNetwork) },
      { GATE: () => this.is(2, T.LBrace) || this.is(2, T.StringLit), ALT: () => this.SUBRULE(this.controlsBlock) },
      { GATE: () => this.startsNamedStatement(), ALT: () => this.SUBRULE(this.param) },
      { ALT: () => this.CONSUME(T.Comma) },
      { ALT: () => this.SUBRULE(this.junk) },
    ],
  };
  private readonly cNodeBodyItems = { GATE: this.cNotClosing, DEF: () => this.OR(this.cNodeBodyItem) };
  private readonly cNodeBody = () => {
    this.CONSUME(T.LBrace);
    this.MANY(this.cNodeBodyItems);
    this.CONSUME(T.RBrace);
  };

  private readonly cFlagValue = () => {
    this.CONSUME(T.Colon);
    this.SUBRULE(this.value);
  };
  private readonly cFlagItem = {
    // A flag list may span lines, but a line that does not start with a flag name is the next
    // statement: the ']' was forgotten.
    GATE: () => !this.is(1, T.RBracket) && (this.sameLine(0, 1) || FLAG_WORDS.has(this.LA(1).image)),
    DEF: () => {
      this.SUBRULE(this.flag);
      this.OPTION(this.cComma);
    },
  };

  private readonly cWireTarget = {
    GATE: () => this.is(1, T.Identifier) && !this.is(2, T.Colon),
    DEF: () => this.SUBRULE1(this.endpoint),
  };
  private readonly cWireLink = () => {
    this.CONSUME(T.Arrow);
    this.OPTION(this.cWireTarget);
  };
  // Any single token before ']' is taken as the index, so `comp1[x]` is one clear error.
  private readonly cIndex = {
    GATE: () => this.is(1, T.NumberLit) || (!this.is(1, T.RBracket) && this.is(2, T.RBracket)),
    DEF: () => this.CONSUME(T.AnyToken, LABEL.index),
  };
  private readonly cEndpointIndex = () => {
    this.CONSUME(T.LBracket);
    this.OPTION1(this.cIndex);
    this.CONSUME(T.RBracket);
  };

  private readonly cLayoutItem = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.is(2, T.Colon), ALT: () => this.SUBRULE(this.layoutEntry) },
      { ALT: () => this.SUBRULE(this.junk) },
    ],
  };
  private readonly cLayoutItems = { GATE: this.cNotClosing, DEF: () => this.OR(this.cLayoutItem) };
  private readonly cLayoutPath = [
    { ALT: () => this.CONSUME(T.Identifier, LABEL.path) },
    { ALT: () => this.CONSUME(T.OpPath, LABEL.path) },
  ];
  private readonly cLayoutValue = { GATE: () => this.startsValue(), DEF: () => this.SUBRULE(this.value) };

  private readonly cJunk = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.is(1, T.LBrace), ALT: () => this.SUBRULE(this.skippedBlock) },
      { GATE: () => !this.is(1, T.RBrace), ALT: () => this.CONSUME(T.AnyToken, LABEL.token) },
    ],
  };
  private readonly cSkippedItem = {
    IGNORE_AMBIGUITIES: true,
    DEF: [
      { GATE: () => this.is(1, T.LBrace), ALT: () => this.SUBRULE(this.skippedBlock) },
      { ALT: () => this.CONSUME(T.AnyToken, LABEL.token) },
    ],
  };
  private readonly cSkippedItems = { GATE: this.cNotClosing, DEF: () => this.OR(this.cSkippedItem) };

  // ── rules ─────────────────────────────────────────────────────────────────

  program = this.RULE("program", () => {
    this.MANY({ GATE: this.cNotEnd, DEF: () => this.SUBRULE(this.topItem) });
  });

  topItem = this.RULE("topItem", () => {
    this.OR(this.cTopItem);
  });

  versionHeader = this.RULE("versionHeader", () => {
    this.CONSUME(T.Svcnet);
    this.OPTION(() => this.CONSUME(T.NumberLit, LABEL.version));
  });

  importStatement = this.RULE("importStatement", () => {
    this.CONSUME(T.Import);
    this.CONSUME(T.StringLit, LABEL.path);
  });

  networkDecl = this.RULE("networkDecl", () => {
    this.CONSUME(T.Network);
    // Optional here so that a missing name is reported as such (by the AST step).
    this.OPTION(() => this.CONSUME(T.Identifier, LABEL.name));
    // A name that is not one word (a path, a string, words with spaces or '-'): taken up to the '{'
    // of its line, so that the AST step names the mistake once and the body is still checked.
    this.MANY({
      GATE: () => !this.is(1, T.LBrace) && this.sameLine(0, 1),
      DEF: () => this.CONSUME(T.AnyToken, LABEL.badName),
    });
    this.CONSUME(T.LBrace);
    this.SUBRULE(this.networkBody);
    this.CONSUME(T.RBrace);
  });

  /** True when a '{' follows later on the line of the next token, with no '}' before it. */
  private braceEndsLine(): boolean {
    for (let k = 2; k <= 12 && this.sameLine(1, k); k++) {
      if (this.is(k, T.LBrace)) return true;
      if (this.is(k, T.RBrace)) return false;
    }
    return false;
  }

  recipeDecl = this.RULE("recipeDecl", () => {
    this.CONSUME(T.Recipe);
    this.CONSUME(T.Identifier, LABEL.name);
    this.OPTION(() => this.SUBRULE(this.flags));
    this.CONSUME(T.LBrace);
    this.SUBRULE(this.networkBody);
    this.CONSUME(T.RBrace);
  });

  networkBody = this.RULE("networkBody", () => {
    this.MANY(this.cNetworkBody);
  });

  /** A network statement at the top of a file, where the AST step reports it as misplaced. */
  networkItem = this.RULE("networkItem", () => {
    this.OR(this.cNetworkItem);
  });

  controlsBlock = this.RULE("controlsBlock", () => {
    this.CONSUME(T.Controls);
    this.OPTION(() => this.CONSUME(T.StringLit, LABEL.page));
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
    this.MANY(this.cDeclarations);
  });

  /** `Gain: float = 0.96 range 0..1 clamp label "Gain" entries (a "A", b)`, attributes in any order. */
  declaration = this.RULE("declaration", () => {
    this.CONSUME(T.Identifier, LABEL.name);
    this.CONSUME(T.Colon);
    this.OPTION(this.cDeclarationType);
    this.MANY(this.cAttributes);
  });

  defaultAttribute = this.RULE("defaultAttribute", () => {
    this.CONSUME(T.Equals);
    this.OPTION(this.cDefaultValue);
  });

  rangeAttribute = this.RULE("rangeAttribute", () => {
    this.CONSUME(T.Range);
    this.CONSUME(T.NumberLit, LABEL.min);
    this.CONSUME(T.DotDot);
    this.CONSUME1(T.NumberLit, LABEL.max);
  });

  labelAttribute = this.RULE("labelAttribute", () => {
    this.CONSUME(T.Label);
    this.CONSUME(T.StringLit, LABEL.text);
  });

  /** `help "What it does"`: the control's help text (TouchDesigner's Par.help, shown on hover). */
  helpAttribute = this.RULE("helpAttribute", () => {
    this.CONSUME(T.Help);
    this.CONSUME(T.StringLit, LABEL.text);
  });

  entriesAttribute = this.RULE("entriesAttribute", () => {
    this.CONSUME(T.Entries);
    this.CONSUME(T.LParen);
    this.MANY(() => {
      this.SUBRULE(this.menuEntry);
      this.OPTION(this.cComma);
    });
    this.CONSUME(T.RParen);
  });

  menuEntry = this.RULE("menuEntry", () => {
    this.OR(this.cMenuEntryName);
    this.OPTION(() => this.CONSUME1(T.StringLit, LABEL.label));
  });

  /** `noise1: noiseTOP [display] { period: 3 }`; the body is inline (no CST node of its own). */
  nodeDecl = this.RULE("nodeDecl", () => {
    this.CONSUME(T.Identifier, LABEL.name);
    this.CONSUME(T.Colon);
    this.OPTION(this.cNodeType);
    this.OPTION1(() => this.SUBRULE(this.flags));
    this.OPTION2(this.cNodeBody);
  });

  flags = this.RULE("flags", () => {
    this.CONSUME(T.LBracket);
    this.MANY(this.cFlagItem);
    this.CONSUME(T.RBracket);
  });

  flag = this.RULE("flag", () => {
    this.CONSUME(T.Identifier, LABEL.name);
    this.OPTION(this.cFlagValue);
  });

  innerNetwork = this.RULE("innerNetwork", () => {
    this.CONSUME(T.Network);
    this.CONSUME(T.LBrace);
    this.SUBRULE(this.networkBody);
    this.CONSUME(T.RBrace);
  });

  /** `name: value`; the value is inline (no `value` CST node), as parameters are most of a file. */
  param = this.RULE("param", () => {
    this.CONSUME(T.Identifier, LABEL.name);
    this.CONSUME(T.Colon);
    this.OPTION(this.cParamValue);
  });

  /** `a -> b -> c[1]`; an endpoint after '->' is optional so "a ->" is reported as incomplete. */
  wire = this.RULE("wire", () => {
    this.SUBRULE(this.endpoint);
    this.AT_LEAST_ONE(this.cWireLink);
  });

  endpoint = this.RULE("endpoint", () => {
    this.CONSUME(T.Identifier, LABEL.node);
    this.OPTION(this.cEndpointIndex);
  });

  layoutBlock = this.RULE("layoutBlock", () => {
    this.CONSUME(T.Layout);
    this.CONSUME(T.LBrace);
    this.MANY(this.cLayoutItems);
    this.CONSUME(T.RBrace);
  });

  layoutEntry = this.RULE("layoutEntry", () => {
    this.OR(this.cLayoutPath);
    this.CONSUME(T.Colon);
    this.OPTION(this.cLayoutValue);
  });

  /** A token that starts nothing here; a '{' takes its balanced block along. Never a '}'. */
  junk = this.RULE("junk", () => {
    this.OR(this.cJunk);
  });

  skippedBlock = this.RULE("skippedBlock", () => {
    this.CONSUME(T.LBrace);
    this.MANY(this.cSkippedItems);
    this.CONSUME(T.RBrace);
  });
}

/** The shared instance: reuse it, creating a parser is the expensive part. */
const svcnetParser = new SvcnetParser();

export interface ParseTree {
  cst: CstNode;
  errors: SvcnetParser["errors"];
}

export function parseTokens(tokens: IToken[]): ParseTree {
  svcnetParser.input = tokens;
  const cst = svcnetParser.program();
  return { cst, errors: svcnetParser.errors };
}
