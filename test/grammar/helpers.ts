import { expect } from "vitest";
import type { NodeDecl, Program, Value } from "../../grammar/ast.js";
import { parse } from "../../grammar/parse.js";
import { print } from "../../grammar/print.js";

/** Parses text that must be free of diagnostics. */
export function parseClean(text: string): Program {
  const { ast, diagnostics } = parse(text);
  expect(diagnostics.map((d) => `${d.code} ${d.range.start.line}:${d.range.start.column} ${d.message}`)).toEqual([]);
  return ast;
}

/** A copy without `range` and `comments`, to compare shapes. */
export function shape<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === "range" || k === "comments" ? undefined : v))) as T;
}

/** The network body of `svcnet 1 / network n { body }`. */
export function network(body: string) {
  return parseClean(`svcnet 1\nnetwork n {\n${body}\n}\n`).networks[0]!;
}

export function node(body: string, name?: string): NodeDecl {
  const nodes = network(body).nodes;
  return name === undefined ? nodes[0]! : nodes.find((n) => n.name.name === name)!;
}

/** The value of parameter `p` written as `x: t { p: <value> }`. */
export function value(written: string): Value {
  return shape(node(`x: t { p: ${written} }`).params[0]!.value);
}

/** Formats twice and checks the second pass changes nothing; returns the first output. */
export function formatStable(text: string): string {
  const once = print(parseClean(text));
  const twice = print(parseClean(once));
  expect(twice).toBe(once);
  return once;
}
