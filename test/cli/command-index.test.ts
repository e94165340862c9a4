import { readdirSync } from "node:fs";

async function commandModules(): Promise<Map<string, Record<string, unknown>>> {
  const dir = new URL("../../runtime/cli/commands/", import.meta.url);
  const modules = new Map<string, Record<string, unknown>>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && f !== "index.ts")
    .sort()) {
    modules.set(file.replace(/\.ts$/, ".js"), (await import(new URL(file, dir).href)) as Record<string, unknown>);
  }
  return modules;
}
import { describe, expect, it } from "vitest";
import type { Command } from "../../runtime/cli/command.js";
import { readFileSync } from "node:fs";
import { commandIndex, declarationOnly, indexCommands, type CommandIndex } from "../../runtime/cli/command-index.js";
import { ROOT } from "../mcp/helpers.js";
import { svcCommands, svcGroups } from "../../runtime/cli/commands/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";

async function run(commands: readonly Command[], argv: string[], groups?: Record<string, string>) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: (t: string) => (stdout += t),
    stderr: (t: string) => (stderr += t),
    readStdin: async () => "",
    isTTY: false,
    cwd: "/",
    env: {},
  };
  const code = await dispatch("svc", "svc", commands, argv, io, groups);
  return { code, stdout, stderr };
}

describe("one command dispatched alone (what `svc <command>` does with the build's command index)", () => {
  it("answers --help and a flag it does not take exactly as with every command, for every command", async () => {
    for (const command of svcCommands) {
      for (const argv of [
        [...command.name, "--help"],
        [...command.name, "--no-such-flag"],
      ]) {
        const alone = await run([command], argv);
        const all = await run(svcCommands, argv, svcGroups);
        expect(alone, argv.join(" ")).toEqual(all);
        expect(alone.stdout + alone.stderr, argv.join(" ")).toContain(command.name.join(" "));
      }
    }
  });

  it("finds every command in the module that exports it", async () => {
    const modules = await commandModules();
    const entries = indexCommands(svcCommands, modules);
    expect(entries.map((e) => e.name.join(" "))).toEqual(svcCommands.map((c) => c.name.join(" ")));
    for (const e of entries) {
      const value = modules.get(e.module)![e.export];
      expect(e.item === undefined ? value : (value as Command[])[e.item], e.name.join(" ")).toBe(
        svcCommands.find((c) => c.name.join(" ") === e.name.join(" ")),
      );
    }
    expect(entries.find((e) => e.name.join(" ") === "check")).toEqual({
      name: ["check"],
      module: "check.js",
      export: "checkCommand",
    });
  });
});

describe("svc --help from the build's command index", () => {
  it("prints exactly what the whole list prints, from the declarations alone", async () => {
    const index = JSON.parse(
      JSON.stringify(commandIndex(svcCommands, await commandModules(), svcGroups, "")),
    ) as CommandIndex;
    const declared = index.commands.map(declarationOnly);
    for (const argv of [["--help"], ["-h"], ["help"]]) {
      const fromIndex = await run(declared, argv, index.groups);
      expect(fromIndex, argv.join(" ")).toEqual(await run(svcCommands, argv, svcGroups));
      expect(fromIndex.stdout).toContain("check");
    }
  });

  it("the index in dist/ matches every command now", async () => {
    const path = `${ROOT}dist/runtime/cli/command-index.generated.json`;
    const built = JSON.parse(readFileSync(path, "utf8")) as CommandIndex;
    const current = commandIndex(svcCommands, await commandModules(), svcGroups, "");
    const same = JSON.stringify([built.commands, built.groups]) === JSON.stringify([current.commands, current.groups]);
    expect(same, `${path} is out of date with the commands: run \`npm run build\``).toBe(true);
  });
});
