/**
 * Reporting of "junk": tokens the parser skipped because they start nothing valid where they are.
 * Consecutive junk on one line is one diagnostic, with a hint fitted to the likely mistake.
 */
import type { CstNode, IToken } from "chevrotain";
import { BuildContext, describeToken, nodeOf, tokenRange, tokensUnder } from "./cst-util.js";

/** What the parser expected where junk was found, by the kind of body it was found in. */
const EXPECTED_IN = {
  top: "'network', 'recipe', 'import' or 'layout'",
  network: "a node (name: type), a wire (a -> b), 'controls { }' or '}'",
  nodeBody: "a parameter (name: value), 'network { }' or '}'",
  declarations: "a declaration (Name: type = default) or '}'",
  layout: "a pinned position (network/node: (x, y)) or '}'",
} as const;
export type BodyKind = keyof typeof EXPECTED_IN;

/** Reports consecutive junk tokens on one line as a single diagnostic. */
export function flushJunk(ctx: BuildContext, junk: CstNode[], where: BodyKind): void {
  if (junk.length === 0) return;
  reportJunkGroups(ctx, junk.splice(0), where);
}

export function reportJunkGroups(ctx: BuildContext, junk: CstNode[], where: BodyKind): void {
  let group: IToken[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const first = group[0]!;
    const last = group[group.length - 1]!;
    ctx.report(
      "unexpected-token",
      { start: tokenRange(first).start, end: tokenRange(last).end },
      { found: describeToken(first), expected: EXPECTED_IN[where] },
      junkHelp(first, group[1], where),
    );
    group = [];
  };
  for (const j of junk) {
    const toks = tokensUnder(j).sort((a, b) => a.startOffset - b.startOffset);
    if (toks.length === 0) continue;
    const isBlock = nodeOf(j, "skippedBlock") !== undefined;
    const previous = group[group.length - 1];
    if (previous && (isBlock || toks[0]!.startLine !== previous.endLine)) flush();
    group.push(...(isBlock ? [toks[0]!, toks[toks.length - 1]!] : toks));
    if (isBlock) flush();
  }
  flush();
}

function junkHelp(first: IToken, second: IToken | undefined, where: BodyKind): string[] {
  const type = first.tokenType.name;
  if (type === "Identifier" && second?.tokenType.name === "Identifier" && where !== "declarations") {
    return [`a node is written name: type; did you forget ':' after '${first.image}'?`];
  }
  if (type === "Kw_network") {
    return where === "nodeBody"
      ? ["a COMP's network is written network { ... }"]
      : [
          "a named network belongs at the top of the file; a COMP's inside goes in its body: comp1: baseCOMP { network { ... } }",
        ];
  }
  if (type === "Kw_import") return ['the path is a string: import "lib/feedback.svcnet"'];
  if (type === "LBrace")
    return ["a block needs something before it: a node (name: type { ... }) or a keyword (network name { ... })"];
  if (type === "Arrow") return ["a wire starts with a node name: a -> b"];
  if (type === "Identifier" && where === "network")
    return [
      `'${first.image}' alone means nothing: write '${first.image}: opType' to declare a node or '${first.image} -> other' to wire it`,
    ];
  if (type === "Identifier" && where === "nodeBody")
    return [`a parameter is written name: value, e.g. ${first.image}: 1`];
  if (where === "top") return ["nodes and wires go inside 'network <name> { ... }'"];
  if (type === "DotDot") return ["a range (0..1) is written in a declaration: Name: float range 0..1"];
  if (where === "nodeBody" || where === "declarations")
    return ["a value needs a name before it (name: value); check for a missing ',' or ':' just before"];
  if (type === "RBracket" || type === "RParen") return ["it closes nothing here; check the brackets before it"];
  return ["remove it, or check the statement before it for a missing part"];
}
