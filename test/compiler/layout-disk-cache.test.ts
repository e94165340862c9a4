/**
 * Laid-out levels kept on disk: a new process (here: the in-memory cache emptied) reuses every
 * level nobody changed, with the very coordinates ELK gave; a damaged file is a miss, laid out
 * again and rewritten; the folder stays under its size cap; and `svc plan` keeps its levels there.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { layoutProgram } from "../../compiler/layout/layout.js";
import { clearLayoutCache } from "../../compiler/layout/layout-cache.js";
import { levelFolder, readStoredLevel, storeLevels } from "../../compiler/layout/layout-disk-cache.js";
import { runSvc } from "../cli/run-cli.js";
import { compChains, programOf } from "./comp-chains.js";

const made: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-layout-cache-"));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  clearLayoutCache();
});

const levelFiles = (dir: string) =>
  readdirSync(levelFolder(dir))
    .filter((f) => f.endsWith(".json"))
    .sort();

describe("the layout cache on disk", () => {
  it("gives a new process the levels an earlier one laid out, with the same coordinates", async () => {
    const dir = folder();
    const p = await programOf(compChains(3, 8, { grow: true }));
    clearLayoutCache();
    const cold = await layoutProgram(p);
    clearLayoutCache();
    const first = await layoutProgram(p, { cacheDir: dir });
    expect(first.levels).toEqual({ laidOut: 4, reused: 0 }); // three COMPs and the network itself
    expect([...first.positions]).toEqual([...cold.positions]);
    expect(levelFiles(dir)).toHaveLength(4);
    expect(readdirSync(levelFolder(dir)).filter((f) => f.endsWith(".tmp"))).toEqual([]);

    clearLayoutCache(); // what a new process starts with
    const again = await layoutProgram(p, { cacheDir: dir });
    expect(again.levels).toEqual({ laidOut: 0, reused: 4 });
    expect([...again.positions]).toEqual([...cold.positions]);

    // One COMP changed: only it is laid out; the others come from disk.
    clearLayoutCache();
    const changed = await layoutProgram(await programOf(compChains(3, 8, { grow: true, extra: true })), {
      cacheDir: dir,
    });
    expect(changed.levels).toEqual({ laidOut: 1, reused: 3 });
    expect(changed.positions.has("/project1/big/comp0/added")).toBe(true);
    expect(levelFiles(dir)).toHaveLength(5);
  });

  it("lays out again a level whose file is damaged, and rewrites the file", async () => {
    const dir = folder();
    const p = await programOf(compChains(2, 6, { grow: true }));
    clearLayoutCache();
    const first = await layoutProgram(p, { cacheDir: dir });
    const files = levelFiles(dir);
    const damaged = ["{ not json", JSON.stringify([["t0", "left", 3]]), JSON.stringify([["t0", 1, 2]]), ""];
    for (const [i, text] of damaged.entries()) {
      writeFileSync(join(levelFolder(dir), files[i % files.length]!), text);
      clearLayoutCache();
      const again = await layoutProgram(p, { cacheDir: dir });
      expect(again.levels, text).toEqual({ laidOut: 1, reused: files.length - 1 });
      expect([...again.positions]).toEqual([...first.positions]);
      const rewritten = await readStoredLevel(dir, files[i % files.length]!.replace(/\.json$/, ""));
      expect(rewritten?.size).toBeGreaterThan(1);
    }
  });

  it("keeps the folder under its size cap, dropping the levels used least recently", async () => {
    const dir = folder();
    const level = (n: number) =>
      new Map(Array.from({ length: 50 }, (_, i) => [`node${n}_${i}`, { x: i * 150, y: -n * 100 }] as const));
    await storeLevels(
      dir,
      [
        ["a", level(1)],
        ["b", level(2)],
      ],
      1_000_000,
    );
    const size = statSync(join(levelFolder(dir), "a.json")).size;
    // "a" used just now: "b" is the least recently used when the cap forces one out.
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(levelFolder(dir), "b.json"), past, past);
    expect(await readStoredLevel(dir, "a")).toEqual(level(1));
    await storeLevels(dir, [["c", level(3)]], 2 * size + 10);
    expect(levelFiles(dir)).toEqual(["a.json", "c.json"]);
    expect(await readStoredLevel(dir, "b")).toBeUndefined();
    expect(await readStoredLevel(dir, "c")).toEqual(level(3));
  });

  it("is where `svc plan` keeps the levels it laid out (SVC_CACHE_DIR)", async () => {
    const dir = folder();
    const project = folder();
    writeFileSync(join(project, "net.svcnet"), compChains(2, 5, { grow: true }));
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    await new Promise((r) => server.close(r));
    clearLayoutCache();
    // No bridge: the plan stops at the live read, after the compile has laid the network out.
    const run = await runSvc(
      ["plan", "net.svcnet"],
      { SVC_CACHE_DIR: dir, SVC_BRIDGE_URL: `http://127.0.0.1:${port}`, HOME: project },
      project,
    );
    expect(run.code).toBe(1);
    const files = levelFiles(dir);
    expect(files).toHaveLength(3);
    const names = files
      .flatMap((f) =>
        (JSON.parse(readFileSync(join(levelFolder(dir), f), "utf8")) as [string, number, number][]).map(([n]) => n),
      )
      .sort();
    expect(names).toEqual(["comp0", "comp1", "t0", "t0", "t1", "t1", "t2", "t2", "t3", "t3", "t4", "t4", "t5"]);
  });
});
