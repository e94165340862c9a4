/**
 * Every resource URI of spec section 2.7 (but the creative repertoire's) is listed and readable
 * through an MCP SDK client, and what it returns is the right thing: the named pattern or operator,
 * snippets that pass svc check, every prompt, the session profile the tool saved, the project brief
 * from the chosen folder as untrusted evidence. Live views read a tdsim bridge.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../../compiler/index.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { setSessionExplicitRoot } from "../../runtime/session/current.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";
import { errorOf, memoryClient } from "./helpers.js";

/** Spec 2.7, as registered: fixed URIs and templates (`{+path}` lets a digest path keep its slashes). */
const SPEC_FIXED = [
  "svc://glsl-snippets",
  "svc://commands",
  "svc://prompts",
  "svc://cheatsheets",
  "svc://learning/touchdesigner",
  "svc://cookbook",
  "svc://session/profile",
  "svc://raytk/operators",
  "svc://project/brief",
];
const SPEC_TEMPLATES = [
  "svc://operators/{name}",
  "svc://python-api/{class}",
  "svc://operator-connections/{operator}",
  "svc://operator-examples/{operator}",
  "svc://td-versions/{version}",
  "svc://td-experimental/{series_or_category}",
  "svc://td-classes/{family}",
  "svc://compat/operators/{operator}",
  "svc://compat/python/{class_or_member}",
  "svc://techniques/{category}",
  "svc://patterns/{name}",
  "svc://glsl/{name}",
  "svc://recipes/{name}",
  "svc://recipes/search/{query}",
  "svc://tutorials/{name}",
  "svc://cookbook/{lang}",
  "svc://digest/{+path}",
  "svc://scene/{view}",
];

let client: Client;
let full: Client;
let sim: RunningSim;
let bridge: BridgeClient;
let home: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), "svc-spec-resources-"));
  process.env.SVC_SESSION_PROFILE = join(home, "profile", "session-profile.json");
  delete process.env.SVC_PROJECT_DIR;
  sim = await startSim({ port: 0 });
  process.env.SVC_BRIDGE_URL = sim.url;
  bridge = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  await bridge.post("/api/nodes", { parent_path: "/project1", type: "noiseTOP", name: "noise1" });
  client = await memoryClient();
  full = await memoryClient({ profile: "full", rawPython: false });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await full?.close();
  await bridge?.close();
  await sim?.stop();
  setSessionExplicitRoot(null);
  delete process.env.SVC_BRIDGE_URL;
  delete process.env.SVC_SESSION_PROFILE;
  rmSync(home, { recursive: true, force: true });
});

async function read<T = Record<string, unknown>>(uri: string): Promise<T> {
  const r = await client.readResource({ uri });
  expect(r.contents).toHaveLength(1);
  const text = (r.contents[0] as { text: string }).text;
  expect(text.length).toBeGreaterThan(20);
  // Compact: no single answer is a dump of the whole knowledge base.
  expect(text.length).toBeLessThan(64 * 1024);
  return JSON.parse(text) as T;
}

function passesCheck(svcnet: string, name: string): string[] {
  return analyze({ text: svcnet, file: join(process.cwd(), "kb", "guide", `${name}.svcnet`) })
    .diagnostics.filter((d) => d.severity !== "info" || d.code === "glsl-validator-unavailable")
    .map((d) => `${d.code}: ${d.message}`);
}

