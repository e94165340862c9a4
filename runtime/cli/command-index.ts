/**
 * Which module holds which `svc` command, written at build time (`npm run build` runs
 * scripts/generate-build-indexes.mjs after tsc) next to this module in dist/, so that running one
 * command imports that command's module only, not every command's, and `svc --help` prints the
 * declarations the index keeps without importing any. Anything the index does not settle (no index,
 * a group word, `help <command>`, a command list changed since the last build) takes the whole
 * list, so the answer never depends on it.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Command } from "./command.js";

export const COMMAND_INDEX_PATH = fileURLToPath(new URL("./command-index.generated.json", import.meta.url));
const COMMAND_LIST_PATH = fileURLToPath(new URL("./commands/index.js", import.meta.url));

/** A command's words, and where it is: `commands/<module>`, its export, and its place when the export is a list. */
export interface CommandIndexEntry {
  name: string[];
  module: string;
  export: string;
  item?: number;
}

/**
 * The index file: each command's place and its declaration but `run` (what `svc --help` prints),
 * the group words' summaries, and the text of commands/index.js it was made from (a list changed
 * since the build is imported as before).
 */
export interface CommandIndex {
  list: string;
  groups: Record<string, string>;
  commands: (CommandIndexEntry & Omit<Command, "run" | "name">)[];
}

/** The text of the built command list, which a current index was made from. */
export function commandListSource(): string {
  return readFileSync(COMMAND_LIST_PATH, "utf8");
}

/** The index file, when there is one made from the command list as it is now. */
function currentIndex(): CommandIndex | undefined {
  if (!existsSync(COMMAND_INDEX_PATH) || !existsSync(COMMAND_LIST_PATH)) return undefined;
  const index = JSON.parse(readFileSync(COMMAND_INDEX_PATH, "utf8")) as CommandIndex;
  return index.list === commandListSource() ? index : undefined;
}

/** The index of `commands` with their declarations, and `groups`. */
export function commandIndex(
  commands: readonly Command[],
  modules: ReadonlyMap<string, Record<string, unknown>>,
  groups: Record<string, string>,
  list: string,
): CommandIndex {
  const declared = new Map(commands.map((c) => [c.name.join(" "), c]));
  return {
    list,
    groups,
    commands: indexCommands(commands, modules).map((entry) => {
      const { summary, usage, flags, details } = declared.get(entry.name.join(" "))!;
      return { ...entry, summary, usage, flags, ...(details === undefined ? {} : { details }) };
    }),
  };
}

/**
 * `svc --help` (or `-h`, or `help` alone) from the index: every command's declaration, never run,
 * without importing any command module; undefined for anything else or without a current index.
 */
export function helpFromIndex(
  argv: readonly string[],
): { commands: Command[]; groups: Record<string, string> } | undefined {
  if (argv.length !== 1 || !["--help", "-h", "help"].includes(argv[0]!)) return undefined;
  const index = currentIndex();
  if (index === undefined) return undefined;
  return { commands: index.commands.map(declarationOnly), groups: index.groups };
}

/** A command as its declaration: help prints it; running it is never asked of it here. */
export function declarationOnly({ name, summary, usage, flags, details }: CommandIndex["commands"][number]): Command {
  return {
    name,
    summary,
    usage,
    flags,
    ...(details === undefined ? {} : { details }),
    run: async () => {
      throw new Error(`svc ${name.join(" ")}: only its declaration was loaded`);
    },
  };
}

function isCommand(value: unknown): value is Command {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as Command).name) &&
    typeof (value as Command).run === "function"
  );
}

/** The index entries of `commands`, found in `modules` (module path → its exports) by identity. */
export function indexCommands(
  commands: readonly Command[],
  modules: ReadonlyMap<string, Record<string, unknown>>,
): CommandIndexEntry[] {
  const entries: CommandIndexEntry[] = [];
  for (const command of commands) {
    for (const [module, exports] of modules) {
      const found = Object.entries(exports).flatMap(([name, value]): CommandIndexEntry[] => {
        if (value === command) return [{ name: command.name, module, export: name }];
        if (Array.isArray(value) && value.includes(command))
          return [{ name: command.name, module, export: name, item: value.indexOf(command) }];
        return [];
      });
      // The export itself before a list holding it, then by name: the same whatever order exports come in.
      const best = found.sort(
        (a, b) => Number(a.item !== undefined) - Number(b.item !== undefined) || a.export.localeCompare(b.export),
      )[0];
      if (best) {
        entries.push(best);
        break;
      }
    }
  }
  return entries;
}

/** The one command `argv` runs, imported alone; undefined when the whole list must decide. */
export async function singleCommandFor(argv: readonly string[]): Promise<Command | undefined> {
  if (argv.length === 0 || argv[0] === "help" || argv[0]!.startsWith("-")) return undefined;
  const entries = currentIndex()?.commands;
  if (entries === undefined) return undefined;
  const matches = entries.filter((e) => e.name.length <= argv.length && e.name.every((w, i) => argv[i] === w));
  // The longest match (`kb search` before a `kb`); a word that is also a longer command's group is left to the list.
  const entry = matches.sort((a, b) => b.name.length - a.name.length)[0];
  if (
    entry === undefined ||
    entries.some((e) => e !== entry && e.name.length > entry.name.length && entry.name.every((w, i) => e.name[i] === w))
  )
    return undefined;
  const exports = (await import(new URL(`./commands/${entry.module}`, import.meta.url).href)) as Record<
    string,
    unknown
  >;
  const value =
    entry.item === undefined ? exports[entry.export] : (exports[entry.export] as unknown[] | undefined)?.[entry.item];
  // A module that changed since the index was written: the whole list decides.
  return isCommand(value) && value.name.join(" ") === entry.name.join(" ") ? value : undefined;
}
