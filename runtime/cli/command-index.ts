/**
 * Which module holds which `svc` command, written at build time (`npm run build` runs
 * scripts/generate-build-indexes.mjs after tsc) next to this module in dist/, so that running one
 * command imports that command's module only, not every command's (`svc --help` and `svc` alone
 * still import them all). Anything the index does not settle (no index, a group word, `help`, a
 * command added or moved since the last build) takes the whole list, so the answer never depends on it.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Command } from "./command.js";

export const COMMAND_INDEX_PATH = fileURLToPath(new URL("./command-index.generated.json", import.meta.url));

/** A command's words, and where it is: `commands/<module>`, its export, and its place when the export is a list. */
export interface CommandIndexEntry {
  name: string[];
  module: string;
  export: string;
  item?: number;
}

function isCommand(value: unknown): value is Command {
  return typeof value === "object" && value !== null && Array.isArray((value as Command).name) && typeof (value as Command).run === "function";
}

/** The index entries of `commands`, found in `modules` (module path → its exports) by identity. */
export function indexCommands(commands: readonly Command[], modules: ReadonlyMap<string, Record<string, unknown>>): CommandIndexEntry[] {
  const entries: CommandIndexEntry[] = [];
  for (const command of commands) {
    for (const [module, exports] of modules) {
      const found = Object.entries(exports).flatMap(([name, value]): CommandIndexEntry[] => {
        if (value === command) return [{ name: command.name, module, export: name }];
        if (Array.isArray(value) && value.includes(command)) return [{ name: command.name, module, export: name, item: value.indexOf(command) }];
        return [];
      });
      if (found[0]) {
        entries.push(found[0]);
        break;
      }
    }
  }
  return entries;
}

/** The one command `argv` runs, imported alone; undefined when the whole list must decide. */
export async function singleCommandFor(argv: readonly string[]): Promise<Command | undefined> {
  if (!existsSync(COMMAND_INDEX_PATH) || argv.length === 0 || argv[0] === "help" || argv[0]!.startsWith("-")) return undefined;
  const entries = JSON.parse(readFileSync(COMMAND_INDEX_PATH, "utf8")) as CommandIndexEntry[];
  const matches = entries.filter((e) => e.name.length <= argv.length && e.name.every((w, i) => argv[i] === w));
  // The longest match (`kb search` before a `kb`); a word that is also a longer command's group is left to the list.
  const entry = matches.sort((a, b) => b.name.length - a.name.length)[0];
  if (entry === undefined || entries.some((e) => e !== entry && e.name.length > entry.name.length && entry.name.every((w, i) => e.name[i] === w))) return undefined;
  const exports = (await import(new URL(`./commands/${entry.module}`, import.meta.url).href)) as Record<string, unknown>;
  const value = entry.item === undefined ? exports[entry.export] : (exports[entry.export] as unknown[] | undefined)?.[entry.item];
  // A module that changed since the index was written: the whole list decides.
  return isCommand(value) && value.name.join(" ") === entry.name.join(" ") ? value : undefined;
}
