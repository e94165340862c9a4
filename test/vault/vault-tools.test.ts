/**
 * The vault tools end to end over MCP, from a fresh temporary vault, against one tdsim: notes
 * written, read, searched and listed; a note's svcnet block planned and applied (errors at the
 * note's own lines); a note linked to an operator both ways and read back from tdsim.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refused, startNetworkFixture, type NetworkFixture } from "../mcp/network-fixture.js";

let fx: NetworkFixture;
const home = mkdtempSync(join(tmpdir(), "svc-vault-tools-"));
const vaultDir = join(home, "vault");
const outside = join(home, "outside");

const NOTE = [
  "---",
  "title: Dots",
  "---",
  "# Dots",
  "",
  "A noise field, levelled. Built from this note:",
  "",
  "```svcnet",
  "svcnet 1",
  "network dots {",
  "  noise1: noiseTOP { period: 4 }",
  '  level1: levelTOP [display, tags: "look"]',
  "  noise1 -> level1",
  "}",
  "```",
  "",
  "Nothing below is svcnet:",
  "",
  "```python",
  "print('not a block')",
  "```",
  "",
].join("\n");

beforeAll(async () => {
  mkdirSync(vaultDir);
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.md"), "outside\n");
  fx = await startNetworkFixture("full");
});

afterAll(async () => {
  delete process.env.SVC_VAULT_PATH;
  await fx?.close();
  rmSync(home, { recursive: true, force: true });
});

describe("vault tools", () => {
  it("without SVC_VAULT_PATH, every vault tool says how to set one up", async () => {
    delete process.env.SVC_VAULT_PATH;
    for (const [tool, args] of [
      ["list_vault_notes", {}],
      ["search_vault", { query: "x" }],
      ["write_vault_note", { path: "a.md", text: "x" }],
      ["apply_vault_note", { path: "a.md" }],
    ] as const) {
      const e = refused(await fx.call(tool, args), "vault-not-configured", /SVC_VAULT_PATH.*svc doctor --fix/);
      expect(e.details?.help).toMatch(/SVC_VAULT_PATH/);
    }
  });

  it("writes, reads, lists and searches notes; escapes are refused with their codes and nothing outside changes", async () => {
    process.env.SVC_VAULT_PATH = vaultDir;
    const written = await fx.ok<{ sha256: string; created: boolean }>("write_vault_note", {
      path: "shows/dots.md",
      text: NOTE,
    });
    expect(written.created).toBe(true);
    const read = await fx.ok<{ text: string; sha256: string; svcnet_blocks: unknown[]; front_matter: unknown }>(
      "read_vault_note",
      { path: "shows/dots.md" },
    );
    expect(read).toMatchObject({
      text: NOTE,
      sha256: written.sha256,
      svcnet_blocks: [{ index: 1, first_line: 9, last_line: 14 }],
      front_matter: { title: "Dots" },
    });
    expect(await fx.ok("list_vault_notes", {})).toMatchObject({ notes: [{ path: "shows/dots.md" }], complete: true });
    const found = await fx.ok<{ results: Array<{ path: string; snippets: Array<{ line: number }> }> }>("search_vault", {
      query: "noise levelled",
    });
    expect(found.results.map((r) => r.path)).toEqual(["shows/dots.md"]);

    refused(await fx.call("write_vault_note", { path: "shows/dots.md", text: "again" }), "vault-note-exists");
    refused(
      await fx.call("write_vault_note", { path: "../outside/secret.md", text: "x", overwrite: true }),
      "vault-path-escapes",
    );
    refused(
      await fx.call("write_vault_note", { path: join(outside, "secret.md"), text: "x", overwrite: true }),
      "vault-path-absolute",
    );
    symlinkSync(join(outside, "secret.md"), join(vaultDir, "link.md"));
    symlinkSync(outside, join(vaultDir, "linked"));
    refused(await fx.call("write_vault_note", { path: "link.md", text: "x", overwrite: true }), "vault-symlink");
    refused(await fx.call("read_vault_note", { path: "link.md" }), "vault-symlink");
    refused(await fx.call("write_vault_note", { path: "linked/new.md", text: "x" }), "vault-symlink");
    refused(await fx.call("read_vault_note", { path: "linked/secret.md" }), "vault-symlink");
    writeFileSync(join(vaultDir, "blob.md"), Buffer.from([0x00, 0xff, 0x10]));
    refused(await fx.call("read_vault_note", { path: "blob.md" }), "vault-note-not-text");
    const huge = await fx.call("write_vault_note", { path: "huge.md", text: "x".repeat(1_000_001) });
    expect(huge.isError).toBe(true);
    expect(readdirSync(outside)).toEqual(["secret.md"]);
    expect(readFileSync(join(outside, "secret.md"), "utf8")).toBe("outside\n");
    expect(readdirSync(vaultDir).sort()).toEqual(["blob.md", "link.md", "linked", "shows"]);
  });

  it("plans and applies a note's svcnet block on tdsim; the second plan has nothing to do", async () => {
    process.env.SVC_VAULT_PATH = vaultDir;
    const plan = await fx.ok<{ ok: boolean; networks: Array<{ root: string; summary: { add: number } }> }>(
      "plan_vault_note",
      { path: "shows/dots.md" },
    );
    expect(plan).toMatchObject({ ok: true, networks: [{ root: "/project1/dots", summary: { add: 3 } }] });
    expect(await fx.node("/project1/dots/noise1")).toBeUndefined();
    const applied = await fx.ok<{ applied: boolean; errors: number }>("apply_vault_note", {
      path: "shows/dots.md",
      preview: 0,
    });
    expect(applied).toMatchObject({ applied: true, errors: 0 });
    expect(await fx.node("/project1/dots/noise1")).toMatchObject({
      type: "noiseTOP",
      tags: ["svc"],
      params: { period: { value: 4 } },
    });
    expect(await fx.wires("/project1/dots")).toEqual(["noise1[0]->level1[0]"]);
    const again = await fx.ok<{ networks: Array<{ empty: boolean }> }>("plan_vault_note", { path: "shows/dots.md" });
    expect(again.networks[0]!.empty).toBe(true);
  });

  it("reports a block's errors at the note's own line and changes nothing; a missing or unclosed block is a diagnostic too", async () => {
    process.env.SVC_VAULT_PATH = vaultDir;
    const broken = NOTE.replace("noise1: noiseTOP { period: 4 }", "noise1: noiseTOP { perod: 4 }").replace(
      "network dots",
      "network dots2",
    );
    await fx.ok("write_vault_note", { path: "broken.md", text: broken });
    const e = refused(await fx.call("apply_vault_note", { path: "broken.md" }), "diagnostics", /at 11:/);
    const d = (e.diagnostics as Array<{ code: string; file: string; range: { start: { line: number } } }>)[0]!;
    expect(d).toMatchObject({ file: "broken.md", range: { start: { line: 11 } } });
    expect(String(e.details?.codeFrames)).toContain("noise1: noiseTOP { perod: 4 }");
    expect(await fx.node("/project1/dots2")).toBeUndefined();

    await fx.ok("write_vault_note", { path: "prose.md", text: "# Only words\n\n```python\nx = 1\n```\n" });
    const none = refused(await fx.call("plan_vault_note", { path: "prose.md" }), "diagnostics");
    expect((none.diagnostics as Array<{ code: string }>)[0]!.code).toBe("vault-no-svcnet-block");
    await fx.ok("write_vault_note", { path: "open.md", text: "# Open\n\ntext\n```svcnet\nsvcnet 1\n" });
    const open = refused(await fx.call("plan_vault_note", { path: "open.md" }), "diagnostics", /at 4:/);
    expect((open.diagnostics as Array<{ code: string }>)[0]!.code).toBe("vault-svcnet-block-unclosed");
    const missing = refused(await fx.call("plan_vault_note", { path: "shows/dots.md", block: 2 }), "diagnostics");
    expect((missing.diagnostics as Array<{ code: string; help: string[] }>)[0]).toMatchObject({
      code: "vault-svcnet-block-missing",
      help: ["the note's blocks: block 1 at line 8"],
    });
  });

  it("a block imports from the note's folder inside the vault; an import that leaves the vault is refused at its line", async () => {
    process.env.SVC_VAULT_PATH = vaultDir;
    mkdirSync(join(vaultDir, "shows", "lib"), { recursive: true });
    writeFileSync(
      join(vaultDir, "shows", "lib", "looks.svcnet"),
      "svcnet 1\nrecipe mirrored {\n  in1: inTOP\n  mirror1: mirrorTOP\n  out1: outTOP\n  in1 -> mirror1 -> out1\n}\n",
    );
    writeFileSync(
      join(outside, "looks.svcnet"),
      "svcnet 1\nrecipe mirrored {\n  in1: inTOP\n  out1: outTOP\n  in1 -> out1\n}\n",
    );
    const block = (from: string) =>
      `# Looks\n\n\`\`\`svcnet\nsvcnet 1\nimport "${from}"\nnetwork looks {\n  noise1: noiseTOP\n  sym: mirrored\n  noise1 -> sym\n}\n\`\`\`\n`;
    await fx.ok("write_vault_note", { path: "shows/looks.md", text: block("lib/looks.svcnet") });
    expect(await fx.ok("plan_vault_note", { path: "shows/looks.md" })).toMatchObject({
      ok: true,
      networks: [{ root: "/project1/looks" }],
    });
    await fx.ok("write_vault_note", { path: "shows/escape.md", text: block("../../outside/looks.svcnet") });
    const e = refused(await fx.call("plan_vault_note", { path: "shows/escape.md" }), "diagnostics", /at 5:/);
    expect((e.diagnostics as Array<{ code: string; message: string }>)[0]).toMatchObject({
      code: "file-unreadable",
      message: expect.stringContaining("outside the vault and svc's recipes"),
    });
  });

  it("links a note and an operator svc built, both read back; applying the note again keeps the link; unlink removes both", async () => {
    process.env.SVC_VAULT_PATH = vaultDir;
    const linked = await fx.ok<{ node_tags: string[]; note_nodes: string[]; node_changed: boolean; warning?: string }>(
      "link_vault_note",
      { note: "shows/dots.md", node: "/project1/dots/noise1" },
    );
    expect(linked).toMatchObject({
      node_tags: ["svc", "vault:shows/dots.md"],
      note_nodes: ["/project1/dots/noise1"],
      node_changed: true,
    });
    expect(linked.warning).toBeUndefined();
    expect((await fx.node("/project1/dots/noise1"))!.tags.sort()).toEqual(["svc", "vault:shows/dots.md"]);
    const note = await fx.ok<{ text: string; nodes: string[] }>("read_vault_note", { path: "shows/dots.md" });
    expect(note.text.startsWith("---\ntitle: Dots\nnodes:\n  - /project1/dots/noise1\n---\n# Dots\n")).toBe(true);
    // The front matter grew by two lines; the block moved with it and still plans to nothing: the tag is the artist's own.
    const plan = await fx.ok<{ networks: Array<{ empty: boolean; conflicts: number }> }>("plan_vault_note", {
      path: "shows/dots.md",
    });
    expect(plan.networks[0]).toMatchObject({ empty: true, conflicts: 0 });
    await fx.ok("apply_vault_note", { path: "shows/dots.md", force: true, preview: 0 });
    expect((await fx.node("/project1/dots/noise1"))!.tags.sort()).toEqual(["svc", "vault:shows/dots.md"]);
    // Linking twice changes nothing.
    expect(await fx.ok("link_vault_note", { note: "shows/dots.md", node: "/project1/dots/noise1" })).toMatchObject({
      node_changed: false,
      note_changed: false,
    });

    // A tag lost on the way (an edit rewrote the record, someone removed it): applying the note puts it back.
    await fx.bridge.patch(`/api/nodes/${encodeURIComponent("/project1/dots/noise1")}/metadata`, { tags: ["svc"] });
    expect(await fx.ok("apply_vault_note", { path: "shows/dots.md", preview: 0 })).toMatchObject({
      links_restored: ["/project1/dots/noise1"],
    });
    expect((await fx.node("/project1/dots/noise1"))!.tags.sort()).toEqual(["svc", "vault:shows/dots.md"]);

    // A node whose source declares tags: the link warns, and the next plan reports the tag as a live edit it keeps.
    const tagged = await fx.ok<{ node_tags: string[]; warning?: string }>("link_vault_note", {
      note: "shows/dots.md",
      node: "/project1/dots/level1",
    });
    expect(tagged.node_tags.sort()).toEqual(["look", "svc", "vault:shows/dots.md"]);
    expect(tagged.warning).toMatch(/declares tags \(look\).*live edit.*--force/);
    const drift = await fx.ok<{ networks: Array<{ conflicts: number }>; diagnostics: Array<{ code: string }> }>(
      "plan_vault_note",
      { path: "shows/dots.md" },
    );
    expect(drift.networks[0]!.conflicts).toBe(1);
    expect(drift.diagnostics.map((d) => d.code)).toContain("plan-conflict");

    await fx.ok("link_vault_note", { note: "shows/dots.md", node: "/project1/dots/level1", unlink: true });
    const unlinked = await fx.ok<{ node_tags: string[]; note_nodes: string[] }>("link_vault_note", {
      note: "shows/dots.md",
      node: "/project1/dots/noise1",
      unlink: true,
    });
    expect(unlinked).toMatchObject({ node_tags: ["svc"], note_nodes: [] });
    expect((await fx.node("/project1/dots/level1"))!.tags.sort()).toEqual(["look", "svc"]);
    expect((await fx.ok<{ text: string }>("read_vault_note", { path: "shows/dots.md" })).text).toBe(NOTE);
  });

  it("links an artist's operator through the metadata route; an unknown operator or a note that is not YAML changes nothing", async () => {
    process.env.SVC_VAULT_PATH = vaultDir;
    await fx.batch([{ action: "create", parent_path: "/project1", type: "nullTOP", name: "mine" }]);
    await fx.ok("write_vault_note", { path: "mine.md", text: "# Mine\n" });
    expect(await fx.ok("link_vault_note", { note: "mine.md", node: "/project1/mine" })).toMatchObject({
      node_tags: ["vault:mine.md"],
      note_nodes: ["/project1/mine"],
    });
    const e = await fx.call("link_vault_note", { note: "mine.md", node: "/project1/nothing_here" });
    expect(e.isError).toBe(true);
    expect((await fx.ok<{ nodes: string[] }>("read_vault_note", { path: "mine.md" })).nodes).toEqual([
      "/project1/mine",
    ]);
    await fx.ok("write_vault_note", { path: "bad.md", text: "---\nnodes: [\n---\n# Bad\n" });
    refused(
      await fx.call("link_vault_note", { note: "bad.md", node: "/project1/mine" }),
      "vault-front-matter-invalid",
      /line 2/,
    );
    expect((await fx.node("/project1/mine"))!.tags).toEqual(["vault:mine.md"]);
    refused(
      await fx.call("link_vault_note", { note: "../outside/secret.md", node: "/project1/mine" }),
      "vault-path-escapes",
    );
  });
});
