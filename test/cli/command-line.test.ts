import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Command } from "../../runtime/cli/command.js";
import { agentCommands } from "../../runtime/cli/agent/index.js";
import { svcCommands, svcGroups } from "../../runtime/cli/commands/index.js";
import { completionScript } from "../../runtime/cli/completion-script.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { runSvc } from "./run-cli.js";
import { requireBuiltCli } from "../mcp/helpers.js";

const version = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string }
).version;
const home = mkdtempSync(join(tmpdir(), "svc-cli-home-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

/** A command declared as any new command file declares one: the dispatcher must give it everything. */
function recorder(seen: unknown[]): Command {
  return {
    name: ["tools", "echo"],
    summary: "Print what it was given.",
    usage: "[--tag <t>]... [--no-color] <words...>",
    flags: {
      tag: { type: "string", multiple: true, short: "t", description: "a tag, more than once", valueName: "t" },
      "no-color": { type: "boolean", description: "plain text" },
      "dry-run": { type: "boolean", description: "change nothing" },
    },
    async run(args, io) {
      seen.push(args);
      io.stdout(args.positionals.join(" ") + "\n");
      return 0;
    },
  };
}

async function run(commands: readonly Command[], argv: string[]) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: (t: string) => (stdout += t),
    stderr: (t: string) => (stderr += t),
    readStdin: async () => "",
    isTTY: false,
    cwd: home,
    env: { HOME: home },
  };
  const code = await dispatch("svc", "svc for tests", commands, argv, io);
  return { code, stdout, stderr };
}