describe("the resource list", () => {
  it("lists every URI of spec 2.7, parameterised ones as templates, and stays small", async () => {
    const fixed = (await client.listResources()).resources;
    const templates = (await client.listResourceTemplates()).resourceTemplates;
    expect(fixed.map((r) => r.uri)).toEqual(expect.arrayContaining(SPEC_FIXED));
    expect(templates.map((t) => t.uriTemplate)).toEqual(expect.arrayContaining(SPEC_TEMPLATES));
    expect(JSON.stringify(fixed).length + JSON.stringify(templates).length).toBeLessThan(16 * 1024);
  });

  it("completes the parameterised guide URIs", async () => {
    const complete = async (uri: string, name: string, value: string) =>
      (await client.complete({ ref: { type: "ref/resource", uri }, argument: { name, value } })).completion.values;
    expect(await complete("svc://patterns/{name}", "name", "feedback-t")).toContain("feedback-trail");
    expect(await complete("svc://glsl/{name}", "name", "kalei")).toEqual(["kaleidoscope"]);
    expect(await complete("svc://cookbook/{lang}", "lang", "p")).toEqual(["pt"]);
    expect(await complete("svc://td-classes/{family}", "family", "CH")).toContain("CHOP");
    expect(await complete("svc://compat/python/{class_or_member}", "class_or_member", "Par.")).toContain("Par.isPar");
    expect(await complete("svc://td-experimental/{series_or_category}", "series_or_category", "20")).toEqual(
      expect.arrayContaining(["2019.30000", "2025.30000"]),
    );
    expect(await complete("svc://operator-examples/{operator}", "operator", "feedbackT")).toContain("feedbackTOP");
  });
});

describe("knowledge resources", () => {
  it("operators, python-api, operator-connections and operator-examples name the right operator", async () => {
    expect((await read<{ type: string }>("svc://operators/feedbackTOP")).type).toBe("feedbackTOP");
    expect((await read<{ name: string }>("svc://python-api/Par")).name).toBe("Par");
    expect((await read<{ family: string }>("svc://operator-connections/feedbackTOP")).family).toBe("TOP");
    const examples = await read<{
      operator: string;
      examples: { from: string; name: string; line: string | null; uri: string }[];
    }>("svc://operator-examples/Feedback%20TOP");
    expect(examples.operator).toBe("feedbackTOP");
    expect(examples.examples).toContainEqual(
      expect.objectContaining({ from: "pattern", name: "feedback-trail", uri: "svc://patterns/feedback-trail" }),
    );
    expect(examples.examples.some((e) => e.from === "recipe")).toBe(true);
    for (const e of examples.examples) if (e.line) expect(e.line).toMatch(/:\s*feedbackTOP\b/);
    await expect(client.readResource({ uri: "svc://operator-examples/feedbakTOP" })).rejects.toThrow(/feedbackTOP/);
  });

  it("td-versions holds 7 profiles, published builds with unknown operator lists", async () => {
    const published = await read<{ kind: string; operatorTypes: unknown; sources: string[] }>(
      "svc://td-versions/2023.11510",
    );
    expect(published).toMatchObject({ kind: "published-build", operatorTypes: null });
    expect(published.sources.length).toBeGreaterThan(0);
    const values = (
      await client.complete({
        ref: { type: "ref/resource", uri: "svc://td-versions/{version}" },
        argument: { name: "version", value: "td-" },
      })
    ).completion.values;
    expect(new Set(values).size + 2).toBe(7); // five td-* ids plus the two docs snapshots
  });

  it("td-experimental, td-classes and both compat resources say what changed and what is known", async () => {
    const pops = await read<{ operatorCount: number; operators: string[]; known: string }>("svc://td-experimental/pop");
    expect(pops.operatorCount).toBe(104);
    expect(pops.operators).toContain("noisePOP");
    const top = await read<{
      class: string;
      reference: { groups: unknown[] };
      operatorClasses: string[];
      operatorClassCount: number;
    }>("svc://td-classes/TOP");
    expect(top.class).toBe("TOP");
    expect(top.reference.groups.length).toBeGreaterThan(0);
    expect(top.operatorClasses.every((t) => t.endsWith("TOP"))).toBe(true);
    expect(top.operatorClassCount).toBeGreaterThan(top.operatorClasses.length);
    const renamed = await read<{ operator: string; changes: { kind: string; replacement?: string }[] }>(
      "svc://compat/operators/freedCHOP",
    );
    expect(renamed.changes).toContainEqual(expect.objectContaining({ kind: "renamed", replacement: "freedinCHOP" }));
    const unchanged = await read<{ changes: unknown[] }>("svc://compat/operators/levelTOP");
    expect(unchanged.changes).toEqual([]);
    const member = await read<{ class: string; member: string }>("svc://compat/python/Par.isPar");
    expect(member).toMatchObject({ class: "Par", member: "isPar" });
    const index = await read<{ count: number }>("svc://compat/operators/index");
    expect(index.count).toBeGreaterThanOrEqual(45);
  });
});

