/**
 * The vault's file rules from a fresh temporary home: every way out of the vault (.., absolute
 * paths, a linked note, a linked folder, a link swapped in between the checks and the write, a
 * folder swapped for a link) is refused with its own code, and nothing outside the vault changes.
 */
import fs, {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_NOTE_BYTES } from "../../runtime/vault/limits.js";
import { listNotes, readNote } from "../../runtime/vault/notes.js";
import { readNoteFile, writeNoteFile } from "../../runtime/vault/safe-fs.js";
import { searchVault } from "../../runtime/vault/search.js";
import { openVault, type Vault } from "../../runtime/vault/vault-root.js";

const home = mkdtempSync(join(tmpdir(), "svc-vault-home-"));
const outside = join(home, "outside");
const vaultDir = join(home, "notes");
let vault: Vault;

/** Every file below a folder with its content: what "nothing outside was touched" compares. */
function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = join(e.parentPath, e.name);
    if (e.isFile()) out[p.slice(dir.length)] = readFileSync(p, "utf8");
  }
  return out;
}

function refused(fn: () => unknown, code: string): Record<string, unknown> {
  try {
    fn();
  } catch (err) {
    expect((err as { code: string }).code).toBe(code);
    expect((err as { details: { help: string } }).details.help.length).toBeGreaterThan(10);
    return err as Record<string, unknown>;
  }
  throw new Error(`expected ${code}, nothing was refused`);
}

