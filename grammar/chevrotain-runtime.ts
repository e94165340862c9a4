/**
 * chevrotain's values, taken from the single-module ESM bundle the package ships (lib/chevrotain.mjs)
 * rather than from its entry point: the entry imports lodash-es file by file, about 700 modules and
 * most of a second of CPU at every `svc` start; the bundle is the same release's code in one module.
 * The package's "exports" map does not name the bundle, so it is located next to the entry.
 * Grammar modules import chevrotain's values from here (types may come from "chevrotain" directly),
 * so only one copy of chevrotain is ever loaded.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const entry = createRequire(import.meta.url).resolve("chevrotain"); // <package>/lib/src/api.js
const chevrotain: typeof import("chevrotain") = await import(new URL("../chevrotain.mjs", pathToFileURL(entry)).href);

export const { CstParser, EOF, LLkLookaheadStrategy, Lexer, createToken, getLookaheadPaths, tokenMatcher } = chevrotain;
export type LLkLookaheadStrategy = InstanceType<typeof chevrotain.LLkLookaheadStrategy>;