describe("techniques, patterns and shaders", () => {
  it("a pattern's snippet passes svc check and its category lists it", async () => {
    const pattern = await read<{ name: string; svcnet: string }>("svc://patterns/feedback-trail");
    expect(pattern.name).toBe("feedback-trail");
    expect(passesCheck(pattern.svcnet, "resource-pattern")).toEqual([]);
    const category = await read<{ patterns: { name: string }[] }>("svc://patterns/feedback");
    expect(category.patterns.map((p) => p.name)).toContain("feedback-trail");
    expect((await read<{ count: number }>("svc://patterns/index")).count).toBeGreaterThanOrEqual(30);
  });

  it("techniques list packs; glsl gives a shader whose network compiles; glsl-snippets lists them all", async () => {
    const index = await read<{ count: number; techniques: number }>("svc://techniques/index");
    expect(index).toMatchObject({ count: 7 });
    expect(index.techniques).toBeGreaterThanOrEqual(39);
    const pack = await read<{ id: string; techniques: { name: string }[] }>("svc://techniques/sdf-raymarching");
    expect(pack.techniques.map((t) => t.name)).toContain("smooth-union");
    const shader = await read<{ name: string; glsl: string; network: string }>("svc://glsl/kaleidoscope");
    expect(shader.glsl).toMatch(/TDOutputSwizzle/);
    expect(passesCheck(shader.network, "resource-glsl")).toEqual([]);
    expect((await read<{ count: number }>("svc://glsl-snippets")).count).toBe(index.techniques);
  });
});

describe("recipes, tutorials, learning, cheatsheets, cookbook, commands, prompts", () => {
  it("serve meaningful content", async () => {
    expect((await read<{ name: string }>("svc://recipes/feedback_basic")).name).toBe("feedback_basic");
    expect(
      (await read<{ matches: { name: string }[] }>("svc://recipes/search/feedback")).matches.length,
    ).toBeGreaterThan(0);
    const tutorial = await read<{ name: string; steps: string[]; read: string[] }>("svc://tutorials/feedback-basics");
    expect(tutorial.steps.length).toBeGreaterThan(2);
    expect(tutorial.read).toContain("svc://patterns/feedback-trail");
    const path = await read<{ stages: { tutorials: { uri: string }[] }[] }>("svc://learning/touchdesigner");
    expect(path.stages.length).toBeGreaterThanOrEqual(5);
    expect(path.stages[0]!.tutorials[0]!.uri).toBe("svc://tutorials/first-network");
    expect(
      (await read<{ cheatsheets: { name: string }[] }>("svc://cheatsheets")).cheatsheets.map((c) => c.name),
    ).toContain("glsl-top");
    const cookbook = await read<{ languages: string[]; count: number }>("svc://cookbook");
    expect(cookbook.languages).toEqual(["en", "pt"]);
    const pt = await read<{ language: string; entries: { prompt: string }[] }>("svc://cookbook/pt");
    expect(pt.entries).toHaveLength(cookbook.count);
    expect(pt.entries[0]!.prompt).toMatch(/textura/);
    await expect(client.readResource({ uri: "svc://cookbook/fr" })).rejects.toThrow(/languages: en, pt/);
    expect((await read<{ tools: unknown[] }>("svc://commands")).tools.length).toBeGreaterThan(10);
    const prompts = await read<{ prompts: { name: string; offered: boolean }[] }>("svc://prompts");
    const offered = (await client.listPrompts()).prompts.map((p) => p.name).sort();
    expect(
      prompts.prompts
        .filter((p) => p.offered)
        .map((p) => p.name)
        .sort(),
    ).toEqual(offered);
    const raytk = await read<{ known: string[]; unknown: string[]; operators: { name: string }[] }>(
      "svc://raytk/operators",
    );
    expect(raytk.operators.map((o) => o.name)).toContain("raymarchRender3d");
    expect(raytk.unknown.length).toBeGreaterThan(0);
  });
});