beforeEach(() => {
  rmSync(outside, { recursive: true, force: true });
  rmSync(vaultDir, { recursive: true, force: true });
  mkdirSync(outside);
  mkdirSync(vaultDir);
  writeFileSync(join(outside, "secret.md"), "outside secret\n");
  vault = openVault({ SVC_VAULT_PATH: vaultDir });
});
afterAll(() => rmSync(home, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/**
 * Runs `swap` the moment the write opens its temporary file beside `name` (after every check svc
 * makes before writing): another program changing the vault in the middle of the write.
 */
function whileWriting(name: string, swap: () => void): { struck: () => boolean } {
  let struck = false;
  const realOpenSync = fs.openSync;
  vi.spyOn(fs, "openSync").mockImplementation(((p: fs.PathLike, ...rest: unknown[]) => {
    if (!struck && typeof p === "string" && basename(p).startsWith(`${name}.`)) {
      struck = true;
      swap();
    }
    return (realOpenSync as (...a: unknown[]) => number)(p, ...rest);
  }) as typeof fs.openSync);
  return { struck: () => struck };
}

describe("the vault setting", () => {
  it("unset, relative, missing or a file: each refused with what to do", () => {
    const unset = refused(() => openVault({}), "vault-not-configured");
    expect(String((unset.details as { help: string }).help)).toMatch(/SVC_VAULT_PATH.*svc doctor --fix/);
    refused(() => openVault({ SVC_VAULT_PATH: "notes" }), "vault-path-not-absolute");
    refused(() => openVault({ SVC_VAULT_PATH: join(home, "nope") }), "vault-missing");
    refused(() => openVault({ SVC_VAULT_PATH: join(outside, "secret.md") }), "vault-not-a-folder");
  });

  it("the vault folder itself may be reached through a link (a synced folder); its real path is used", () => {
    symlinkSync(vaultDir, join(home, "vault-link"));
    const viaLink = openVault({ SVC_VAULT_PATH: join(home, "vault-link") });
    writeNoteFile(viaLink, "a.md", "hi\n");
    expect(readFileSync(join(vaultDir, "a.md"), "utf8")).toBe("hi\n");
    unlinkSync(join(home, "vault-link"));
  });
});

describe("reading and writing notes", () => {
  it("writes atomically (no temporary file left), creates folders, refuses to replace unless asked", () => {
    const w = writeNoteFile(vault, "shows/tunnel.md", "# Tunnel\n");
    expect(w).toMatchObject({ path: "shows/tunnel.md", created: true, bytes: 9 });
    expect(readdirSync(join(vaultDir, "shows"))).toEqual(["tunnel.md"]);
    refused(() => writeNoteFile(vault, "shows/tunnel.md", "again"), "vault-note-exists");
    const read = readNoteFile(vault, "shows/tunnel.md");
    expect(read).toMatchObject({ text: "# Tunnel\n", sha256: w.sha256 });
    refused(
      () => writeNoteFile(vault, "shows/tunnel.md", "x", { expectedSha256: "0".repeat(64) }),
      "vault-note-changed",
    );
    expect(writeNoteFile(vault, "shows/tunnel.md", "# Tunnel 2\n", { expectedSha256: w.sha256 }).created).toBe(false);
    expect(readFileSync(join(vaultDir, "shows/tunnel.md"), "utf8")).toBe("# Tunnel 2\n");
    refused(() => readNoteFile(vault, "shows/none.md"), "vault-note-not-found");
  });

  it.each([
    ["../outside/secret.md", "vault-path-escapes"],
    ["shows/../../outside/secret.md", "vault-path-escapes"],
    ["/etc/passwd.md", "vault-path-absolute"],
    ["C:\\Users\\me\\a.md", "vault-path-absolute"],
    ["~/a.md", "vault-path-absolute"],
    ["shows\\a.md", "vault-path-invalid"],
    [".obsidian/workspace.md", "vault-path-hidden"],
    ["shows/.a.md.svc-tmp.md", "vault-path-hidden"],
    ["shows//a.md", "vault-path-invalid"],
    ["notes.txt", "vault-not-markdown"],
    ["a\u0000.md", "vault-path-invalid"],
    [`${"a/".repeat(100)}a.md`, "vault-path-invalid"],
  ])("refuses the path %j (%s) for reading and writing, touching nothing", (path, code) => {
    const before = tree(home);
    refused(() => readNoteFile(vault, path), code);
    refused(() => writeNoteFile(vault, path, "x", { overwrite: true }), code);
    expect(tree(home)).toEqual(before);
  });

  it("refuses a note that is a link, to read or to write, and the file it points at is untouched", () => {
    symlinkSync(join(outside, "secret.md"), join(vaultDir, "link.md"));
    refused(() => readNoteFile(vault, "link.md"), "vault-symlink");
    refused(() => writeNoteFile(vault, "link.md", "pwned", { overwrite: true }), "vault-symlink");
    expect(readFileSync(join(outside, "secret.md"), "utf8")).toBe("outside secret\n");
  });

  it("refuses a path through a linked folder, to read or to write, and creates nothing outside", () => {
    symlinkSync(outside, join(vaultDir, "linked"));
    refused(() => readNoteFile(vault, "linked/secret.md"), "vault-symlink");
    refused(() => writeNoteFile(vault, "linked/new.md", "pwned"), "vault-symlink");
    refused(() => writeNoteFile(vault, "linked/deeper/new.md", "pwned"), "vault-symlink");
    expect(readdirSync(outside)).toEqual(["secret.md"]);
  });

  it("refuses a link swapped in for the note after the checks; the link's target is untouched and no temporary file stays", () => {
    writeNoteFile(vault, "n.md", "mine\n");
    refused(
      () =>
        writeNoteFile(vault, "n.md", "pwned", {
          overwrite: true,
          afterChecks: () => {
            unlinkSync(join(vaultDir, "n.md"));
            symlinkSync(join(outside, "secret.md"), join(vaultDir, "n.md"));
          },
        }),
      "vault-symlink",
    );
    expect(readFileSync(join(outside, "secret.md"), "utf8")).toBe("outside secret\n");
    expect(readdirSync(vaultDir)).toEqual(["n.md"]);
  });

  it.runIf(process.platform === "linux")(
    "refuses when the note's folder is swapped for a link after the checks; nothing is written anywhere",
    () => {
      writeNoteFile(vault, "sub/n.md", "mine\n");
      refused(
        () =>
          writeNoteFile(vault, "sub/n.md", "pwned", {
            overwrite: true,
            afterChecks: () => {
              renameSync(join(vaultDir, "sub"), join(vaultDir, "sub-moved"));
              symlinkSync(outside, join(vaultDir, "sub"));
            },
          }),
        "vault-changed-during-write",
      );
      expect(tree(outside)).toEqual({ "/secret.md": "outside secret\n" });
      expect(tree(join(vaultDir, "sub-moved"))).toEqual({ "/n.md": "mine\n" });
    },
  );

  it("refuses a link swapped in for the note while it is being written; the link's target is untouched and no temporary file stays", () => {
    writeNoteFile(vault, "n.md", "mine\n");
    const swap = whileWriting("n.md", () => {
      unlinkSync(join(vaultDir, "n.md"));
      symlinkSync(join(outside, "secret.md"), join(vaultDir, "n.md"));
    });
    refused(() => writeNoteFile(vault, "n.md", "pwned", { overwrite: true }), "vault-symlink");
    expect(swap.struck()).toBe(true);
    expect(tree(outside)).toEqual({ "/secret.md": "outside secret\n" });
    expect(readdirSync(vaultDir)).toEqual(["n.md"]); // the link put there, and nothing of svc's
  });

  it.runIf(process.platform === "linux")(
    "a folder swapped for a link while the note is being written: nothing is written outside the vault, and svc says what happened",
    () => {
      writeNoteFile(vault, "sub/n.md", "mine\n");
      const swap = whileWriting("n.md", () => {
        renameSync(join(vaultDir, "sub"), join(vaultDir, "sub-moved"));
        symlinkSync(outside, join(vaultDir, "sub"));
      });
      const err = refused(
        () => writeNoteFile(vault, "sub/n.md", "pwned", { overwrite: true }),
        "vault-changed-during-write",
      );
      expect(swap.struck()).toBe(true);
      expect(String(err.message)).toContain("nothing was written through a link");
      expect(tree(outside)).toEqual({ "/secret.md": "outside secret\n" });
      // The note went into the folder svc had opened and checked, now moved by the other program.
      expect(tree(join(vaultDir, "sub-moved"))).toEqual({ "/n.md": "pwned" });
    },
  );

  it("refuses a huge note to write or read, and a binary or non-UTF-8 file to read", () => {
    refused(() => writeNoteFile(vault, "big.md", "x".repeat(MAX_NOTE_BYTES + 1)), "vault-note-too-large");
    expect(readdirSync(vaultDir)).toEqual([]);
    writeFileSync(join(vaultDir, "big.md"), Buffer.alloc(MAX_NOTE_BYTES + 1, 0x61));
    refused(() => readNoteFile(vault, "big.md"), "vault-note-too-large");
    writeFileSync(join(vaultDir, "image.md"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    refused(() => readNoteFile(vault, "image.md"), "vault-note-not-text");
    writeFileSync(join(vaultDir, "latin1.md"), Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    refused(() => readNoteFile(vault, "latin1.md"), "vault-note-not-text");
    refused(() => writeNoteFile(vault, "nul.md", "a\u0000b"), "vault-note-not-text");
    mkdirSync(join(vaultDir, "folder.md"));
    refused(() => readNoteFile(vault, "folder.md"), "vault-not-a-file");
  });
});

describe("listing and searching", () => {
  beforeEach(() => {
    writeNoteFile(
      vault,
      "a.md",
      "---\nnodes: [/project1/tunnel]\n---\n# Feedback tunnel\nThe tunnel feeds back.\n\n```svcnet\nsvcnet 1\n```\n",
    );
    writeNoteFile(vault, "shows/b.md", `# Show\n${"x".repeat(400)} tunnel feedback ${"y".repeat(400)}\n`);
    writeNoteFile(vault, "shows/c.md", "nothing here\n");
    writeFileSync(join(vaultDir, "shows", "bin.md"), Buffer.from([0x74, 0x75, 0x00]));
    writeFileSync(join(vaultDir, "shows", "back\\slash.md"), "tunnel feedback, in a name svc cannot address\n");
    mkdirSync(join(vaultDir, ".obsidian"));
    writeFileSync(join(vaultDir, ".obsidian", "hidden.md"), "tunnel feedback\n");
    symlinkSync(outside, join(vaultDir, "linked"));
    symlinkSync(join(outside, "secret.md"), join(vaultDir, "secret.md"));
    writeFileSync(join(outside, "tunnel.md"), "tunnel feedback outside\n");
  });

  it("lists notes in path order, never through links or into hidden folders, bounded by limit", () => {
    const all = listNotes(vault, undefined);
    expect(all.notes.map((n) => n.path)).toEqual([
      "a.md",
      "shows/b.md",
      "shows/back\\slash.md",
      "shows/bin.md",
      "shows/c.md",
    ]);
    expect(all).toMatchObject({ links_skipped: 2, complete: true });
    const two = listNotes(vault, undefined, 2);
    expect(two.notes).toHaveLength(2);
    expect(two.complete).toBe(false);
    expect(listNotes(vault, "shows").notes.map((n) => n.path)).toEqual([
      "shows/b.md",
      "shows/back\\slash.md",
      "shows/bin.md",
      "shows/c.md",
    ]);
    refused(() => listNotes(vault, "linked"), "vault-symlink");
    refused(() => listNotes(vault, "../outside"), "vault-path-escapes");
  });

  it("reads a note with its front matter, linked nodes and svcnet blocks", () => {
    expect(readNote(vault, "a.md")).toMatchObject({
      nodes: ["/project1/tunnel"],
      svcnet_blocks: [{ index: 1, first_line: 8, last_line: 8 }],
      body_line: 4,
    });
  });

  it("finds notes holding every word, best first, with short snippets, and counts what it passed over", () => {
    const r = searchVault(vault, "Tunnel FEEDBACK", { limit: 10 });
    expect(r.results.map((h) => h.path)).toEqual(["a.md", "shows/b.md"]);
    expect(r).toMatchObject({
      complete: true,
      stopped_by: null,
      notes_read: 3,
      skipped: { not_text: 1, links: 2, too_large: 0, unreadable: 1 },
    });
    expect(r.results[0]!.snippets.slice(0, 2)).toEqual([
      { line: 2, text: "nodes: [/project1/tunnel]" },
      { line: 4, text: "# Feedback tunnel" },
    ]);
    const long = r.results[1]!.snippets[0]!;
    expect(long.text.length).toBeLessThanOrEqual(160);
    expect(long.text).toContain("tunnel feedback");
    expect(JSON.stringify(r)).not.toContain("outside");
  });

  it("stops at its bounds and says which one", () => {
    expect(searchVault(vault, "tunnel", { limit: 1 })).toMatchObject({
      complete: false,
      stopped_by: "results",
      results: [{ path: "a.md" }],
    });
    let t = 0;
    const slow = searchVault(vault, "tunnel", { limit: 10, now: () => (t += 2_000) });
    expect(slow).toMatchObject({ complete: false, stopped_by: "time" });
    expect(slow.notes_read).toBeLessThan(3);
  });
});

describe("profiles", () => {
  it("safe offers the vault tools that only read (list, read, search, plan); writing, linking and applying are full only", async () => {
    const { toolManifest } = await import("../../runtime/mcp/tools/tool-manifest.js");
    const { selectTools } = await import("../../runtime/mcp/tools/registry.js");
    const vaultTools = (profile: "core" | "safe" | "full") =>
      selectTools(toolManifest, { profile, rawPython: true })
        .map((t) => t.name)
        .filter((n) => n.includes("vault"));
    expect(vaultTools("safe")).toEqual(["list_vault_notes", "plan_vault_note", "read_vault_note", "search_vault"]);
    expect(vaultTools("core")).toEqual([]);
    expect(vaultTools("full")).toEqual([
      "apply_vault_note",
      "link_vault_note",
      "list_vault_notes",
      "plan_vault_note",
      "read_vault_note",
      "search_vault",
      "write_vault_note",
    ]);
  });
});
