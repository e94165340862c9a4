/**
 * ELK's program text, edited to do less work for the same coordinates.
 *
 * elkjs is Java compiled to JavaScript by GWT. Three kinds of work in it change nothing svc reads:
 * - GWT keeps Java's checked casts: every `(Foo) x` calls a function that tests the object's type
 *   and throws ClassCastException when it does not fit. ELK's casts always fit (a failing one
 *   would be an ELK bug, reported as an error). Each check function returns its argument instead.
 * - ELK's property maps hash an option's id string again at every lookup (Java caches a String's
 *   hash; GWT's String does not). A Property's and a LayoutOptionData's id never changes after
 *   construction, so each keeps its hash once computed.
 * - elkjs writes the layout back into the JSON graph for every node, port, edge and label, and
 *   first visits every element with an empty option configurator (svc passes no global options).
 *   svc reads only the nodes' boxes: ports', edges' and labels' layouts are not written back, and
 *   the configurator runs only when there are options to apply.
 * With ELK_V8_FLAGS below, a cold compile took 0.83x (1,000 nodes) and 0.79x (10,000) the time of
 * the build before (bench/README.md, "ELK doing less"). The objects ELK makes and the path through its algorithms are the same, so are the nodes' boxes:
 * test/compiler/elk-source.test.ts lays out varied levels, every example and recipe with the
 * edited and the shipped text and compares every box.
 *
 * The edits match elkjs 0.12.1's minified text exactly. Another elkjs version renames things: when
 * any edit is not found, the text is left as elkjs ships it (slower, still correct) rather than
 * edited in part.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import type { ELK } from "elkjs/lib/elk-api.js";

const require = createRequire(import.meta.url);

/** One edit: a text found exactly once in elkjs 0.12.1's elk.bundled.js, and what replaces it. */
export type ElkEdit = readonly [shipped: string, edited: string];

/** GWT's cast checks (castTo, castToArray, castToString, castToJso, castToNative, castToFunction). */
export const CAST_CHECKS: readonly ElkEdit[] = [
  ["function FD(a,b){zFb(a==null||ED(a,b));return a}", "function FD(a,b){return a}"],
  [
    "function GD(a){var b;zFb(a==null||Array.isArray(a)&&(b=LC(a),!(b>=14&&b<=16)));return a}",
    "function GD(a){return a}",
  ],
  ["function HD(a){zFb(a==null||OD(a));return a}", "function HD(a){return a}"],
  ["function ID(a){zFb(a==null||PD(a));return a}", "function ID(a){return a}"],
  ["function JD(a){zFb(a==null||SD(a)&&!(a.Sm===Aeb));return a}", "function JD(a){return a}"],
  ["function KD(a){zFb(a==null||RD(a));return a}", "function KD(a){return a}"],
];

/** hashCode() of Property (its id `b`) and of LayoutOptionData (its id `f`), kept once computed. */
const HASH_CODES: readonly ElkEdit[] = [
  [
    "_.Hb=function mLd(){return Bhb(this.b)}",
    "_.Hb=function mLd(){var h=this.svcHash;return h===undefined?(this.svcHash=Bhb(this.b)):h}",
  ],
  [
    "_.Hb=function Zkd(){return Bhb(this.f)}",
    "_.Hb=function Zkd(){var h=this.svcHash;return h===undefined?(this.svcHash=Bhb(this.f)):h}",
  ],
];

/**
 * elkjs's `layout` (LNd): the option configurator only for options given, and the layout written
 * back for nodes only. IId writes a node's (KHd) or a port's (LHd) layout into its JSON; the
 * second walk (lambda$36, JId) writes edges' and labels'.
 */
const NODES_ONLY: readonly ElkEdit[] = [
  [
    "if(b){i=new jC(b);g=MNd(i);kwd(d,SC(KC(y4,1),nAe,544,0,[g]))}",
    "if(b&&Object.keys(b).length>0){i=new jC(b);g=MNd(i);kwd(d,SC(KC(y4,1),nAe,544,0,[g]))}",
  ],
  ["else if(ND(b,186)){return LHd(a,FD(b,121))}", "else if(ND(b,186)){return null}"],
  ["n=new _Jd(f);_ze(new uNd(d),n);o=new bKd(f);_ze(new uNd(d),o)", "n=new _Jd(f);_ze(new uNd(d),n)"],
];

export const ELK_EDITS: readonly ElkEdit[] = [...CAST_CHECKS, ...HASH_CODES, ...NODES_ONLY];

