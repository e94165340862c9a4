/**
 * svc's three agent skills managed in a skills folder: dry run changes nothing; install, update and
 * remove touch only svc's files; a folder svc did not install is never touched; a changed file
 * holds everything until forced; a bundled file that does not match the manifest rolls every
 * change back. Through `svc skills manage` in-process and through manage_agent_skills.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../runtime/artifacts/checksums.js";
import { applySkills, bundledSkillsDir, planSkills, SkillsError } from "../../runtime/skills/manage-skills.js";
import { runSvc } from "../cli/run-cli.js";
import { errorOf, memoryClient } from "../mcp/helpers.js";

const NAMES = ["svc-live-editing", "svc-network-as-code", "svc-packaging"];
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "svc-skills-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);

describe("svc skills manage", () => {
  it("plans without changing anything, installs exactly three skills, and a second run is unchanged", async () => {
    const dir = join(root, "agent");
    const dry = await runSvc(["skills", "manage", "--dir", dir, "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    expect(
      (JSON.parse(dry.stdout) as { skills: { name: string; action: string }[] }).skills.map((s) => [s.name, s.action]),
    ).toEqual(NAMES.map((n) => [n, "create"]));
    expect(existsSync(dir)).toBe(false);
    const r = await runSvc(["skills", "manage", "--dir", dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(listing(dir)).toEqual([".svc-skills.json", ...NAMES]);
    for (const n of NAMES)
      expect(readFileSync(join(dir, n, "SKILL.md"), "utf8")).toBe(
        readFileSync(join(bundledSkillsDir(), n, "SKILL.md"), "utf8"),
      );
    expect((await runSvc(["skills", "manage", "--dir", dir])).stdout).toContain("unchanged");
  });

  it("never touches a skill folder svc did not install, and holds a changed file until forced", async () => {
    const dir = join(root, "conflict");
    mkdirSync(join(dir, "svc-packaging"), { recursive: true });
    writeFileSync(join(dir, "svc-packaging", "SKILL.md"), "the user's own");
    const r = await runSvc(["skills", "manage", "--dir", dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/conflict\s+svc-packaging/);
    expect(listing(dir)).toEqual(["svc-packaging"]);
    expect(readFileSync(join(dir, "svc-packaging", "SKILL.md"), "utf8")).toBe("the user's own");

    const owned = join(root, "edited");
    expect((await runSvc(["skills", "manage", "--dir", owned])).code).toBe(0);
    writeFileSync(join(owned, "svc-live-editing", "SKILL.md"), "edited by hand");
    writeFileSync(join(owned, "svc-live-editing", "notes.md"), "my notes");
    const held = await runSvc(["skills", "manage", "--dir", owned, "--remove"]);
    expect(held.code).toBe(1);
    expect(held.stdout).toMatch(/modified\s+svc-live-editing/);
    expect(listing(owned)).toEqual([".svc-skills.json", ...NAMES]);
    const forced = await runSvc(["skills", "manage", "--dir", owned, "--remove", "--force"]);
    expect(forced.code, forced.stderr).toBe(0);
    // svc's files are gone; the user's own file and so its folder stay.
    expect(listing(owned)).toEqual([".svc-skills.json", "svc-live-editing"]);
    expect(listing(join(owned, "svc-live-editing"))).toEqual(["notes.md"]);
  });

  it("puts everything back when a bundled file does not match the manifest", () => {
    const dir = join(root, "rollback");
    const before = planSkills(dir, "install");
    applySkills(before);
    // A newer bundle: the first two skills changed properly, the third's file altered after its
    // manifest was written, so the install fails on the third after replacing the first two.
    const bundle = join(root, "bundle");
    cpSync(bundledSkillsDir(), bundle, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(bundle, "manifest.json"), "utf8")) as {
      skills: { name: string; files: { sha256: string }[] }[];
    };
    for (const [i, skill] of manifest.skills.entries()) {
      const text = `${readFileSync(join(bundle, skill.name, "SKILL.md"), "utf8")}\nNewer.\n`;
      skill.files[0]!.sha256 = sha256(text);
      writeFileSync(join(bundle, skill.name, "SKILL.md"), i < 2 ? text : "tampered");
    }
    writeFileSync(join(bundle, "manifest.json"), JSON.stringify(manifest));
    const snapshot = () => Object.fromEntries(NAMES.map((n) => [n, readFileSync(join(dir, n, "SKILL.md"), "utf8")]));
    const was = snapshot();
    const ownership = readFileSync(join(dir, ".svc-skills.json"), "utf8");
    const plan = planSkills(dir, "install", { bundle });
    expect(plan.skills.map((s) => s.action)).toEqual(["update", "update", "update"]);
    expect(() => applySkills(plan, { bundle })).toThrow(/svc-packaging\/SKILL.md does not match/);
    expect(() => applySkills(plan, { bundle })).toThrow(SkillsError);
    expect(snapshot()).toEqual(was);
    expect(readFileSync(join(dir, ".svc-skills.json"), "utf8")).toBe(ownership);
    expect(listing(dir)).toEqual([".svc-skills.json", ...NAMES]);
  });
});

describe("manage_agent_skills", () => {
  it("plans with status, installs, and reports a conflict as an error with the plan", async () => {
    const dir = join(root, "mcp");
    process.env.SVC_SKILLS_DIR = dir;
    const client = await memoryClient({ profile: "full", rawPython: true });
    try {
      const call = (args: Record<string, unknown>) =>
        client.callTool({ name: "manage_agent_skills", arguments: args }) as Promise<CallToolResult>;
      const status = (await call({ action: "status" })).structuredContent as {
        applied: boolean;
        skills: { action: string }[];
      };
      expect(status.applied).toBe(false);
      expect(existsSync(dir)).toBe(false);
      const installed = (await call({ action: "install" })).structuredContent as { applied: boolean };
      expect(installed.applied).toBe(true);
      expect(listing(dir)).toEqual([".svc-skills.json", ...NAMES]);
      rmSync(join(dir, ".svc-skills.json"));
      expect(errorOf(await call({ action: "remove" })).code).toBe("skill-conflict");
      expect(listing(dir)).toEqual(NAMES);
    } finally {
      delete process.env.SVC_SKILLS_DIR;
      await client.close();
    }
  });
});
