import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Command } from "../../runtime/cli/command.js";
import { indexCommands } from "../../runtime/cli/command-index.js";
import { svcCommands, svcGroups } from "../../runtime/cli/commands/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";

async function run(commands: readonly Command[], argv: string[], groups?: Record<string, string>) {
  let stdout = "";
  let stderr = "";
  const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t), readStdin: async () => "", isTTY: false, cwd: "/", env: {} };
  const code = await dispatch("svc", "svc", commands, argv, io, groups);
  return { code, stdout, stderr };
}

describe("one command dispatched alone (what `svc <command>` does with the build's command index)", () => {
  it("answers --help and a flag it does not take exactly as with every command, for every command", async () => {
    for (const command of svcCommands) {
      for (const argv of [[...command.name, "--help"], [...command.name, "--no-such-flag"]]) {
        const alone = await run([command], argv);
        const all = await run(svcCommands, argv, svcGroups);
        expect(alone, argv.join(" ")).toEqual(all);
        expect(alone.stdout + alone.stderr, argv.join(" ")).toContain(command.name.join(" "));
      }
    }
  });

  it("finds every command in the module that exports it", async () => {
    const dir = new URL("../../runtime/cli/commands/", import.meta.url);
    const modules = new Map<string, Record<string, unknown>>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "index.ts").sort()) {
      modules.set(file.replace(/\.ts$/, ".js"), (await import(new URL(file, dir).href)) as Record<string, unknown>);
    }
    const entries = indexCommands(svcCommands, modules);
    expect(entries.map((e) => e.name.join(" "))).toEqual(svcCommands.map((c) => c.name.join(" ")));
    for (const e of entries) {
      const value = modules.get(e.module)![e.export];
      expect(e.item === undefined ? value : (value as Command[])[e.item], e.name.join(" ")).toBe(svcCommands.find((c) => c.name.join(" ") === e.name.join(" ")));
    }
    expect(entries.find((e) => e.name.join(" ") === "check")).toEqual({ name: ["check"], module: "check.js", export: "checkCommand" });
  });
});
