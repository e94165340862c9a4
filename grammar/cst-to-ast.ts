/**
 * Turns the CST into the typed AST (grammar/ast.ts) and reports what the grammar let through on
 * purpose: stray tokens, half-written statements, statements in the wrong place.
 */
import type { CstNode, IToken } from "chevrotain";
import { NO_RANGE, type SourceRange } from "../diagnostics/source-range.js";
import type {
  ControlsBlock,
  Identifier,
  InnerNetwork,
  LayoutBlock,
  LayoutEntry,
  NetworkBody,
  NodeDecl,
  Param,
  ParamsBlock,
  Program,
  Recipe,
  Wire,
  WireEndpoint,
} from "./ast.js";
import {
  BuildContext,
  firstToken,
  isRealToken,
  nodeOf,
  nodesOf,
  rangeAfter,
  tokenOf,
  tokenRange,
  tokenStart,
  tokensOf,
} from "./cst-util.js";
import { flushJunk, reportJunkGroups } from "./cst-junk.js";
import { sortedCopy } from "./natural-order.js";
import { buildDeclarations, buildFlags, buildValue, hasValue, stringValue } from "./cst-values.js";

export function buildProgram(ctx: BuildContext, cst: CstNode): Program {
  const program: Program = {
    kind: "Program",
    version: null,
    imports: [],
    networks: [],
    recipes: [],
    layout: null,
    range: ctx.rangeOf(cst, NO_RANGE),
  };
  let statementsBefore = 0;
  const junk: CstNode[] = [];
  for (const item of nodesOf(cst, "topItem")) {
    const range = ctx.rangeOf(item, program.range);
    const header = nodeOf(item, "versionHeader");
    if (header) {
      buildVersion(ctx, header, range, program, statementsBefore);
      statementsBefore++;
      continue;
    }
    const networkItem = nodeOf(item, "networkItem");
    if (networkItem && nodeOf(networkItem, "junk")) {
      junk.push(nodeOf(networkItem, "junk")!);
      continue;
    }
    flushJunk(ctx, junk, "top");
    statementsBefore++;
    const imp = nodeOf(item, "importStatement");
    const net = nodeOf(item, "networkDecl");
    const recipe = nodeOf(item, "recipeDecl");
    const layout = nodeOf(item, "layoutBlock");
    if (imp) {
      const path = tokenOf(imp, "path");
      if (isRealToken(path)) program.imports.push({ kind: "Import", path: stringValue(path), range });
    } else if (net) {
      const nameToken = tokenOf(net, "name");
      const badName = tokensOf(net, "badName");
      if (!isRealToken(nameToken) && badName.length === 0) {
        ctx.report(
          "unexpected-token",
          tokenRange(tokenOf(net, "Kw_network")!),
          { found: "'network' without a name", expected: "network <name> { ... }" },
          [
            "a top-level network is named: network main { ... }; a COMP's own network is written inside the COMP's body",
          ],
        );
      }
      const name =
        badName.length > 0 ? reportBadNetworkName(ctx, nameToken, badName) : ctx.identifier(nameToken, range);
      program.networks.push({
        kind: "Network",
        name,
        ...buildNetworkBody(ctx, nodeOf(net, "networkBody"), "network", range).body,
        range,
      });
    } else if (recipe) {
      program.recipes.push(buildRecipe(ctx, recipe, range));
    } else if (layout) {
      mergeLayout(program, buildLayout(ctx, layout, range));
    } else if (networkItem) {
      reportOutsideNetwork(ctx, networkItem, range);
    }
  }
  flushJunk(ctx, junk, "top");
  return program;
}

/**
 * A network named with a path, a string or several words: one diagnostic with the one-word name
 * it most likely means; the network keeps that name so that its body is still checked.
 */
