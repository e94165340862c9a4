/**
 * Checks that a text is one syntactically valid Python 3.11 expression, without running Python.
 *
 * Covered: literals (numbers, strings with prefixes and implicit concatenation, True/False/None,
 * `...`), names, attribute access, calls (positional, keyword, `*args`, `**kwargs`, a bare generator),
 * subscripts and slices, unary/binary/comparison/boolean operators with Python's precedence,
 * chained comparisons, `not in`/`is not`, conditional expressions, lambdas (with defaults, `*args`,
 * `**kw`), the walrus operator, tuples, lists, sets, dicts (with `**` unpacking) and their
 * comprehensions, starred items, `await`.
 *
 * Limits (documented in compiler/README.md): the inside of f-string replacement fields is not
 * checked; names are not checked to exist; assignment targets of comprehensions and walrus are
 * accepted when they are any primary expression (Python is stricter); `yield` is rejected; only
 * the first problem is reported (as Python does).
 */
import { tokenize, type PySyntaxError, type Token } from "./tokenize.js";

export type { PySyntaxError } from "./tokenize.js";

class Failure extends Error {
  constructor(readonly problem: PySyntaxError) {
    super(problem.message);
  }
}

const COMPARISON_OPS = new Set(["<", ">", "==", ">=", "<=", "!="]);
const STATEMENT_KEYWORDS = new Set([
  "import", "from", "def", "class", "return", "pass", "break", "continue", "del", "global", "nonlocal",
  "raise", "try", "while", "with", "assert", "elif", "except", "finally", "as", "yield",
]);

/** Returns the first syntax problem of `text` as one Python expression, or undefined when it is valid. */
export function checkPythonExpression(text: string): PySyntaxError | undefined {
  if (text.trim() === "") return { message: "the expression is empty", start: 0, end: Math.max(1, text.length) };
  const { tokens, error } = tokenize(text);
  if (error !== undefined) return error;
  try {
    new ExpressionParser(tokens).parseWhole();
    return undefined;
  } catch (e) {
    if (e instanceof Failure) return e.problem;
    throw e;
  }
}

class ExpressionParser {
  private pos = 0;
  constructor(private readonly tokens: Token[]) {}

  parseWhole(): void {
    this.starredList("eof");
    const t = this.peek();
    if (t.kind !== "eof") this.unexpected(t);
  }

