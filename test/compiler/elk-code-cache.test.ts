import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { Script } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import type { ElkNode } from "elkjs/lib/elk-api.js";
import { writeElkCodeCache } from "../../compiler/layout/elk-code-cache.js";
import { buildElkGraph, warmUpGraph } from "../../compiler/layout/elk-graph.js";
import { elkSource, evaluateElk, type ElkSource } from "../../compiler/layout/elk-source.js";
import { TD_GEOMETRY } from "../../compiler/layout/geometry.js";

const folder = mkdtempSync(join(tmpdir(), "svc-elk-code-cache-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A level of chains and fan-ins, unlike the warm-up level. */
const level = buildElkGraph(
  {
    nodes: Array.from({ length: 40 }, (_, i) => `t${i}`),
    edges: Array.from({ length: 39 }, (_, i) => ({
      from: `t${i}`,
      fromIndex: 0,
      to: `t${i + 1}`,
      toIndex: i % 4 === 3 ? 1 : 0,
    })).concat(
      Array.from({ length: 9 }, (_, i) => ({ from: `t${i * 4}`, fromIndex: 1, to: `t${i * 4 + 3}`, toIndex: 0 })),
    ),
  },
  TD_GEOMETRY,
);

const boxes = (laid: ElkNode) =>
  JSON.stringify((laid.children ?? []).map(({ id, x, y, width, height }) => [id, x, y, width, height]));

/** ELK from `source`, the script V8 compiled it as, and its layout of `level`. */
async function load(source: ElkSource): Promise<{ script: Script; laid: string }> {
  let script: Script | undefined;
  const ELK = evaluateElk(source, (s) => (script = s));
  return { script: script!, laid: boxes(await new ELK().layout(structuredClone(level))) };
}

describe("V8's code cache of ELK", () => {
  it("is written for this text, this Node and these flags, read back without being rejected, and lays out as a fresh compile does", async () => {
    const written = await writeElkCodeCache(folder);
    const source = elkSource({ codeCacheFolder: folder });
    expect(written.path).toBe(source.codeCache);
    expect(existsSync(written.path)).toBe(true);
    expect(written.bytes).toBeGreaterThan(100_000);
    const cached = await load(source);
    expect(cached.script.cachedDataRejected).toBe(false);
    const fresh = await load({ ...source, codeCache: undefined });
    expect(fresh.script.cachedDataRejected).toBeUndefined();
    expect(cached.laid).toBe(fresh.laid);
    expect(boxes(await new (evaluateElk(source))().layout(warmUpGraph(TD_GEOMETRY)))).toContain('"n9"');
  });

  it("is written by the build where the built layout workers look for it", () => {
    const built = elkSource({ codeCacheFolder: join(import.meta.dirname, "..", "..", "dist", "compiler", "layout") });
    expect(existsSync(built.codeCache!), `${built.codeCache} (npm run build writes it)`).toBe(true);
  });

  it("is named by the text: the shipped text's cache is another file, never this one", () => {
    const edited = elkSource({ codeCacheFolder: folder });
    const shipped = elkSource({ shipped: true, codeCacheFolder: folder });
    expect(basename(shipped.codeCache!)).not.toBe(basename(edited.codeCache!));
    expect(existsSync(shipped.codeCache!)).toBe(false);
  });

  it("when damaged or cut short, is not used and ELK is compiled as without one", async () => {
    const source = elkSource({ codeCacheFolder: folder });
    const good = readFileSync(source.codeCache!);
    const damaged = Buffer.from(good);
    for (let i = 64; i < damaged.length; i += 4096) damaged[i] = damaged[i]! ^ 0xff;
    const fresh = (await load({ ...source, codeCache: undefined })).laid;
    for (const bad of [damaged, good.subarray(0, 1000), good.subarray(0, 3), Buffer.alloc(0)]) {
      writeFileSync(source.codeCache!, bad);
      const loaded = await load(source);
      expect(loaded.script.cachedDataRejected).toBeUndefined(); // not even given to V8
      expect(loaded.laid).toBe(fresh);
    }
    writeFileSync(source.codeCache!, good);
    expect((await load(source)).script.cachedDataRejected).toBe(false);
  });
});