describe("live views", () => {
  it("digest and scene show the tdsim project", async () => {
    const digest = await read<{ nodes: unknown }>("svc://digest/project1");
    expect(JSON.stringify(digest.nodes)).toContain("noise1");
    const scene = await read<{ view: string; network: string }>("svc://scene/project");
    expect(scene).toMatchObject({ view: "project", network: "/" });
  });
});

describe("session profile and project brief", () => {
  it("the profile is empty until load_session_profile saves preferences and a network, then the resource shows them", async () => {
    const before = await read<{ profile: { preferences: object; recentNetworks: unknown[] } }>("svc://session/profile");
    expect(before.profile).toMatchObject({ preferences: {}, recentNetworks: [] });
    const r = await full.callTool({
      name: "load_session_profile",
      arguments: { preferences: { resolution: "1920x1080", fps: 60 }, remember_network: "tunnel" },
    });
    expect(r.isError).toBeFalsy();
    const after = await read<{ profile: { preferences: Record<string, unknown>; recentNetworks: { name: string }[] } }>(
      "svc://session/profile",
    );
    expect(after.profile.preferences).toEqual({ resolution: "1920x1080", fps: 60 });
    expect(after.profile.recentNetworks.map((n) => n.name)).toEqual(["tunnel"]);
    // Persistent: the file on disk holds the same.
    expect(JSON.parse(readFileSync(process.env.SVC_SESSION_PROFILE!, "utf8")).preferences.fps).toBe(60);
    const bad = await full.callTool({ name: "load_session_profile", arguments: { project_folder: "relative/dir" } });
    expect(errorOf(bad as never).code).toBe("profile-invalid");
  });

  it("the brief comes only from a chosen folder, is replaced by exact revision, and is marked untrusted", async () => {
    expect((await read<{ brief: unknown; root: unknown }>("svc://project/brief")).root).toBeNull();
    const project = join(home, "show");
    await full.callTool({ name: "load_session_profile", arguments: { project_folder: project } });
    const empty = await read<{ root: string; selectedBy: string; brief: unknown }>("svc://project/brief");
    expect(empty).toMatchObject({ root: project, selectedBy: "explicit-root", brief: null });
    const first = await full.callTool({
      name: "replace_project_brief",
      arguments: { expected_revision: 0, title: "Winter show", goals: ["30 minutes of visuals"] },
    });
    expect(first.isError).toBeFalsy();
    const stale = await full.callTool({
      name: "replace_project_brief",
      arguments: { expected_revision: 0, title: "overwrite" },
    });
    expect(errorOf(stale as never).code).toBe("brief-revision-mismatch");
    const brief = await read<{ trust: string; brief: { revision: number; title: string } }>("svc://project/brief");
    expect(brief.trust).toBe("untrusted-evidence");
    expect(brief.brief).toMatchObject({ revision: 1, title: "Winter show" });
    // The saved project folder is used when this run has no explicit root; the environment outranks it.
    setSessionExplicitRoot(null);
    expect((await read<{ selectedBy: string }>("svc://project/brief")).selectedBy).toBe("saved-project-folder");
    process.env.SVC_PROJECT_DIR = join(home, "elsewhere");
    try {
      expect(await read("svc://project/brief")).toMatchObject({ selectedBy: "environment", brief: null });
    } finally {
      delete process.env.SVC_PROJECT_DIR;
    }
  });
});