  // ── token helpers ──
  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.pos + ahead, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    if (t.kind !== "eof") this.pos++;
    return t;
  }
  private isOp(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t.kind === "op" && t.text === text;
  }
  private isKeyword(text: string, ahead = 0): boolean {
    const t = this.peek(ahead);
    return t.kind === "keyword" && t.text === text;
  }
  private eatOp(text: string): boolean {
    if (!this.isOp(text)) return false;
    this.pos++;
    return true;
  }
  private eatKeyword(text: string): boolean {
    if (!this.isKeyword(text)) return false;
    this.pos++;
    return true;
  }
  private expectOp(text: string, context: string): void {
    if (!this.eatOp(text)) this.fail(this.peek(), `expected '${text}' ${context}`);
  }
  private fail(at: Token, message: string): never {
    throw new Failure({ message, start: at.start, end: Math.max(at.end, at.start + 1) });
  }
  private unexpected(t: Token): never {
    if (t.kind === "eof") this.fail(t, "the expression ends too early");
    if (t.kind === "op" && t.text === "=") this.fail(t, "'=' assigns; compare with '=='");
    if (t.kind === "op" && t.text.length >= 2 && t.text.endsWith("=") && !COMPARISON_OPS.has(t.text)) {
      this.fail(t, `'${t.text}' is an assignment statement, not an expression`);
    }
    if (t.kind === "keyword" && STATEMENT_KEYWORDS.has(t.text)) this.fail(t, `'${t.text}' starts a statement; a parameter takes one expression`);
    if (t.kind === "op" && t.text === ";") this.fail(t, "';' separates statements; a parameter takes one expression");
    const what = t.kind === "name" || t.kind === "number" || t.kind === "string" ? `${t.kind} '${t.text}'` : `'${t.text}'`;
    this.fail(t, `unexpected ${what} (an operator or ',' may be missing)`);
  }

  /** Comma-separated expressions up to `closer` (a tuple without brackets at the top level). */
  private starredList(closer: string): void {
    do {
      if (this.atCloser(closer)) return;
      this.starOrNamed();
    } while (this.eatOp(","));
  }
  private atCloser(closer: string): boolean {
    const t = this.peek();
    return closer === "eof" ? t.kind === "eof" : t.kind === "op" && t.text === closer;
  }

  private starOrNamed(): void {
    if (this.eatOp("*")) {
      this.orTest();
      return;
    }
    this.namedExpression();
  }

  private namedExpression(): void {
    const start = this.pos;
    this.expression();
    if (this.isOp(":=")) {
      const target = this.tokens[start]!;
      if (this.pos - start !== 1 || target.kind !== "name") this.fail(this.peek(), "':=' needs a plain name on its left");
      this.next();
      this.expression();
    }
  }

  /** expression: lambda | disjunction ['if' disjunction 'else' expression] */
  private expression(): void {
    if (this.isKeyword("lambda")) {
      this.lambda();
      return;
    }
    this.orTest();
    if (this.eatKeyword("if")) {
      this.orTest();
      if (!this.eatKeyword("else")) this.fail(this.peek(), "a conditional expression needs 'else' (a if cond else b)");
      this.expression();
    }
  }

  private lambda(): void {
    this.next();
    const seen = new Set<string>();
    if (!this.isOp(":")) {
      do {
        if (this.isOp(":")) break;
        this.eatOp("**") || this.eatOp("*");
        const name = this.next();
        if (name.kind !== "name") this.fail(name, "a lambda parameter must be a name");
        if (seen.has(name.text)) this.fail(name, `duplicate lambda parameter '${name.text}'`);
        seen.add(name.text);
        if (this.eatOp("=")) this.expression();
      } while (this.eatOp(","));
    }
    this.expectOp(":", "after the lambda parameters");
    this.expression();
  }

  private orTest(): void {
    this.andTest();
    while (this.eatKeyword("or")) this.andTest();
  }
  private andTest(): void {
    this.notTest();
    while (this.eatKeyword("and")) this.notTest();
  }
  private notTest(): void {
    if (this.eatKeyword("not")) {
      this.notTest();
      return;
    }
    this.comparison();
  }
  private comparison(): void {
    this.binary(0);
    for (;;) {
      const t = this.peek();
      if (t.kind === "op" && COMPARISON_OPS.has(t.text)) this.next();
      else if (this.isKeyword("in")) this.next();
      else if (this.isKeyword("not") && this.isKeyword("in", 1)) this.pos += 2;
      else if (this.isKeyword("is")) {
        this.next();
        this.eatKeyword("not");
      } else return;
      this.binary(0);
    }
  }

  // Binary operators from loosest to tightest; `**` is handled in power().
  private static readonly LEVELS: string[][] = [["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "//", "%", "@"]];

  private binary(level: number): void {
    if (level >= ExpressionParser.LEVELS.length) {
      this.factor();
      return;
    }
    this.binary(level + 1);
    const ops = ExpressionParser.LEVELS[level]!;
    while (this.peek().kind === "op" && ops.includes(this.peek().text)) {
      this.next();
      this.binary(level + 1);
    }
  }

  private factor(): void {
    if (this.eatOp("+") || this.eatOp("-") || this.eatOp("~")) {
      this.factor();
      return;
    }
    this.power();
  }

  private power(): void {
    this.eatKeyword("await");
    this.primary();
    if (this.eatOp("**")) this.factor();
  }

  private primary(): void {
    this.atom();
    for (;;) {
      if (this.eatOp(".")) {
        const name = this.next();
        if (name.kind !== "name") this.fail(name, "expected an attribute name after '.'");
      } else if (this.eatOp("(")) {
        this.callArguments();
      } else if (this.eatOp("[")) {
        this.subscripts();
      } else return;
    }
  }

  private atom(): void {
    const t = this.peek();
    switch (t.kind) {
      case "name":
      case "number":
        this.next();
        return;
      case "string":
        // Adjacent literals concatenate, but bytes and text literals cannot be mixed.
        {
          const isBytes = (s: Token) => /^[a-zA-Z]*[bB]/.test(s.text);
          const bytes = isBytes(this.next());
          while (this.peek().kind === "string") {
            const s = this.next();
            if (isBytes(s) !== bytes) this.fail(s, "bytes and text string literals cannot be joined");
          }
        }
        return;
      case "keyword":
        if (t.text === "True" || t.text === "False" || t.text === "None") {
          this.next();
          return;
        }
        return this.unexpected(t);
      case "op":
        if (t.text === "...") {
          this.next();
          return;
        }
        if (t.text === "(") return this.parenthesised();
        if (t.text === "[") return this.listDisplay();
        if (t.text === "{") return this.braceDisplay();
        return this.unexpected(t);
      default:
        return this.unexpected(t);
    }
  }

  private parenthesised(): void {
    this.next();
    if (this.eatOp(")")) return;
    this.starOrNamed();
    if (this.comprehensionTail()) {
      this.expectOp(")", "to close the generator expression");
      return;
    }
    if (this.eatOp(",")) this.starredList(")");
    this.expectOp(")", "to close '('");
  }

  private listDisplay(): void {
    this.next();
    if (this.eatOp("]")) return;
    this.starOrNamed();
    if (this.comprehensionTail()) {
      this.expectOp("]", "to close the list comprehension");
      return;
    }
    if (this.eatOp(",")) this.starredList("]");
    this.expectOp("]", "to close '['");
  }

  private braceDisplay(): void {
    this.next();
    if (this.eatOp("}")) return;
    let isDict: boolean;
    if (this.eatOp("**")) {
      this.binary(0);
      isDict = true;
    } else {
      this.starOrNamed();
      isDict = this.eatOp(":");
      if (isDict) this.expression();
    }
    if (this.comprehensionTail()) {
      this.expectOp("}", "to close the comprehension");
      return;
    }
    while (this.eatOp(",")) {
      if (this.isOp("}")) break;
      if (isDict) {
        if (this.eatOp("**")) this.binary(0);
        else {
          this.expression();
          this.expectOp(":", "between a dict key and its value");
          this.expression();
        }
      } else this.starOrNamed();
    }
    this.expectOp("}", "to close '{'");
  }

  /** `for targets in iterable [if cond]...` after a comprehension's element; false when absent. */
  private comprehensionTail(): boolean {
    if (!this.isKeyword("for") && !(this.isKeyword("async") && this.isKeyword("for", 1))) return false;
    while (this.isKeyword("for") || (this.isKeyword("async") && this.isKeyword("for", 1))) {
      this.eatKeyword("async");
      this.next();
      do {
        this.eatOp("*");
        this.binary(0);
      } while (this.eatOp(",") && !this.isKeyword("in"));
      if (!this.eatKeyword("in")) this.fail(this.peek(), "a comprehension needs 'in' after its loop variable");
      this.orTest();
      while (this.eatKeyword("if")) this.orTest();
    }
    return true;
  }

  private callArguments(): void {
    if (this.eatOp(")")) return;
    let keywordSeen = false;
    let first = true;
    do {
      if (this.isOp(")")) break;
      if (this.eatOp("**")) {
        this.expression();
        keywordSeen = true;
      } else if (this.eatOp("*")) {
        this.expression();
      } else if (this.peek().kind === "name" && this.isOp("=", 1)) {
        this.pos += 2;
        this.expression();
        keywordSeen = true;
      } else {
        const at = this.peek();
        this.namedExpression();
        if (first && this.comprehensionTail()) {
          this.expectOp(")", "after a generator argument");
          return;
        }
        if (keywordSeen) this.fail(at, "a positional argument cannot follow a keyword argument");
      }
      first = false;
    } while (this.eatOp(","));
    this.expectOp(")", "to close the call");
  }

  private subscripts(): void {
    if (this.isOp("]")) this.fail(this.peek(), "a subscript needs an index or a slice inside '[]'");
    do {
      if (this.isOp("]")) break;
      this.sliceItem();
    } while (this.eatOp(","));
    this.expectOp("]", "to close the subscript");
  }

  private sliceItem(): void {
    if (!this.isOp(":")) {
      this.starOrNamed();
      if (!this.isOp(":")) return;
    }
    // lower:upper:step, each part optional
    for (let colons = 0; colons < 2 && this.eatOp(":"); colons++) {
      if (!this.isOp(":") && !this.isOp("]") && !this.isOp(",")) this.expression();
    }
  }
}
