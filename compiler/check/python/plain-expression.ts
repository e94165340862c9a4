/**
 * Recognizes the plain expressions most parameters carry (`absTime.seconds * 0.3`,
 * `op('lfo1')['chan1'] + 1`, `parent().par.Zoom`) without Python's grammar, so that checking a
 * file whose expressions are all plain never loads tree-sitter's WebAssembly. It answers only
 * "certainly one valid Python expression"; anything else (keywords, slices, tuples, lambdas,
 * comprehensions, prefixed or escaped strings, comments, line breaks, odd numbers) goes to the
 * full grammar (syntax.ts), so the diagnostics are the same either way. A property test checks
 * that everything accepted here the full grammar accepts too.
 */

/** Python's keywords, and names tree-sitter's grammar reads specially: never plain. */
const NOT_PLAIN_NAMES = new Set([
  "False",
  "None",
  "True",
  "and",
  "as",
  "assert",
  "async",
  "await",
  "break",
  "class",
  "continue",
  "def",
  "del",
  "elif",
  "else",
  "except",
  "finally",
  "for",
  "from",
  "global",
  "if",
  "import",
  "in",
  "is",
  "lambda",
  "nonlocal",
  "not",
  "or",
  "pass",
  "raise",
  "return",
  "try",
  "while",
  "with",
  "yield",
  "match",
  "case",
  "type",
  "print",
  "exec",
]);
const CONSTANTS = new Set(["True", "False", "None"]);

type Kind = "name" | "number" | "string" | "op" | "end";
interface Token {
  kind: Kind;
  text: string;
}

const TOKEN =
  /[ \t]*(?:([A-Za-z_][A-Za-z0-9_]*)|((?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?(?![A-Za-z0-9_.]))|('[^'\\\x00-\x08\n-\x1f\x7f]*'|"[^"\\\x00-\x08\n-\x1f\x7f]*")|(\*\*|\/\/|<<|>>|<=|>=|==|!=|[-+*/%@&|^~<>().,[\]=]))/y;

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^[ \t]*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (m === null) return undefined;
    at = TOKEN.lastIndex;
    if (m[1] !== undefined) tokens.push({ kind: "name", text: m[1] });
    else if (m[2] !== undefined) tokens.push({ kind: "number", text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: "string", text: m[3] });
    else tokens.push({ kind: "op", text: m[4]! });
  }
  tokens.push({ kind: "end", text: "" });
  return tokens;
}

const BINARY = new Set([
  "+",
  "-",
  "*",
  "/",
  "//",
  "%",
  "@",
  "&",
  "|",
  "^",
  "<<",
  ">>",
  "<",
  ">",
  "<=",
  ">=",
  "==",
  "!=",
]);
const UNARY = new Set(["+", "-", "~"]);
/** Deeper nesting goes to the full grammar (and keeps this recursion shallow). */
const MAX_DEPTH = 50;

class Plain {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private get peek(): Token {
    return this.tokens[this.i]!;
  }
  private isOp(text: string): boolean {
    return this.peek.kind === "op" && this.peek.text === text;
  }
  private isWord(text: string): boolean {
    return this.peek.kind === "name" && this.peek.text === text;
  }

  whole(): boolean {
    return this.disjunction(0) && this.peek.kind === "end";
  }

  /** `a or b`, `a and not b`: the boolean level, where `not` may start an operand. */
  private disjunction(depth: number): boolean {
    if (depth > MAX_DEPTH) return false;
    for (;;) {
      while (this.isWord("not")) this.i++;
      if (!this.arithmetic(depth)) return false;
      if (!this.isWord("and") && !this.isWord("or")) return true;
      this.i++;
    }
  }

  /** Operands joined by arithmetic, bitwise and comparison operators (all take the same operands). */
  private arithmetic(depth: number): boolean {
    for (;;) {
      if (!this.factor(depth)) return false;
      if (this.peek.kind !== "op" || !BINARY.has(this.peek.text)) return true;
      this.i++;
    }
  }

  private factor(depth: number): boolean {
    while (this.peek.kind === "op" && UNARY.has(this.peek.text)) this.i++;
    if (!this.primary(depth)) return false;
    if (!this.isOp("**")) return true;
    this.i++;
    return this.factor(depth);
  }

  private primary(depth: number): boolean {
    const t = this.peek;
    if (t.kind === "number") {
      this.i++;
      return true; // no trailers on a number (`1 .real` is rare; the full grammar has it)
    }
    if (t.kind === "name") {
      if (NOT_PLAIN_NAMES.has(t.text) && !CONSTANTS.has(t.text)) return false;
      this.i++;
      if (CONSTANTS.has(t.text)) return true;
    } else if (t.kind === "string") {
      this.i++;
    } else if (this.isOp("(")) {
      this.i++;
      if (!this.disjunction(depth + 1) || !this.isOp(")")) return false;
      this.i++;
    } else {
      return false;
    }
    return this.trailers(depth);
  }

  private trailers(depth: number): boolean {
    for (;;) {
      if (this.isOp(".")) {
        this.i++;
        if (this.peek.kind !== "name" || NOT_PLAIN_NAMES.has(this.peek.text)) return false;
        this.i++;
      } else if (this.isOp("[")) {
        this.i++;
        if (!this.disjunction(depth + 1) || !this.isOp("]")) return false;
        this.i++;
      } else if (this.isOp("(")) {
        this.i++;
        if (!this.callArguments(depth + 1)) return false;
      } else {
        return true;
      }
    }
  }

  /** `f()`, `f(a, b)`, `f(a, k=1,)`: positional arguments, then keyword arguments; no splats. */
  private callArguments(depth: number): boolean {
    let keywords = false;
    const seen = new Set<string>();
    while (!this.isOp(")")) {
      const next = this.tokens[this.i + 1]!;
      if (this.peek.kind === "name" && next.kind === "op" && next.text === "=") {
        if (NOT_PLAIN_NAMES.has(this.peek.text) || seen.has(this.peek.text)) return false;
        seen.add(this.peek.text);
        keywords = true;
        this.i += 2;
      } else if (keywords) {
        return false;
      }
      if (!this.disjunction(depth)) return false;
      if (this.isOp(",")) this.i++;
      else if (!this.isOp(")")) return false;
    }
    this.i++;
    return true;
  }
}

/** True only when `text` is certainly one valid Python expression of the plain kind. */
export function isPlainExpression(text: string): boolean {
  if (text.length > 2000 || /^[ \t]/.test(text)) return false;
  const tokens = tokenize(text);
  return tokens !== undefined && tokens.length > 1 && new Plain(tokens).whole();
}