describe("every command gets the same command line", () => {
  it("parses a new command's flags: repeated values, --no-x switches, dashes in names, '-' and '--'", async () => {
    const seen: unknown[] = [];
    const r = await run(
      [recorder(seen)],
      ["tools", "echo", "-t", "a", "--tag=b", "--no-color", "--dry-run", "x", "-", "--", "--not-a-flag"],
    );
    expect(r).toEqual({ code: 0, stdout: "x - --not-a-flag\n", stderr: "" });
    expect(seen).toEqual([
      { flags: { tag: ["a", "b"], "no-color": true, "dry-run": true }, positionals: ["x", "-", "--not-a-flag"] },
    ]);
    const plain = await run([recorder(seen)], ["tools", "echo", "y"]);
    expect(plain.code).toBe(0);
    expect(seen[1]).toEqual({ flags: {}, positionals: ["y"] });
  });

  it("refuses an unknown flag in one line naming the closest flag, and a flag without its value", async () => {
    const r = await run([recorder([])], ["tools", "echo", "--dry-rn", "x"]);
    expect(r).toEqual({
      code: 2,
      stdout: "",
      stderr: "svc tools echo: unknown option '--dry-rn' (did you mean --dry-run?) (see 'svc tools echo --help')\n",
    });
    const missing = await run([recorder([])], ["tools", "echo", "x", "--tag"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "svc tools echo: option '-t, --tag <t>' argument missing (see 'svc tools echo --help')\n",
    );
  });

  it("gives a new command its --help and `help <command>`, with its usage and every flag", async () => {
    const byFlag = await run([recorder([])], ["tools", "echo", "--help"]);
    const byWord = await run([recorder([])], ["help", "tools", "echo"]);
    expect(byFlag.code).toBe(0);
    expect(byWord).toEqual(byFlag);
    expect(byFlag.stdout).toContain("usage: svc tools echo [--tag <t>]... [--no-color] <words...>");
    for (const flag of ["-t, --tag <t>", "--no-color", "--dry-run", "-h, --help"])
      expect(byFlag.stdout).toContain(flag);
  });

  it("lists a group's commands when the group is given alone, and names only the unknown word with the closest commands", async () => {
    const group = await runSvc(["kb"], { HOME: home }, home);
    expect(group.code).toBe(0);
    expect(group.stdout).toMatch(/svc kb search +Search operators/);
    expect(group.stdout).toContain("svc kb show");
    expect(group.stdout).toContain("svc kb import");
    const recipes = await runSvc(["recipes"], { HOME: home }, home);
    for (const sub of ["list", "show", "apply"]) expect(recipes.stdout).toContain(`svc recipes ${sub}`);
    expect(await runSvc(["chekc", "examples/", "--json"], { HOME: home }, home)).toEqual({
      code: 2,
      stdout: "",
      stderr: "svc: unknown command 'chekc' (did you mean check?) (see 'svc --help')\n",
    });
    const nested = await runSvc(["kb", "serch", "noise"], { HOME: home }, home);
    expect(nested.stderr).toBe("svc kb: unknown command 'serch' (did you mean search?) (see 'svc kb --help')\n");
    expect((await runSvc(["help", "nope"], { HOME: home }, home)).stderr).toBe(
      "svc: unknown command 'nope' (see 'svc --help')\n",
    );
  });

  it("prints svc's version", async () => {
    expect(await runSvc(["--version"], { HOME: home }, home)).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });
});

describe("svc completion", () => {
  it("refuses a shell it has no script for", async () => {
    const r = await runSvc(["completion", "powershell"], { HOME: home }, home);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("svc completion: name one shell: bash, zsh, fish (see 'svc completion --help')\n");
  });

  it("bash: completes commands, a group's commands, a command's flags, and files where a command takes them", async () => {
    const script = await runSvc(["completion", "bash"], { HOME: home }, home);
    expect(script.code).toBe(0);
    const file = join(home, "svc.bash");
    writeFileSync(file, script.stdout);
    writeFileSync(join(home, "tunnel.svcnet"), "svcnet 1\n");
    const complete = (line: string) => {
      const words = line.split(" ");
      const shell = `source ${JSON.stringify(file)}; COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(" ")}); COMP_CWORD=${words.length - 1}; _svc_complete; printf '%s\\n' "\${COMPREPLY[@]}"`;
      const r = spawnSync("bash", ["--norc", "-c", shell], { cwd: home, encoding: "utf8" });
      expect(r.stderr).toBe("");
      return r.stdout.split("\n").filter(Boolean).sort();
    };
    expect(complete("svc ch")).toEqual(["chat", "check"]);
    expect(complete("svc kb s")).toEqual(["search", "show", "sync"]);
    expect(complete("svc recipes ")).toEqual(["apply", "list", "show"]);
    expect(complete("svc kb search --f")).toEqual(["--family"]);
    expect(complete("svc plan --detailed-exitcode --")).toContain("--force");
    expect(complete("svc check tun")).toEqual(["tunnel.svcnet"]);
    expect(complete("svc apply --preview tun")).toEqual(["tunnel.svcnet"]);
  });

  it("zsh and fish: every command and every flag of the command list is in the script", () => {
    for (const shell of ["zsh", "fish"] as const) {
      const script = completionScript(shell, "svc", svcCommands, svcGroups);
      for (const cmd of svcCommands) {
        expect(script, `${shell}: ${cmd.name.join(" ")}`).toContain(`'${cmd.name[cmd.name.length - 1]}`);
        for (const flag of Object.keys(cmd.flags))
          expect(script, `${shell}: ${cmd.name.join(" ")} --${flag}`).toMatch(
            new RegExp(shell === "zsh" ? `'--${flag}:` : `-l ${flag}\\b`),
          );
      }
    }
  });
});

describe("the README's svc lines after npm install", () => {
  it("npm link puts svc and svc-agent on the PATH, and they run from any folder", () => {
    requireBuiltCli();
    const prefix = join(home, "npm-global");
    const root = new URL("../..", import.meta.url).pathname;
    const link = spawnSync("npm", ["link", "--ignore-scripts", "--no-audit", "--no-fund", "--offline"], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: home, npm_config_prefix: prefix, npm_config_update_notifier: "false" },
      encoding: "utf8",
    });
    expect(link.status, link.stderr).toBe(0);
    const env = { PATH: `${join(prefix, "bin")}:${process.env.PATH ?? ""}`, HOME: home };
    const svc = spawnSync("svc", ["--version"], { cwd: home, env, encoding: "utf8" });
    expect(svc.stdout).toBe(`${version}\n`);
    const agent = spawnSync("svc-agent", ["--help"], { cwd: home, env, encoding: "utf8" });
    expect(agent.status).toBe(0);
    expect(agent.stdout).toContain("svc-agent run");
  });
});

describe("svc-agent commands", () => {
  it("--json lists every svc and svc-agent command, and each listed flag is one its --help shows", async () => {
    let out = "";
    const io = {
      stdout: (t: string) => (out += t),
      stderr: () => {},
      readStdin: async () => "",
      isTTY: false,
      cwd: home,
      env: { HOME: home },
    };
    expect(await dispatch("svc-agent", "agent", agentCommands, ["commands", "--json"], io)).toBe(0);
    const listed = (JSON.parse(out) as { commands: Array<{ command: string; flags: Array<{ name: string }> }> })
      .commands;
    expect(listed.map((c) => c.command)).toEqual([
      ...svcCommands.map((c) => `svc ${c.name.join(" ")}`),
      ...agentCommands.map((c) => `svc-agent ${c.name.join(" ")}`),
    ]);
    for (const entry of listed) {
      const [program, ...words] = entry.command.split(" ");
      const help = await run(program === "svc" ? svcCommands : agentCommands, [...words, "--help"]);
      expect(help.code, entry.command).toBe(0);
      for (const flag of entry.flags) expect(help.stdout, `${entry.command} ${flag.name}`).toContain(flag.name);
    }
  });
});
