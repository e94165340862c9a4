/**
 * Where the cursor is, read from the tokens before it (not from the tree: while a line is being
 * typed the file rarely parses). A stack of open brackets says which block the cursor is in; the
 * tokens since the last separator say what that block expects next.
 */
import type { IToken } from "chevrotain";
import { lex } from "../../grammar/lexer.js";
import * as T from "../../grammar/tokens.js";

type CompletionContext =
  /** Top level of the file: `network`, `recipe`, `import`, `layout`. */
  | { kind: "top-level" }
  /** A new line in a network body: a wire's start, or a keyword. */
  | { kind: "body-line" }
  /** After `name:` in a network body: an operator type or a recipe. */
  | { kind: "node-type" }
  /** After `->`: a node of this network. */
  | { kind: "wire-node" }
  /** Inside a node's `{ }` where a parameter name goes; `type` is the node's type as written. */
  | { kind: "param-name"; type: string; written: string[] }
  /** After `param:` inside a node's `{ }`. */
  | { kind: "param-value"; type: string; param: string }
  /** After `param: bind`. */
  | { kind: "bind-target"; type: string; param: string }
  /** Inside a node's `[ ]`. */
  | { kind: "flag" }
  /** After `Name:` in `controls` or `params`. */
  | { kind: "declaration-type"; block: "controls" | "params" }
  | { kind: "none" };

export interface CursorContext {
  context: CompletionContext;
  /** The word being typed (replaced by the completion), and where it starts. */
  prefix: string;
  prefixStart: number;
}

type Block = "body" | "node" | "flags" | "controls" | "params" | "layout" | "index" | "parens" | "other";

interface Open {
  block: Block;
  /** Index of the opening token. */
  at: number;
  /** For a node's `{ }`: its type as written. */
  type?: string;
}

const isWord = (t: IToken) =>
  T.Identifier.categoryMatchesMap?.[t.tokenTypeIdx] === true || t.tokenType === T.Identifier;

/** The type token of a node declaration ending just before index `end` (`name: type [flags]`), skipping a `[...]`. */
function nodeTypeBefore(tokens: IToken[], end: number): string | undefined {
  let i = end - 1;
  if (tokens[i]?.tokenType === T.RBracket) {
    let depth = 0;
    for (; i >= 0; i--) {
      if (tokens[i]!.tokenType === T.RBracket) depth++;
      else if (tokens[i]!.tokenType === T.LBracket && --depth === 0) break;
    }
    i--;
  }
  const type = tokens[i];
  if (type === undefined || !isWord(type) || tokens[i - 1]?.tokenType !== T.Colon || !isWord(tokens[i - 2] ?? type))
    return undefined;
  return type.image;
}

function classifyBrace(tokens: IToken[], at: number): Open {
  const before = tokens[at - 1];
  const twoBefore = tokens[at - 2];
  if (before?.tokenType === T.Network || twoBefore?.tokenType === T.Network) return { block: "body", at };
  if (before?.tokenType === T.Controls || twoBefore?.tokenType === T.Controls) return { block: "controls", at };
  if (before?.tokenType === T.Params) return { block: "params", at };
  if (before?.tokenType === T.Layout) return { block: "layout", at };
  // `recipe name [metadata] {`
  for (let i = at - 1; i >= Math.max(0, at - 64); i--) {
    if (tokens[i]!.tokenType === T.Recipe) return { block: "body", at };
    if (tokens[i]!.startLine !== tokens[at]!.startLine && tokens[i]!.tokenType !== T.RBracket) break;
  }
  const type = nodeTypeBefore(tokens, at);
  return type === undefined ? { block: "other", at } : { block: "node", at, type };
}