export interface ElkSource {
  /** The file's path (stack traces name it). */
  filename: string;
  text: string;
  /** Whether every edit was found and made. */
  edited: boolean;
  /** Where V8's code cache of exactly this text, this Node and these V8 flags is kept (elk-code-cache.ts); it may not exist. */
  codeCache?: string;
}

/** `text` with every edit made; undefined when any one is not found exactly once. */
export function editElk(text: string, edits: readonly ElkEdit[] = ELK_EDITS): string | undefined {
  let out = text;
  for (const [shipped, edited] of edits) {
    const parts = out.split(shipped);
    if (parts.length !== 2) return undefined;
    out = parts.join(edited);
  }
  return out;
}

/** The build writes the code cache next to this module in dist/ (scripts/build-elk-code-cache.mjs). */
const CODE_CACHE_FOLDER = fileURLToPath(new URL(".", import.meta.url));

/**
 * elkjs's bundled build (ELK and its in-thread "worker" in one CommonJS file), edited when every
 * edit matches. `codeCacheFolder`: where to look for V8's code cache of it (default: beside this
 * module); its file is named by a digest of the text, the Node version and ELK_V8_FLAGS, so a
 * cache of anything else is never used (V8 itself checks only the text's length).
 */
export function elkSource(options: { shipped?: boolean; codeCacheFolder?: string } = {}): ElkSource {
  const filename = require.resolve("elkjs/lib/elk.bundled.js");
  const shipped = readFileSync(filename, "utf8");
  const edited = options.shipped === true ? undefined : editElk(shipped);
  const text = edited ?? shipped;
  const digest = createHash("sha256")
    .update(text)
    .update(`\0${process.version}\0${ELK_V8_FLAGS}`)
    .digest("hex")
    .slice(0, 32);
  return {
    filename,
    text,
    edited: edited !== undefined,
    codeCache: join(options.codeCacheFolder ?? CODE_CACHE_FOLDER, `elk-${digest}.v8cache`),
  };
}

/**
 * V8's optimizing compiler inlines less once ELK is loaded. ELK is a large program whose hot
 * functions V8 optimizes in the first seconds of a thread's life, on its own background threads;
 * with the default budget (920 bytes of bytecode inlined per function) that compilation took more
 * processor time than the layouts it sped up, and on two cores it competes with them (measured
 * with the edits above, bench/README.md, "ELK doing less"; a budget of 150 was no better at
 * 10,000 nodes). The flag is V8's, so process-wide: it
 * applies to the compiling thread's later optimizations too (its parse and check were not
 * slower). It changes which code is optimized, never what the code computes.
 */
const ELK_V8_FLAGS = "--max-inlined-bytecode-size-cumulative=300";

/**
 * Evaluates an ElkSource as CommonJS, as `require` would, and yields ELK's constructor. A string
 * of CommonJS (`evaluateElk(require, source)`) because layout workers are started from source
 * text; `evaluateElk` below runs the same text in this thread. With the source's code cache, V8
 * reads ELK's compiled code instead of compiling it (a cache that fails its CRC is not used, one V8
 * rejects is only slower); `keep` is given the compiled script (for the build, which writes its cache).
 */
export const EVALUATE_ELK = `function evaluateElk(require, source, keep) {
  require("node:v8").setFlagsFromString(${JSON.stringify(ELK_V8_FLAGS)});
  let cachedData;
  try {
    // V8 does not check a cache's contents: a damaged one must never reach it (elk-code-cache.ts's CRC).
    const file = source.codeCache ? require("node:fs").readFileSync(source.codeCache) : undefined;
    if (file && file.length > 4 && require("node:zlib").crc32(file.subarray(4)) === file.readUInt32BE(0)) cachedData = file.subarray(4);
  } catch {}
  const module = { exports: {} };
  const wrapped = new (require("node:vm").Script)("(function (exports, require, module, __filename, __dirname) {" + source.text + "\\n})", { filename: source.filename, cachedData });
  wrapped.runInThisContext()(module.exports, require, module, source.filename, require("node:path").dirname(source.filename));
  if (keep) keep(wrapped);
  return module.exports;
}`;

/** ELK's constructor from an ElkSource, in this thread; `keep` is given the compiled script. */
export function evaluateElk(source: ElkSource, keep?: (script: Script) => void): new () => ELK {
  const evaluate = new Script(`(${EVALUATE_ELK})`).runInThisContext() as (
    r: NodeRequire,
    s: ElkSource,
    k?: (script: Script) => void,
  ) => new () => ELK;
  return evaluate(require, source, keep);
}
