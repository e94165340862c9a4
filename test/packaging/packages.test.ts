/**
 * A recipe bundle published through MCP, then handled by `svc packages` in-process: searched,
 * inspected, installed into a fresh data folder with its checksums verified, one of its recipes
 * applied to tdsim from the installed copy, checked, and uninstalled exactly. Tampering at every
 * step is refused with nothing changed.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { writeChecksums } from "../../runtime/artifacts/checksums.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { runSvc } from "../cli/run-cli.js";
import { errorOf, memoryClient, textOf } from "../mcp/helpers.js";

const RECIPE = `svcnet 1

recipe soft_noise [summary: "Slow noise, softened", tags: ("noise"), difficulty: beginner] {
  params {
    seed: int = 4 range 0..100
  }

  noise1: noiseTOP { seed: $seed }
  blur1: blurTOP
  out1: outTOP [display]

  noise1 -> blur1 -> out1
}
`;

let dir: string;
let client: Client;
let registry: string;
let data: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-packages-"));
  registry = join(dir, "registry");
  data = join(dir, "data");
  writeFileSync(join(dir, "soft_noise.svcnet"), RECIPE);
  writeFileSync(join(dir, "broken.svcnet"), RECIPE.replace("blurTOP", "blurTOPX"));
  // A component library with one version, as manage_component writes it.
  const comp = join(dir, "components", "widget", "1.0.0");
  mkdirSync(comp, { recursive: true });
  writeFileSync(join(comp, "widget.svcnet"), "svcnet 1\n\nnetwork widget {\n  const1: constantTOP\n}\n");
  writeFileSync(
    join(comp, "component.json"),
    JSON.stringify({
      format: "svc-component",
      name: "widget",
      version: "1.0.0",
      description: "",
      tox: "widget.tox",
      svcnet: "widget.svcnet",
    }),
  );
  writeChecksums(comp);
  process.env.SVC_MCP_WORKSPACE = dir;
  // The publisher's signing key is made in svc's folder: this test's own, never the user's.
  process.env.SVC_HOME = join(dir, "svc-home");
  client = await memoryClient({ profile: "full", rawPython: true });
});

afterAll(async () => {
  delete process.env.SVC_MCP_WORKSPACE;
  delete process.env.SVC_HOME;
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const env = () => ({ SVC_PACKAGES_DIR: registry, SVC_DATA_DIR: data, SVC_HOME: join(dir, "svc-home") });

describe("publish_recipe_bundle", () => {
  it("publishes recipes and components with a bundle manifest, a publish manifest and SHA-256 checksums", async () => {
    const r = await call("publish_recipe_bundle", {
      package_dir: registry,
      name: "soft-pack",
      version: "1.0.0",
      description: "soft noise looks",
      recipe_files: [join(dir, "soft_noise.svcnet")],
      library_recipes: ["color_grade"],
      components: [{ library: join(dir, "components"), name: "widget", version: "1.0.0" }],
    });
    expect(r.isError, textOf(r)).toBeFalsy();
    const out = r.structuredContent as {
      dir: string;
      recipes: { name: string }[];
      files: { file: string }[];
      checksumsSha256: string;
    };
    expect(out.recipes.map((x) => x.name).sort()).toEqual(["color_grade", "soft_noise"]);
    expect(out.files.map((f) => f.file)).toEqual([
      "components/widget/1.0.0/SHA256SUMS",
      "components/widget/1.0.0/component.json",
      "components/widget/1.0.0/widget.svcnet",
      "recipes/color_grade.svcnet",
      "recipes/soft_noise.svcnet",
      "svc-package.json",
    ]);
    const sums = readFileSync(join(out.dir, "SHA256SUMS"), "utf8");
    expect(sums).toMatch(/^[0-9a-f]{64} {2}recipes\/soft_noise\.svcnet$/m);
    const publish = JSON.parse(readFileSync(join(out.dir, "publish.json"), "utf8")) as {
      checksums_sha256: string;
      files: number;
    };
    expect(publish).toMatchObject({ checksums_sha256: out.checksumsSha256, files: 6 });
  });

  it("refuses a recipe that does not compile, a republished version and a file outside the workspace, leaving nothing", async () => {
    const broken = await call("publish_recipe_bundle", {
      package_dir: registry,
      name: "broken",
      version: "1.0.0",
      recipe_files: [join(dir, "broken.svcnet")],
    });
    expect(errorOf(broken).code).toBe("recipe-does-not-compile");
    expect(readdirSync(join(registry, "broken"))).toEqual([]);
    const again = await call("publish_recipe_bundle", {
      package_dir: registry,
      name: "soft-pack",
      version: "1.0.0",
      recipe_files: [join(dir, "soft_noise.svcnet")],
    });
    expect(errorOf(again).code).toBe("version-exists");
    const outside = await call("publish_recipe_bundle", {
      package_dir: registry,
      name: "outside",
      version: "1.0.0",
      recipe_files: ["/etc/hostname"],
    });
    expect(errorOf(outside).code).toBe("output-outside-workspace");
  });
});

describe("svc packages", () => {
  it("finds and describes the published bundle", async () => {
    const search = await runSvc(["packages", "search", "soft", "--json"], env());
    expect(search.code).toBe(0);
    expect((JSON.parse(search.stdout) as { packages: { name: string }[] }).packages.map((p) => p.name)).toEqual([
      "soft-pack",
    ]);
    expect((await runSvc(["packages", "search", "nothing-like-it"], env())).code).toBe(1);
    const info = await runSvc(["packages", "info", "soft-pack@1.0.0"], env());
    expect(info.stdout).toContain("checksums: all files match");
    expect((await runSvc(["packages", "info", "soft-pack"], {})).stderr).toContain("no-package-folder");
  });

  it("installs into a fresh data folder, verified, and a recipe of the installed copy applies to tdsim", async () => {
    const dry = await runSvc(["packages", "install", "soft-pack", "--dry-run"], env());
    expect(dry.stdout).toContain("would install soft-pack 1.0.0");
    expect(existsSync(join(data, "packages", "soft-pack"))).toBe(false);
    const r = await runSvc(["packages", "install", "soft-pack"], env());
    expect(r.code, r.stderr).toBe(0);
    // piped, the install's steps are plain lines on standard error; standard output keeps the result alone
    expect(r.stderr.trim().split("\n")).toEqual([
      "svc packages install: soft-pack 1.0.0: verifying the publisher's signature and the published files",
      "svc packages install: soft-pack 1.0.0: copying",
      "svc packages install: soft-pack 1.0.0: verifying the copy",
      "svc packages install: soft-pack 1.0.0: compiling its recipes",
      "svc packages install: soft-pack 1.0.0: recording the install",
    ]);
    expect(r.stdout).toMatch(/^installed soft-pack 1\.0\.0 in .*\n$/);
    const path = (await runSvc(["packages", "path", "soft-pack"], env())).stdout.trim();
    expect(path).toBe(join(data, "packages", "soft-pack"));
    expect(readFileSync(join(path, "recipes", "soft_noise.svcnet"), "utf8")).toBe(RECIPE);
    expect((await runSvc(["packages", "list"], env())).stdout).toContain("soft-pack 1.0.0");
    expect((await runSvc(["packages", "doctor"], env())).code).toBe(0);
    expect((await runSvc(["packages", "install", "soft-pack"], env())).stderr).toContain("already-installed");

    let sim: RunningSim | undefined;
    const bridge = { client: undefined as BridgeClient | undefined };
    try {
      sim = await startSim({ port: 0 });
      bridge.client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
      const use = {
        text: `svcnet 1\nimport "recipes/soft_noise.svcnet"\n\nnetwork show {\n  r1: soft_noise { seed: 9 }\n}\n`,
        file: join(path, "show.svcnet"),
      };
      const applied = await applyFile(bridge.client, use);
      expect(applied.ok, JSON.stringify(applied.diagnostics.map((d) => d.message))).toBe(true);
      const seed = await bridge.client.get<{ params: { name: string; value: unknown }[] }>(
        "/api/nodes/project1/show/r1/noise1/params",
        { keys: "seed" },
      );
      expect(seed.params[0]!.value).toBe(9);
    } finally {
      await bridge.client?.close();
      await sim?.stop();
    }
  }, 120_000);

  it("doctor finds a changed file; uninstall keeps everything until forced, and keeps files added by hand", async () => {
    const path = join(data, "packages", "soft-pack");
    writeFileSync(join(path, "recipes", "soft_noise.svcnet"), RECIPE.replace("seed: int = 4", "seed: int = 5"));
    writeFileSync(join(path, "my-notes.txt"), "mine");
    const doctor = await runSvc(["packages", "doctor", "--json"], env());
    expect(doctor.code).toBe(1);
    expect(
      (JSON.parse(doctor.stdout) as { packages: { modified: string[]; foreign: string[] }[] }).packages[0],
    ).toMatchObject({ modified: ["recipes/soft_noise.svcnet"], foreign: ["my-notes.txt"] });
    const refused = await runSvc(["packages", "uninstall", "soft-pack"], env());
    expect(refused.stderr).toContain("modified-files");
    expect(existsSync(join(path, "installed.json"))).toBe(true);
    const forced = await runSvc(["packages", "uninstall", "soft-pack", "--force"], env());
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain("kept my-notes.txt");
    expect(readdirSync(path)).toEqual(["my-notes.txt"]);
    expect((await runSvc(["packages", "list"], env())).stdout).toContain("no package is installed");
  });

  it("refuses to install a bundle whose files no longer match their checksums, leaving the data folder as it was", async () => {
    const fresh = join(dir, "fresh-data");
    const published = join(registry, "soft-pack", "1.0.0");
    writeFileSync(join(published, "recipes", "color_grade.svcnet"), "svcnet 1\n");
    const r = await runSvc(["packages", "install", "soft-pack", "--json"], { ...env(), SVC_DATA_DIR: fresh });
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as { error: { code: string } }).error.code).toBe("checksum-mismatch");
    expect(existsSync(join(fresh, "packages", "soft-pack"))).toBe(false);
  });
});

describe("manage_packages", () => {
  it("runs the same actions over MCP: info reports the tampered file, list and path answer", async () => {
    process.env.SVC_PACKAGES_DIR = registry;
    process.env.SVC_DATA_DIR = join(dir, "mcp-data");
    try {
      const info = await call("manage_packages", { action: "info", name: "soft-pack" });
      expect(
        (info.structuredContent as { result: { problems: { file: string; problem: string }[] } }).result.problems,
      ).toEqual([expect.objectContaining({ file: "recipes/color_grade.svcnet", problem: "mismatch" })]);
      expect(errorOf(await call("manage_packages", { action: "install", name: "soft-pack" })).code).toBe(
        "checksum-mismatch",
      );
      expect((await call("manage_packages", { action: "list" })).structuredContent).toEqual({
        action: "list",
        result: [],
      });
      expect(errorOf(await call("manage_packages", { action: "uninstall", name: "soft-pack" })).code).toBe(
        "not-installed",
      );
    } finally {
      delete process.env.SVC_PACKAGES_DIR;
      delete process.env.SVC_DATA_DIR;
    }
  });
});
