/**
 * The packaging tools end to end: a network built on tdsim, each tool called through MCP, and what
 * it wrote (README, picture, .tox, manifests, checksums, files) or changed live read back.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "../../grammar/parse.js";
import { encodePath } from "../../runtime/engine/bridge-client/index.js";
import { sha256, verifyChecksums } from "../../runtime/artifacts/checksums.js";
import { startLiveFixture, type LiveFixture } from "../mcp/atomic-fixture.js";
import { errorOf, textOf } from "../mcp/helpers.js";

const PKG = "/project1/pkg";
const LOOK = "/project1/grade";
let f: LiveFixture;
let dir: string;
let clip: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-packaging-"));
  mkdirSync(join(dir, "media"));
  clip = join(dir, "media", "clip.mov");
  writeFileSync(clip, "not really a movie, but bytes to bundle");
  // The bridge saves .tox files only where it is allowed to; the tools write only in the workspace.
  process.env.SVC_BRIDGE_EXPORT_DIR = dir;
  process.env.SVC_MCP_WORKSPACE = dir;
  f = await startLiveFixture();
  await f.bridge.post("/api/batch", {
    operations: [
      { action: "create", parent_path: "/project1", type: "baseCOMP", name: "pkg" },
      { action: "create", parent_path: PKG, type: "noiseTOP", name: "noise1", parameters: { seed: 3 } },
      { action: "create", parent_path: PKG, type: "levelTOP", name: "level1" },
      { action: "connect", source_path: `${PKG}/noise1`, target_path: `${PKG}/level1` },
      { action: "create", parent_path: PKG, type: "moviefileinTOP", name: "movie1", parameters: { file: clip } },
      {
        action: "create",
        parent_path: PKG,
        type: "moviefileinTOP",
        name: "movie2",
        parameters: { file: join(dir, "media", "gone.mov") },
      },
      { action: "create", parent_path: PKG, type: "textDAT", name: "notes" },
      { action: "set_text", path: `${PKG}/notes`, text: "first line\nsecond line\n" },
      { action: "create", parent_path: PKG, type: "baseCOMP", name: "inner" },
      { action: "create", parent_path: `${PKG}/inner`, type: "tableDAT", name: "table1" },
      { action: "set_text", path: `${PKG}/inner/table1`, text: "a\tb\n1\t2\n" },
      { action: "create", parent_path: "/project1", type: "baseCOMP", name: "grade" },
      { action: "create", parent_path: LOOK, type: "inTOP", name: "in1" },
      { action: "create", parent_path: LOOK, type: "levelTOP", name: "level1" },
      { action: "create", parent_path: LOOK, type: "outTOP", name: "out1" },
      { action: "connect", source_path: `${LOOK}/in1`, target_path: `${LOOK}/level1` },
      { action: "connect", source_path: `${LOOK}/level1`, target_path: `${LOOK}/out1` },
      { action: "create", parent_path: "/project1", type: "baseCOMP", name: "loaded" },
    ],
  });
  await f.bridge.post(`/api/nodes/${encodePath(LOOK)}/custom_params`, {
    operations: [{ action: "add", page: "Look", name: "Gain", style: "Float", value: 1.5 }],
  });
}, 120_000);

afterAll(async () => {
  delete process.env.SVC_BRIDGE_EXPORT_DIR;
  delete process.env.SVC_MCP_WORKSPACE;
  await f?.close();
  rmSync(dir, { recursive: true, force: true });
});

function data<T>(r: CallToolResult): T {
  expect(r.isError, textOf(r)).toBeFalsy();
  return r.structuredContent as T;
}

describe("generate_readme", () => {
  it("writes a README with every operator, a Mermaid graph of the wires and an SVG picture", async () => {
    const out = join(dir, "readme");
    const r = data<{
      markdown: string;
      nodes: number;
      listed: number;
      cut: number;
      picture: string;
      written: string[];
    }>(await f.call("generate_readme", { path: PKG, out_dir: out }));
    expect(r.nodes).toBe(7);
    expect(r.cut).toBe(0);
    for (const op of ["noise1", "level1", "movie1", "movie2", "notes", "inner", "inner/table1"])
      expect(r.markdown).toContain(`| \`${op}\` |`);
    expect(r.markdown).toContain("```mermaid");
    expect(r.markdown).toContain("n_noise1 --> n_level1");
    expect(r.markdown).toContain(`![pkg: the network as the editor shows it](pkg.svg)`);
    expect(readFileSync(join(out, "README.md"), "utf8")).toBe(r.markdown);
    const svg = readFileSync(join(out, "pkg.svg"), "utf8");
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain("noise1");
  });

  it("stops the table at max_nodes and says in a footer how many were cut; leaves Mermaid out when asked", async () => {
    const r = data<{ markdown: string; listed: number; cut: number }>(
      await f.call("generate_readme", { path: PKG, max_nodes: 2, include_mermaid: false, include_picture: false }),
    );
    expect(r.listed).toBe(2);
    expect(r.cut).toBe(5);
    expect(r.markdown).toContain("_5 more operators are not listed: the table stops at max_nodes 2 of 7._");
    expect(r.markdown).not.toContain("mermaid");
    expect(r.markdown.match(/^\| `/gm)).toHaveLength(2);
  });

  it("refuses to write outside the workspace", async () => {
    const r = await f.call("generate_readme", { path: PKG, out_dir: join(tmpdir(), "svc-elsewhere-readme") });
    expect(errorOf(r).code).toBe("output-outside-workspace");
    expect(existsSync(join(tmpdir(), "svc-elsewhere-readme"))).toBe(false);
  });
});

describe("bundle_dependencies", () => {
  it("copies the files the network references with their checksums and lists the missing ones", async () => {
    const out = join(dir, "deps");
    const dry = data<{ collected: { file: string }[] }>(
      await f.call("bundle_dependencies", { path: PKG, out_dir: out, dry_run: true }),
    );
    expect(dry.collected.map((c) => c.file)).toEqual(["files/clip.mov"]);
    expect(existsSync(join(out, "files"))).toBe(false);
    const r = data<{
      collected: { source: string; file: string; sha256: string; usedBy: { node: string; param: string }[] }[];
      uncollected: { node: string; reason: string }[];
    }>(await f.call("bundle_dependencies", { path: PKG, out_dir: out }));
    expect(r.collected).toHaveLength(1);
    expect(r.collected[0]!.usedBy).toEqual([{ node: `${PKG}/movie1`, param: "file" }]);
    expect(r.collected[0]!.sha256).toBe(sha256(readFileSync(clip)));
    expect(readFileSync(join(out, "files", "clip.mov"))).toEqual(readFileSync(clip));
    expect(r.uncollected).toEqual([expect.objectContaining({ node: `${PKG}/movie2`, reason: "missing" })]);
    expect(verifyChecksums(out)).toEqual([]);
    writeFileSync(join(out, "files", "clip.mov"), "changed");
    expect(verifyChecksums(out)).toEqual([expect.objectContaining({ file: "files/clip.mov", problem: "mismatch" })]);
  });
});

describe("export_externalized_tree", () => {
  it("writes one folder per COMP, DATs as text files, operators.json and the network as .svcnet", async () => {
    const r = data<{ outDir: string; folders: number; files: string[] }>(
      await f.call("export_externalized_tree", { path: PKG, out_dir: join(dir, "tree") }),
    );
    expect(r.outDir).toBe(join(dir, "tree", "pkg"));
    expect(r.folders).toBe(2);
    expect(readFileSync(join(r.outDir, "notes.txt"), "utf8")).toBe("first line\nsecond line\n");
    expect(readFileSync(join(r.outDir, "inner", "table1.tsv"), "utf8")).toBe("a\tb\n1\t2\n");
    const ops = JSON.parse(readFileSync(join(r.outDir, "operators.json"), "utf8")) as {
      operators: { name: string; type: string; params: Record<string, unknown>; inputs: { source: string }[] }[];
    };
    const level = ops.operators.find((o) => o.name === "level1")!;
    expect(level.inputs).toEqual([{ input: 0, source: "noise1", output: 0 }]);
    expect(ops.operators.find((o) => o.name === "noise1")!.params.seed).toBe(3);
    const svcnet = readFileSync(join(r.outDir, "network.svcnet"), "utf8");
    expect(parse(svcnet, "network.svcnet").diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(svcnet).toContain("noise1");
    expect(verifyChecksums(r.outDir)).toEqual([]);
  });
});

describe("make_portable_tox", () => {
  it("saves the .tox with a README, the referenced files, provenance and checksums", async () => {
    const out = join(dir, "portable");
    const r = data<{
      tox: string;
      toxSha256: string;
      readme: boolean;
      absoluteReferences: { node: string }[];
      evidence: string;
    }>(await f.call("make_portable_tox", { path: PKG, out_dir: out }));
    expect(r.tox).toBe(join(out, "pkg.tox"));
    // tdsim's .tox is its JSON stand-in, the COMP with its children.
    const tox = JSON.parse(readFileSync(r.tox, "utf8")) as {
      format: string;
      path: string;
      op: { children: { name: string }[] };
    };
    expect(tox.format).toBe("tdsim-tox");
    expect(tox.path).toBe(PKG);
    expect(tox.op.children.map((c) => c.name).sort()).toEqual([
      "inner",
      "level1",
      "movie1",
      "movie2",
      "noise1",
      "notes",
    ]);
    expect(r.toxSha256).toBe(sha256(readFileSync(r.tox)));
    expect(r.readme).toBe(true);
    expect(readFileSync(join(out, "README.md"), "utf8")).toContain("## Provenance");
    expect(existsSync(join(out, "pkg.svg"))).toBe(true);
    expect(existsSync(join(out, "files", "clip.mov"))).toBe(true);
    expect(r.absoluteReferences.map((a) => a.node).sort()).toEqual([`${PKG}/movie1`, `${PKG}/movie2`]);
    expect(r.evidence).toMatch(/^UNVERIFIED/);
    const provenance = JSON.parse(readFileSync(join(out, "provenance.json"), "utf8")) as {
      source: string;
      tox_sha256: string;
    };
    expect(provenance.source).toBe(PKG);
    expect(provenance.tox_sha256).toBe(r.toxSha256);
    expect(verifyChecksums(out)).toEqual([]);
  });

  it("leaves the README out with include_readme false, and refuses to replace a .tox without overwrite", async () => {
    const out = join(dir, "portable-bare");
    data(await f.call("make_portable_tox", { path: PKG, out_dir: out, include_readme: false, collect_files: false }));
    expect(existsSync(join(out, "README.md"))).toBe(false);
    expect(existsSync(join(out, "files"))).toBe(false);
    expect(errorOf(await f.call("make_portable_tox", { path: PKG, out_dir: out })).code).toBe("file_exists");
  });
});

describe("export_look_tox", () => {
  it("saves a look with its input, output and controls", async () => {
    const out = join(dir, "look");
    const r = data<{ input: string; output: string; controls: { name: string }[] }>(
      await f.call("export_look_tox", { path: LOOK, out_dir: out }),
    );
    expect(r).toMatchObject({ input: "in1", output: "out1" });
    expect(r.controls.map((c) => c.name)).toEqual(["Gain"]);
    const look = JSON.parse(readFileSync(join(out, "look.json"), "utf8")) as { input: string; output: string };
    expect(look).toMatchObject({ input: "in1", output: "out1" });
    expect(existsSync(join(out, "grade.tox"))).toBe(true);
    expect(verifyChecksums(out)).toEqual([]);
  });

  it("refuses a COMP that is not a look and writes nothing", async () => {
    const out = join(dir, "not-a-look");
    expect(errorOf(await f.call("export_look_tox", { path: PKG, out_dir: out })).code).toBe("not-a-look");
    expect(existsSync(out)).toBe(false);
  });
});

describe("provenance_stamp", () => {
  it("stamps a COMP's provenance on a custom page, read back; a changed network gets a new content hash", async () => {
    const first = data<{
      provenance: { content_sha256: string; source: string; operators: number };
      replaced: boolean;
    }>(await f.call("provenance_stamp", { path: LOOK, author: "artist" }));
    expect(first.replaced).toBe(false);
    expect(first.provenance).toMatchObject({ source: LOOK, operators: 3 });
    const read = await f.bridge.get<{ params: { name: string; value: unknown }[] }>(
      `/api/nodes/${encodePath(LOOK)}/params`,
      { keys: "Provcontent,Provauthor" },
    );
    expect(read.params.map((p) => p.value)).toEqual([first.provenance.content_sha256, "artist"]);
    const again = data<{ provenance: { content_sha256: string }; replaced: boolean }>(
      await f.call("provenance_stamp", { path: LOOK }),
    );
    expect(again.replaced).toBe(true);
    expect(again.provenance.content_sha256).toBe(first.provenance.content_sha256);
    await f.bridge.patch(`/api/nodes/${encodePath(LOOK)}/level1`, { parameters: { opacity: 0.5 } });
    const changed = data<{ provenance: { content_sha256: string } }>(await f.call("provenance_stamp", { path: LOOK }));
    expect(changed.provenance.content_sha256).not.toBe(first.provenance.content_sha256);
  });

  it("refuses an operator that is not a COMP", async () => {
    expect(errorOf(await f.call("provenance_stamp", { path: `${PKG}/noise1` })).code).toBe("not-a-comp");
  });
});

describe("manage_component", () => {
  it("saves a version, lists it, refuses to replace it, and loads it under another COMP verified", async () => {
    const library = join(dir, "components");
    const saved = data<{ dir: string; manifest: { name: string; version: string; provenance: { source: string } } }>(
      await f.call("manage_component", {
        action: "save",
        library,
        path: PKG,
        version: "1.0.0",
        description: "noise and notes",
      }),
    );
    expect(saved.manifest).toMatchObject({ name: "pkg", version: "1.0.0", provenance: { source: PKG } });
    expect(existsSync(join(saved.dir, "pkg.tox"))).toBe(true);
    expect(
      errorOf(await f.call("manage_component", { action: "save", library, path: PKG, version: "1.0.0" })).code,
    ).toBe("version-exists");
    data(await f.call("manage_component", { action: "save", library, path: PKG, version: "1.1.0" }));
    const list = data<{ components: { name: string; versions: string[]; latest: string }[] }>(
      await f.call("manage_component", { action: "list", library }),
    );
    expect(list.components).toEqual([{ name: "pkg", versions: ["1.0.0", "1.1.0"], latest: "1.1.0", description: "" }]);
    const info = data<{ problems: unknown[] }>(
      await f.call("manage_component", { action: "info", library, name: "pkg", version: "1.0.0" }),
    );
    expect(info.problems).toEqual([]);
    const loaded = data<{ loadedAt: string }>(
      await f.call("manage_component", {
        action: "load",
        library,
        name: "pkg",
        version: "1.0.0",
        parent: "/project1/loaded",
      }),
    );
    expect(loaded.loadedAt).toBe("/project1/loaded/pkg");
    const text = await f.bridge.get<{ text: string }>("/api/nodes/project1/loaded/pkg/notes/text");
    expect(text.text).toBe("first line\nsecond line\n");
    const noise = await f.bridge.get<{ params: { name: string; value: unknown }[] }>(
      "/api/nodes/project1/loaded/pkg/noise1/params",
      { keys: "seed" },
    );
    expect(noise.params[0]!.value).toBe(3);
  });

  it("saves a network built from svc's library and loads it elsewhere: its recipe imports name the library", async () => {
    const library = join(dir, "components");
    data(await f.call("apply_recipe", { recipe: "glsl_basic", name: "libnet", preview: 0 }));
    const saved = data<{ dir: string }>(
      await f.call("manage_component", { action: "save", library, path: "/project1/libnet", version: "1.0.0" }),
    );
    const source = readFileSync(join(saved.dir, "libnet.svcnet"), "utf8");
    expect(source).toMatch(/import "svc:recipes\/glsl\/glsl_basic\.svcnet"/);
    const loaded = data<{ loadedAt: string }>(
      await f.call("manage_component", { action: "load", library, name: "libnet", parent: "/project1/loaded" }),
    );
    expect(loaded.loadedAt).toBe("/project1/loaded/libnet");
    const made = await f.bridge.get<{ type: string }>(
      `/api/nodes/${encodePath("/project1/loaded/libnet/glsl_basic1")}`,
    );
    expect(made.type).toBe("baseCOMP");
  });

  it("refuses to load a component whose files no longer match their checksums, and builds nothing", async () => {
    const library = join(dir, "components");
    const svcnet = join(library, "pkg", "1.1.0", "pkg.svcnet");
    writeFileSync(svcnet, readFileSync(svcnet, "utf8").replace("noise1", "noise9"));
    const r = await f.call("manage_component", {
      action: "load",
      library,
      name: "pkg",
      version: "1.1.0",
      parent: "/project1/grade",
    });
    expect(errorOf(r).code).toBe("checksum-mismatch");
    const children = await f.bridge.get<{ children?: { name: string }[] } | { name: string }[]>("/api/nodes", {
      parent: LOOK,
    });
    expect(JSON.stringify(children)).not.toContain("pkg");
  });
});