export function completionContext(text: string, offset: number): CursorContext {
  const tokens = lex(text.slice(0, offset)).tokens;
  let prefix = "";
  let prefixStart = offset;
  const last = tokens[tokens.length - 1];
  if (
    last !== undefined &&
    (last.endOffset ?? last.startOffset) + 1 === offset &&
    (isWord(last) || last.tokenType === T.Variable)
  ) {
    prefix = last.image;
    prefixStart = last.startOffset;
    tokens.pop();
  }
  const stack: Open[] = [];
  tokens.forEach((t, i) => {
    if (t.tokenType === T.LBrace) stack.push(classifyBrace(tokens, i));
    else if (t.tokenType === T.LBracket) {
      // `name: type [` opens flags; `node[` is a wire's connector index.
      stack.push(
        isWord(tokens[i - 1] ?? t) && tokens[i - 2]?.tokenType === T.Colon
          ? { block: "flags", at: i }
          : { block: "index", at: i },
      );
    } else if (t.tokenType === T.LParen) stack.push({ block: "parens", at: i });
    else if (t.tokenType === T.RBrace || t.tokenType === T.RBracket || t.tokenType === T.RParen) stack.pop();
  });
  const open = stack[stack.length - 1];
  const result = (context: CompletionContext): CursorContext => ({ context, prefix, prefixStart });
  if (open === undefined) return result({ kind: "top-level" });
  const inner = tokens.slice(open.at + 1);
  switch (open.block) {
    case "body": {
      // The statement the cursor is in: tokens on the cursor's line, after the block's own tokens.
      const line = linesOf(text, offset);
      const statement = inner.filter((t) => t.startOffset >= line);
      if (statement.length === 0) return result({ kind: "body-line" });
      const end = statement[statement.length - 1]!;
      if (end.tokenType === T.Arrow) return result({ kind: "wire-node" });
      if (end.tokenType === T.Colon && statement.length === 2 && isWord(statement[0]!))
        return result({ kind: "node-type" });
      return result({ kind: "none" });
    }
    case "node": {
      const type = open.type!;
      const sinceSeparator = tokensSinceSeparator(inner);
      if (sinceSeparator.length === 0) {
        const written = paramNamesWritten(inner);
        return result({ kind: "param-name", type, written });
      }
      const [name, colon, third] = sinceSeparator;
      if (name !== undefined && isWord(name) && colon?.tokenType === T.Colon) {
        if (third === undefined) return result({ kind: "param-value", type, param: name.image });
        if (third.tokenType === T.Bind && sinceSeparator.length === 3)
          return result({ kind: "bind-target", type, param: name.image });
      }
      return result({ kind: "none" });
    }
    case "flags": {
      const sinceSeparator = tokensSinceSeparator(inner);
      return result(sinceSeparator.length === 0 ? { kind: "flag" } : { kind: "none" });
    }
    case "controls":
    case "params": {
      const line = linesOf(text, offset);
      const statement = inner.filter((t) => t.startOffset >= line);
      if (statement.length === 2 && isWord(statement[0]!) && statement[1]!.tokenType === T.Colon)
        return result({ kind: "declaration-type", block: open.block });
      return result({ kind: "none" });
    }
    default:
      return result({ kind: "none" });
  }
}

/** Offset where the cursor's line starts. */
function linesOf(text: string, offset: number): number {
  return text.lastIndexOf("\n", offset - 1) + 1;
}

/** Tokens after the last `,` at the top of this block (nested brackets skipped). */
function tokensSinceSeparator(inner: IToken[]): IToken[] {
  let depth = 0;
  let from = 0;
  inner.forEach((t, i) => {
    if (t.tokenType === T.LParen || t.tokenType === T.LBracket || t.tokenType === T.LBrace) depth++;
    else if (t.tokenType === T.RParen || t.tokenType === T.RBracket || t.tokenType === T.RBrace) depth--;
    else if (depth === 0 && t.tokenType === T.Comma) from = i + 1;
  });
  return inner.slice(from);
}

/** Names already assigned in a node's `{ }` (each parameter is set once). */
function paramNamesWritten(inner: IToken[]): string[] {
  const names: string[] = [];
  let depth = 0;
  inner.forEach((t, i) => {
    if (t.tokenType === T.LParen || t.tokenType === T.LBracket || t.tokenType === T.LBrace) depth++;
    else if (t.tokenType === T.RParen || t.tokenType === T.RBracket || t.tokenType === T.RBrace) depth--;
    else if (
      depth === 0 &&
      isWord(t) &&
      inner[i + 1]?.tokenType === T.Colon &&
      (i === 0 || inner[i - 1]!.tokenType === T.Comma)
    )
      names.push(t.image);
  });
  return names;
}