function reportBadNetworkName(ctx: BuildContext, nameToken: IToken | undefined, badName: IToken[]): Identifier {
  const tokens = isRealToken(nameToken) ? [nameToken, ...badName] : badName;
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  const range = { start: tokenRange(first).start, end: tokenRange(last).end };
  const written = ctx.text.slice(range.start.offset, range.end.offset) || tokens.map((t) => t.image).join(" ");
  const suggestion = oneWordName(written, tokens);
  const found = tokens.length === 1 && first.tokenType.name === "StringLit" ? written : `'${written}'`;
  ctx.report("invalid-network-name", range, { found }, [
    `write it as one word of letters, digits and '_': network ${suggestion} { ... }`,
    "where it is built is chosen when it is applied: svc apply builds it at /project1/<name>, and --root chooses another place",
  ]);
  return { kind: "Identifier", name: suggestion, range };
}

/** The one-word name a mistaken network name most likely means: a path's last part, words joined by '_'. */
function oneWordName(written: string, tokens: IToken[]): string {
  const path = tokens.length === 1 && tokens[0]!.tokenType.name === "OpPath";
  const unquoted = written.replace(/^["']|["']$/g, "");
  const words = path
    ? unquoted
        .split("/")
        .filter((p) => p.length > 0)
        .slice(-1)
    : [unquoted];
  const joined = words
    .join("_")
    .replace(/[^A-Za-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (joined.length === 0) return "main";
  return /^[0-9]/.test(joined) ? `n${joined}` : joined;
}

function buildVersion(
  ctx: BuildContext,
  header: CstNode,
  range: SourceRange,
  program: Program,
  statementsBefore: number,
): void {
  const number = tokenOf(header, "version");
  if (statementsBefore > 0 || program.version !== null) {
    ctx.report("misplaced-version-header", range, {}, [
      "write 'svcnet 1' once, as the first line of the file (comments may come before it)",
    ]);
    return;
  }
  if (!isRealToken(number)) {
    ctx.report(
      "unexpected-token",
      rangeAfter(tokenOf(header, "Kw_svcnet")!),
      { found: "nothing", expected: "the language version after 'svcnet'" },
      ["write 'svcnet 1'"],
    );
    return;
  }
  const version = number.payload as number;
  if (version !== 1) {
    ctx.report("unsupported-version", tokenRange(number), { version: number.image }, [
      "this svc reads 'svcnet 1'; a newer svc may read newer files",
    ]);
  }
  program.version = { kind: "VersionHeader", version, range };
}

function reportOutsideNetwork(ctx: BuildContext, item: CstNode, range: SourceRange): void {
  const node = nodeOf(item, "nodeDecl");
  const what = node
    ? `node '${tokenOf(node, "name")?.image ?? ""}'`
    : nodeOf(item, "wire")
      ? "a wire"
      : nodeOf(item, "controlsBlock")
        ? "a 'controls' block"
        : "a 'params' block";
  ctx.report("statement-outside-network", range, { what }, [
    "put it inside 'network <name> { ... }' or 'recipe <name> { ... }'",
  ]);
}

function buildRecipe(ctx: BuildContext, recipe: CstNode, range: SourceRange): Recipe {
  const name = ctx.identifier(tokenOf(recipe, "name"), range);
  const { body, params } = buildNetworkBody(ctx, nodeOf(recipe, "networkBody"), "recipe", range);
  const flags = nodeOf(recipe, "flags");
  const metadata = flags ? buildFlags(ctx, flags, "recipe") : [];
  return { kind: "Recipe", name, params, metadata, ...body, range };
}

interface BuiltBody {
  body: NetworkBody;
  params: ParamsBlock | null;
}

function buildNetworkBody(
  ctx: BuildContext,
  bodyNode: CstNode | undefined,
  owner: "network" | "recipe" | "inner",
  fallback: SourceRange,
): BuiltBody {
  const body: NetworkBody = { controls: [], nodes: [], wires: [] };
  let params: ParamsBlock | null = null;
  if (!bodyNode) return { body, params };
  // The statements are inline in the body, grouped by kind (their order carries no meaning).
  const junk = nodesOf(bodyNode, "junk");
  if (junk.length > 0)
    reportJunkGroups(
      ctx,
      [...junk].sort((a, b) => (firstToken(a)?.startOffset ?? 0) - (firstToken(b)?.startOffset ?? 0)),
      "network",
    );
  for (const controls of nodesOf(bodyNode, "controlsBlock"))
    body.controls.push(buildControls(ctx, controls, ctx.rangeOf(controls, fallback)));
  for (const paramsNode of nodesOf(bodyNode, "paramsBlock")) {
    const range = ctx.rangeOf(paramsNode, fallback);
    const block: ParamsBlock = {
      kind: "ParamsBlock",
      declarations: buildDeclarations(ctx, nodeOf(paramsNode, "declarations"), "params", range),
      range,
    };
    if (owner !== "recipe") {
      ctx.report("params-outside-recipe", tokenRange(tokenOf(paramsNode, "Kw_params")!), {}, [
        "a network's own settings are controls: write 'controls { Name: type = default }'",
      ]);
    } else if (params === null) params = block;
    else {
      // Blocks are merged (fmt prints one): a name declared in an earlier block is a duplicate here too.
      for (const decl of block.declarations) {
        if (params.declarations.some((d) => d.name.name === decl.name.name)) {
          ctx.report("duplicate-entry", decl.name.range, { name: decl.name.name, where: "these recipe parameters" }, [
            "each name is declared once, in one of the recipe's params blocks",
          ]);
        } else params.declarations.push(decl);
      }
    }
  }
  for (const node of nodesOf(bodyNode, "nodeDecl"))
    body.nodes.push(buildNode(ctx, node, ctx.span(node, tokenOf(node, "name"), lastTokenOfNode(node), fallback)));
  for (const wire of nodesOf(bodyNode, "wire")) {
    const w = buildWire(
      ctx,
      wire,
      ctx.span(wire, tokenOf(nodeOf(wire, "endpoint")!, "node"), lastTokenOfWire(wire), fallback),
    );
    if (w) body.wires.push(w);
  }
  return { body, params };
}

/** The token a node declaration ends with, when it is a real one (else undefined: walk the CST). */
function lastTokenOfNode(node: CstNode): IToken | undefined {
  if (tokenOf(node, "LBrace") !== undefined) return tokenOf(node, "RBrace");
  const flags = nodeOf(node, "flags");
  if (flags !== undefined) return tokenOf(flags, "RBracket");
  return tokenOf(node, "type") ?? tokenOf(node, "Colon");
}

/** The token a wire ends with: its last endpoint's last token, or a trailing arrow. */
function lastTokenOfWire(wire: CstNode): IToken | undefined {
  const ends = nodesOf(wire, "endpoint");
  const last = ends[ends.length - 1];
  const endpointEnd = last === undefined ? undefined : lastTokenOfEndpoint(last);
  const arrows = tokensOf(wire, "Arrow");
  const arrow = arrows[arrows.length - 1];
  if (!isRealToken(endpointEnd)) return undefined;
  return isRealToken(arrow) && arrow.startOffset > endpointEnd.startOffset ? arrow : endpointEnd;
}

function lastTokenOfEndpoint(e: CstNode): IToken | undefined {
  if (tokenOf(e, "LBracket") === undefined) return tokenOf(e, "node");
  return tokenOf(e, "RBracket");
}

function buildControls(ctx: BuildContext, node: CstNode, range: SourceRange): ControlsBlock {
  const page = tokenOf(node, "page");
  return {
    kind: "ControlsBlock",
    page: isRealToken(page) ? stringValue(page) : null,
    declarations: buildDeclarations(ctx, nodeOf(node, "declarations"), "controls", range),
    range,
  };
}

function buildNode(ctx: BuildContext, node: CstNode, range: SourceRange): NodeDecl {
  const nameToken = tokenOf(node, "name");
  const typeToken = tokenOf(node, "type");
  const name = ctx.identifier(nameToken, range);
  if (!isRealToken(typeToken)) {
    const colon = tokenOf(node, "Colon");
    ctx.report("missing-operator-type", isRealToken(colon) ? rangeAfter(colon) : name.range, { name: name.name }, [
      `write the operator type after ':', e.g. ${name.name || "noise1"}: noiseTOP`,
    ]);
  }
  const decl: NodeDecl = {
    kind: "Node",
    name,
    type: ctx.identifier(typeToken, isRealToken(nameToken) ? rangeAfter(nameToken) : range),
    flags: [],
    params: [],
    network: null,
    range,
  };
  const flags = nodeOf(node, "flags");
  if (flags) decl.flags = buildFlags(ctx, flags);
  // The body `{ ... }` is inline in the node's CST.
  if (tokenOf(node, "LBrace")) buildNodeBody(ctx, node, decl, range);
  return decl;
}

function buildNodeBody(ctx: BuildContext, bodyNode: CstNode, decl: NodeDecl, fallback: SourceRange): void {
  const junk = nodesOf(bodyNode, "junk");
  if (junk.length > 0) reportJunkGroups(ctx, junk, "nodeBody");
  for (const p of nodesOf(bodyNode, "param")) {
    const param = buildParam(ctx, p, fallback);
    if (!param) continue;
    // A node has a handful of parameters: a linear scan beats building a set for each node.
    if (decl.params.some((q) => q.name.name === param.name.name)) {
      ctx.report("duplicate-entry", param.name.range, { name: param.name.name, where: `node '${decl.name.name}'` }, [
        "a parameter takes one value: keep one of them",
      ]);
      continue;
    }
    decl.params.push(param);
  }
  for (const c of nodesOf(bodyNode, "controlsBlock")) {
    ctx.report("misplaced-controls", tokenRange(tokenOf(c, "Kw_controls")!), {}, [
      `declare them inside the COMP's network: ${decl.name.name}: ${decl.type.name || "baseCOMP"} { network { controls { ... } } }`,
    ]);
  }
  const inner = nodesOf(bodyNode, "innerNetwork");
  for (const [i, n] of inner.entries()) {
    const range = ctx.rangeOf(n, fallback);
    if (i > 0) {
      ctx.report(
        "duplicate-entry",
        tokenRange(tokenOf(n, "Kw_network")!),
        { name: "network", where: `node '${decl.name.name}'` },
        ["a COMP has one network: merge the blocks"],
      );
      continue;
    }
    const network: InnerNetwork = {
      kind: "InnerNetwork",
      ...buildNetworkBody(ctx, nodeOf(n, "networkBody"), "inner", range).body,
      range,
    };
    decl.network = network;
  }
}

function buildParam(ctx: BuildContext, p: CstNode, fallback: SourceRange): Param | null {
  const nameToken = tokenOf(p, "name");
  if (!isRealToken(nameToken)) return null;
  // The value is inline in the parameter's CST; the parameter ends where its value ends.
  const written = hasValue(p);
  const value = written ? buildValue(ctx, p, fallback) : null;
  const range = value !== null ? { start: tokenStart(nameToken), end: value.range.end } : ctx.rangeOf(p, fallback);
  if (!written) {
    const colon = tokenOf(p, "Colon");
    ctx.report(
      "missing-value",
      isRealToken(colon) ? rangeAfter(colon) : tokenRange(nameToken),
      { name: nameToken.image },
      [
        "write a value after ':' (a number, a string, on/off, a menu entry, = expression ...) or leave the parameter out to keep its default",
      ],
    );
  }
  if (!value) return null;
  return { kind: "Param", name: ctx.identifier(nameToken, range), value, range };
}

function buildWire(ctx: BuildContext, wire: CstNode, range: SourceRange): Wire | null {
  // Endpoints and arrows in source order, so a missing endpoint is seen where it is missing.
  // A wire has a few parts: sortedCopy orders them without Array.sort's setup, and as stably.
  const unsorted: { at: number; part: CstNode | IToken }[] = [];
  for (const e of nodesOf(wire, "endpoint"))
    unsorted.push({ at: firstToken(e)?.startOffset ?? range.start.offset, part: e });
  for (const t of tokensOf(wire, "Arrow")) if (isRealToken(t)) unsorted.push({ at: t.startOffset, part: t });
  const parts = sortedCopy(unsorted, (a, b) => a.at - b.at);
  const chain: WireEndpoint[] = [];
  // The arrow still waiting for its target: reported when another arrow or the end comes first.
  let pendingArrow: IToken | undefined;
  for (const { part } of parts) {
    if ("children" in part) {
      const e = buildEndpoint(ctx, part, range);
      if (e) chain.push(e);
      pendingArrow = undefined;
      continue;
    }
    if (pendingArrow) reportIncompleteWire(ctx, pendingArrow, chain);
    pendingArrow = part;
  }
  if (pendingArrow) reportIncompleteWire(ctx, pendingArrow, chain);
  if (chain.length < 2) return null;
  return { kind: "Wire", chain, range };
}

function reportIncompleteWire(ctx: BuildContext, arrow: IToken, chain: WireEndpoint[]): void {
  const from = chain[chain.length - 1]?.node.name ?? "";
  ctx.report("incomplete-wire", tokenRange(arrow), { from }, [
    "write the node it goes to after '->', e.g. a -> b or a -> comp1[1]",
  ]);
}

function buildEndpoint(ctx: BuildContext, e: CstNode, fallback: SourceRange): WireEndpoint | null {
  const nodeToken = tokenOf(e, "node");
  if (!isRealToken(nodeToken)) return null;
  const range = ctx.span(e, nodeToken, lastTokenOfEndpoint(e), fallback);
  const endpoint: WireEndpoint = { kind: "WireEndpoint", node: ctx.identifier(nodeToken, range), index: null, range };
  const open = tokenOf(e, "LBracket");
  if (!isRealToken(open)) return endpoint;
  const index = tokenOf(e, "index");
  if (!isRealToken(index)) {
    ctx.report("invalid-wire-index", { start: tokenRange(open).start, end: range.end }, { text: "[]" }, [
      `write the connector number: ${nodeToken.image}[1] (inputs and outputs count from 0)`,
    ]);
    return endpoint;
  }
  if (index.tokenType.name !== "NumberLit" || !/^\d+$/.test(index.image)) {
    ctx.report("invalid-wire-index", tokenRange(index), { text: index.image }, [
      "a connector index is a whole number from 0: comp1[0], comp1[1]",
    ]);
    return endpoint;
  }
  endpoint.index = Number(index.image);
  return endpoint;
}

function buildLayout(ctx: BuildContext, node: CstNode, range: SourceRange): LayoutBlock {
  reportJunkGroups(ctx, nodesOf(node, "junk"), "layout");
  const entries: LayoutEntry[] = [];
  for (const e of nodesOf(node, "layoutEntry")) {
    const pathToken = tokenOf(e, "path");
    if (!isRealToken(pathToken)) continue;
    const entryRange = ctx.rangeOf(e, range);
    const valueNode = nodeOf(e, "value");
    const value = valueNode ? buildValue(ctx, valueNode, entryRange) : null;
    if (value?.kind !== "Tuple" || value.items.length !== 2 || value.items.some((i) => i.kind !== "Number")) {
      ctx.report("invalid-layout-entry", value?.range ?? rangeAfter(tokenOf(e, "Colon") ?? pathToken), {}, [
        `write ${pathToken.image}: (x, y), e.g. (0, -200)`,
      ]);
      continue;
    }
    const [x, y] = value.items as unknown as [{ value: number }, { value: number }];
    entries.push({ kind: "LayoutEntry", path: pathToken.image, x: x.value, y: y.value, range: entryRange });
  }
  return { kind: "LayoutBlock", entries, range };
}

function mergeLayout(program: Program, block: LayoutBlock): void {
  if (program.layout === null) {
    program.layout = block;
    return;
  }
  program.layout.entries.push(...block.entries);
}
