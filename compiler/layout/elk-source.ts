/**
 * ELK's program text, with GWT's run-time cast checks turned off.
 *
 * elkjs is Java compiled to JavaScript by GWT, which keeps Java's checked casts: every `(Foo) x`
 * calls a function that tests the object's type and throws ClassCastException when it does not
 * fit. ELK's casts always fit (a failing one would be an ELK bug, reported as an error), and the
 * checks cost about a tenth of a layout's time, most of it while a fresh thread's JIT warms up.
 * Each check function is replaced by one that returns its argument: same objects, same path
 * through ELK, same coordinates (test/compiler/elk-source.test.ts lays out varied levels with
 * both texts and compares every coordinate).
 *
 * The replacements match elkjs 0.12.1's minified names exactly. Another elkjs version renames
 * them: when any one is not found, the text is left as elkjs ships it (checks on, slower, still
 * correct) rather than patched in part.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Script } from "node:vm";
import type { ELK } from "elkjs/lib/elk-api.js";

const require = createRequire(import.meta.url);

/** GWT's cast checks in elkjs 0.12.1 (castTo, castToArray, castToString, castToJso, castToNative, castToFunction). */
export const CAST_CHECKS: readonly (readonly [checked: string, unchecked: string])[] = [
  ["function FD(a,b){zFb(a==null||ED(a,b));return a}", "function FD(a,b){return a}"],
  ["function GD(a){var b;zFb(a==null||Array.isArray(a)&&(b=LC(a),!(b>=14&&b<=16)));return a}", "function GD(a){return a}"],
  ["function HD(a){zFb(a==null||OD(a));return a}", "function HD(a){return a}"],
  ["function ID(a){zFb(a==null||PD(a));return a}", "function ID(a){return a}"],
  ["function JD(a){zFb(a==null||SD(a)&&!(a.Sm===Aeb));return a}", "function JD(a){return a}"],
  ["function KD(a){zFb(a==null||RD(a));return a}", "function KD(a){return a}"],
];

export interface ElkSource {
  /** The file's path (stack traces name it). */
  filename: string;
  text: string;
  /** Whether every cast check was found and turned off. */
  unchecked: boolean;
}

/** Each replaced text occurs once in elkjs 0.12.1; `split` finds every occurrence of another version's. */
export function uncheck(text: string): string | undefined {
  let out = text;
  for (const [checked, unchecked] of CAST_CHECKS) {
    const parts = out.split(checked);
    if (parts.length !== 2) return undefined;
    out = parts.join(unchecked);
  }
  return out;
}

/** elkjs's bundled build (ELK and its in-thread "worker" in one CommonJS file), cast checks off when they match. */
export function elkSource(options: { castChecks?: boolean } = {}): ElkSource {
  const filename = require.resolve("elkjs/lib/elk.bundled.js");
  const text = readFileSync(filename, "utf8");
  const unchecked = options.castChecks === true ? undefined : uncheck(text);
  return unchecked === undefined ? { filename, text, unchecked: false } : { filename, text: unchecked, unchecked: true };
}

/**
 * Evaluates an ElkSource as CommonJS, as `require` would, and yields ELK's constructor. A string
 * of CommonJS (`evaluateElk(require, source)`) because layout workers are started from source
 * text; `evaluateElk` below runs the same text in this thread.
 */
export const EVALUATE_ELK = `function evaluateElk(require, source) {
  const module = { exports: {} };
  const wrapped = new (require("node:vm").Script)("(function (exports, require, module, __filename, __dirname) {" + source.text + "\\n})", { filename: source.filename });
  wrapped.runInThisContext()(module.exports, require, module, source.filename, require("node:path").dirname(source.filename));
  return module.exports;
}`;

/** ELK's constructor from an ElkSource, in this thread. */
export function evaluateElk(source: ElkSource): new () => ELK {
  const evaluate = new Script(`(${EVALUATE_ELK})`).runInThisContext() as (r: NodeRequire, s: ElkSource) => new () => ELK;
  return evaluate(require, source);
}
