/**
 * Shell completion scripts generated from the same `Command` declarations the dispatcher parses,
 * so a new command completes without anyone touching this file. Commander has no generator; the
 * scripts are static (no process is started at each Tab) and fall back to file names wherever a
 * command takes files.
 */
import type { Command } from "./command.js";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  /** Words that reach this node: "" for the program, "kb", "kb search". */
  path: string;
  description: string;
  /** Next words after this node, with what they do. */
  children: Array<{ word: string; description: string }>;
  /** Flags this node takes, with "--" and their short forms. */
  flags: Array<{ flag: string; description: string; takesValue: boolean }>;
}

/** The first sentence of a summary, short enough for one completion line. */
function brief(text: string): string {
  const first = text.split(/(?<=\.)\s/)[0] ?? text;
  return first.length > 70 ? `${first.slice(0, 67).trimEnd()}...` : first.replace(/\.$/, "");
}

const HELP = { flag: "--help", description: "print this help", takesValue: false };

function tree(commands: readonly Command[], groups: Record<string, string>): Node[] {
  const nodes = new Map<string, Node>();
  const node = (words: string[], description: string): Node => {
    const path = words.join(" ");
    let n = nodes.get(path);
    if (n === undefined) {
      n = { path, description, children: [], flags: [HELP] };
      nodes.set(path, n);
      if (words.length > 0) {
        const parentWords = words.slice(0, -1);
        const parent = node(parentWords, groups[parentWords.join(" ")] ?? `${parentWords.join(" ")} commands`);
        parent.children.push({ word: words[words.length - 1]!, description: brief(groups[path] ?? description) });
      }
    }
    return n;
  };
  node([], "").flags.push({ flag: "--version", description: "print the version", takesValue: false });
  node(["help"], "print the help of a command");
  for (const cmd of commands) {
    const n = node(cmd.name, cmd.summary);
    for (const [name, spec] of Object.entries(cmd.flags)) {
      n.flags.push({ flag: `--${name}`, description: brief(spec.description), takesValue: spec.type === "string" });
      if (spec.short)
        n.flags.push({
          flag: `-${spec.short}`,
          description: brief(spec.description),
          takesValue: spec.type === "string",
        });
    }
  }
  return [...nodes.values()];
}

const single = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const fnName = (program: string) => `_${program.replace(/[^A-Za-z0-9]/g, "_")}_complete`;

function bash(program: string, nodes: Node[]): string {
  const paths = nodes.filter((n) => n.path !== "").map((n) => `${single(n.path)}`);
  const cases = nodes.map(
    (n) =>
      `    ${single(n.path)}) words=${single(n.children.map((c) => c.word).join(" "))}; flags=${single(n.flags.map((f) => f.flag).join(" "))}; valued=${single(
        n.flags
          .filter((f) => f.takesValue)
          .map((f) => f.flag)
          .join(" "),
      )} ;;`,
  );
  return `# ${program} completion for bash: eval "$(${program} completion bash)" in ~/.bashrc
${fnName(program)}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" path="" i w next
  # the command words typed so far; options and their values are skipped
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ $w == -* ]] && continue
    next="\${path:+$path }$w"
    case "$next" in
      ${paths.join("|")}) path="$next" ;;
      *) break ;;
    esac
  done
  local words="" flags="" valued=""
  case "$path" in
${cases.join("\n")}
  esac
  if [[ " $valued " == *" $prev "* ]]; then COMPREPLY=($(compgen -f -- "$cur")); return; fi
  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$flags" -- "$cur")); return; fi
  if [[ -n $words ]]; then COMPREPLY=($(compgen -W "$words" -- "$cur")); return; fi
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o bashdefault -o default -F ${fnName(program)} ${program}
`;
}

const zshItem = (word: string, description: string) => single(`${word.replace(/:/g, "\\:")}:${description}`);

function zsh(program: string, nodes: Node[]): string {
  const paths = nodes.filter((n) => n.path !== "").map((n) => single(n.path));
  const cases = nodes.map(
    (n) =>
      `    (${single(n.path)}) subs=(${n.children.map((c) => zshItem(c.word, c.description)).join(" ")}); opts=(${n.flags.map((f) => zshItem(f.flag, f.description)).join(" ")}) ;;`,
  );
  return `#compdef ${program}
# ${program} completion for zsh: eval "$(${program} completion zsh)" in ~/.zshrc (after compinit)
${fnName(program)}() {
  local p="" w next i
  local -a subs opts
  for ((i = 2; i < CURRENT; i++)); do
    w=\${words[i]}
    [[ $w == -* ]] && continue
    next="\${p:+$p }$w"
    case "$next" in
      (${paths.join("|")}) p="$next" ;;
      (*) break ;;
    esac
  done
  case "$p" in
${cases.join("\n")}
  esac
  if [[ \${words[CURRENT]} == -* ]]; then _describe -t options 'option' opts; return; fi
  if (( \${#subs} )); then _describe -t commands 'command' subs; return; fi
  _files
}
compdef ${fnName(program)} ${program}
`;
}

function fish(program: string, nodes: Node[]): string {
  const lines = [
    `# ${program} completion for fish: ${program} completion fish > ~/.config/fish/completions/${program}.fish`,
  ];
  for (const n of nodes) {
    const words = n.path === "" ? [] : n.path.split(" ");
    const childWords = n.children.map((c) => c.word).join(" ");
    const seen = words.map((w) => `__fish_seen_subcommand_from ${w}`);
    const here =
      n.path === ""
        ? "__fish_use_subcommand"
        : [...seen, ...(childWords ? [`not __fish_seen_subcommand_from ${childWords}`] : [])].join("; and ");
    for (const c of n.children)
      lines.push(`complete -c ${program} -n ${single(here)} -f -a ${single(c.word)} -d ${single(c.description)}`);
    const flagHere = n.path === "" ? "__fish_use_subcommand" : seen.join("; and ");
    for (const f of n.flags) {
      const name = f.flag.startsWith("--") ? `-l ${f.flag.slice(2)}` : `-s ${f.flag.slice(1)}`;
      lines.push(
        `complete -c ${program} -n ${single(flagHere)} ${name}${f.takesValue ? " -r" : ""} -d ${single(f.description)}`,
      );
    }
  }
  return lines.join("\n") + "\n";
}

export function completionScript(
  shell: Shell,
  program: string,
  commands: readonly Command[],
  groups: Record<string, string> = {},
): string {
  const nodes = tree(commands, groups);
  return shell === "bash" ? bash(program, nodes) : shell === "zsh" ? zsh(program, nodes) : fish(program, nodes);
}
