/**
 * svc-agent's tool subcommands end to end: a network applied to tdsim, then bundle-deps,
 * export-external-tree and the library tools run as commands from a fresh home folder, and what
 * they wrote or answered read back.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentCommands } from "../../runtime/cli/agent/index.js";
import { toolCommandEntries } from "../../runtime/cli/agent/tool-commands.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { toolManifest } from "../../runtime/mcp/tools/tool-manifest.js";
import { verifyChecksums } from "../../runtime/artifacts/checksums.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

let sim: RunningSim;
let home: string;
let work: string;
let clip: string;
const saved = { ...process.env };

async function agent(argv: string[], cwd = work) {
  let stdout = "";
  let stderr = "";
  const code = await dispatch("svc-agent", "svc-agent", agentCommands, argv, {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => "",
    isTTY: false,
    cwd,
    env: process.env,
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  sim = await startSim({ port: 0 });
  home = mkdtempSync(join(tmpdir(), "svc-agent-home-"));
  work = join(home, "work");
  mkdirSync(work);
  clip = join(work, "clip.mov");
  writeFileSync(clip, "bytes of a clip to bundle");
  // the tools read the bridge and home from the process, as a spawned svc-agent would
  Object.assign(process.env, { HOME: home, SVC_BRIDGE_URL: sim.url, SVC_SKILLS_DIR: join(home, "skills") });
  const net = join(work, "media.svcnet");
  writeFileSync(
    net,
    `svcnet 1\nnetwork media {\n  movie1: moviefileinTOP { file: "${clip}" }\n  movie2: moviefileinTOP { file: "${join(work, "gone.mov")}" }\n  level1: levelTOP\n  movie1 -> level1\n}\n`,
  );
  const run = spawnSync(process.execPath, ["dist/runtime/cli/svc-agent.js", "run", net], {
    env: { ...process.env },
    encoding: "utf8",
  });
  expect(run.stdout).toMatch(/step 1 .*media\.svcnet: (ok|FAILED) \(\+4 /);
}, 120_000);

afterAll(async () => {
  await sim?.stop();
  for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
  Object.assign(process.env, saved);
  rmSync(home, { recursive: true, force: true });
});

describe("svc-agent tool subcommands", () => {
  it("every table line names a tool of the manifest, and each becomes one command", () => {
    for (const entry of toolCommandEntries)
      expect(
        toolManifest.some((t) => t.name === entry.tool),
        entry.tool,
      ).toBe(true);
    const names = agentCommands.map((c) => c.name.join(" "));
    expect(names).toEqual(
      expect.arrayContaining([
        "bundle-deps",
        "export-external-tree",
        "search-operators",
        "manage-packages",
        "manage-agent-skills",
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it("bundle-deps copies the files a live COMP uses into a folder relative to the working folder, with checksums", async () => {
    const dry = await agent(["bundle-deps", "/project1/media", "--out-dir", "deps", "--dry-run", "--json"]);
    expect(dry.code).toBe(0);
    expect(existsSync(join(work, "deps", "files"))).toBe(false);
    const r = await agent(["bundle-deps", "/project1/media", "--out-dir", "deps"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "collected 1 file(s) of /project1/media; 1 not collected (/project1/media/movie2.file: missing)",
    );
    expect(readFileSync(join(work, "deps", "files", "clip.mov"), "utf8")).toBe("bytes of a clip to bundle");
    expect(verifyChecksums(join(work, "deps"))).toEqual([]);
  });

  it("export-external-tree writes the live COMP as folders, operators.json and network.svcnet", async () => {
    const r = await agent(["export-external-tree", "/project1/media", "--out-dir", join(work, "tree"), "--json"]);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.stdout).data as { outDir: string };
    expect(data.outDir).toBe(join(work, "tree", "media"));
    const ops = JSON.parse(readFileSync(join(data.outDir, "operators.json"), "utf8")) as {
      operators: { name: string; inputs: { source: string }[] }[];
    };
    expect(ops.operators.find((o) => o.name === "level1")?.inputs.map((i) => i.source)).toEqual(["movie1"]);
    expect(readFileSync(join(data.outDir, "network.svcnet"), "utf8")).toContain("moviefileinTOP");
  });

  it("a folder outside the working folder is refused with the tool's code, and nothing is written", async () => {
    const outside = join(home, "elsewhere");
    const r = await agent(["export-external-tree", "/project1/media", "--out-dir", outside]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("output-outside-workspace");
    expect(existsSync(outside)).toBe(false);
  });

  it("library tools answer from the knowledge base and manage the skills folder of the fresh home", async () => {
    const kb = await agent(["check-operator-availability", "noiseTOP", "--json"]);
    expect(JSON.parse(kb.stdout).data).toMatchObject({
      operator: "noiseTOP",
      known: true,
      source: "live",
      live: { available: true },
    });
    const plan = await agent(["manage-agent-skills", "status", "--json"]);
    expect(plan.code).toBe(0);
    expect(JSON.parse(plan.stdout).data).toMatchObject({ applied: false, dir: join(home, "skills") });
    const install = await agent(["manage-agent-skills", "install"]);
    expect(install.code).toBe(0);
    expect(existsSync(join(home, "skills"))).toBe(true);
  });

  it("bad input is a usage error naming the option: a missing argument, a wrong choice, an unknown option", async () => {
    const missing = await agent(["bundle-deps", "/project1/media"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("missing --out-dir");
    const choice = await agent(["manage-packages", "explode"]);
    expect(choice.code).toBe(2);
    expect(choice.stderr).toMatch(/--action: .*search/);
    expect((await agent(["search-operators", "noise", "--limt", "3"])).code).toBe(2);
    expect((await agent(["search-operators", "noise", "--limit", "500"])).stderr).toMatch(/--limit: .*50/);
  });
});
