import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setRecipesDir } from "../../runtime/recipes/catalog.js";
import { memoryClient } from "./helpers.js";

const GLOW = `svcnet 1

# Soft glow around bright areas.
recipe glow {
  params {
    amount: float = 0.5 range 0..1 label "Glow amount"
    size: int = 8
  }
  blur1: blurTOP { size: $size }
  level1: levelTOP { opacity: $amount }
  blur1 -> level1
}
`;

const TUNNEL = `svcnet 1

# A zooming feedback tunnel.
recipe feedbackTunnel {
  params {
    gain: float = 0.96 range 0..1
    mode: menu = add entries (add "Add", multiply "Multiply")
  }
  feedback1: feedbackTOP { top: level1 }
  level1: levelTOP { brightness1: $gain }
  feedback1 -> level1
}
`;

let client: Client;
let dir: string;

async function readJson<T>(uri: string): Promise<T> {
  const r = await client.readResource({ uri });
  return JSON.parse((r.contents[0] as { text: string }).text) as T;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-recipes-"));
  mkdirSync(join(dir, "fx"));
  writeFileSync(join(dir, "glow.svcnet"), GLOW);
  writeFileSync(join(dir, "fx", "tunnel.svcnet"), TUNNEL);
  writeFileSync(join(dir, "broken.svcnet"), "svcnet 1\nrecipe broken {\n  a: noiseTOP { period: }\n");
  writeFileSync(join(dir, "notes.txt"), "not a recipe");
  setRecipesDir(dir);
  client = await memoryClient();
});

afterAll(async () => {
  await client.close();
  setRecipesDir(undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe("recipe resources", () => {
  it("lists every recipe, including subfolders, and reports files with syntax errors", async () => {
    const body = await readJson<{
      count: number;
      recipes: { name: string; file: string }[];
      problems: { file: string; message: string }[];
    }>("svc://recipes");
    expect(body.recipes.map((r) => r.name)).toEqual(["feedbackTunnel", "glow"]);
    expect(body.recipes.find((r) => r.name === "feedbackTunnel")!.file).toBe("fx/tunnel.svcnet");
    expect(body.problems).toHaveLength(1);
    expect(body.problems[0]!.file).toBe("broken.svcnet");
    expect(body.problems[0]!.message).toMatch(/syntax error/);
  });

  it("serves one recipe with its declared parameters, description and source", async () => {
    const r = await readJson<{
      description: string;
      params: {
        name: string;
        type: string;
        default: string;
        range: number[] | null;
        label: string | null;
        entries?: string[];
      }[];
      uses: string[];
      source: string;
    }>("svc://recipes/glow");
    expect(r.description).toBe("Soft glow around bright areas.");
    expect(r.params).toEqual([
      { name: "amount", type: "float", default: "0.5", range: [0, 1], label: "Glow amount" },
      { name: "size", type: "int", default: "8", range: null, label: null },
    ]);
    expect(r.uses).toEqual(["blurTOP", "levelTOP"]);
    expect(r.source.startsWith("recipe glow {")).toBe(true);
    const tunnel = await readJson<{ params: { name: string; entries?: string[] }[] }>("svc://recipes/feedbackTunnel");
    expect(tunnel.params.find((p) => p.name === "mode")!.entries).toEqual(["add", "multiply"]);
  });

  it("refuses an unknown recipe and names the closest", async () => {
    await expect(client.readResource({ uri: "svc://recipes/glo" })).rejects.toThrow(/no recipe 'glo'\. Closest: glow/);
  });

  it("searches names, descriptions and operators, requiring every word", async () => {
    const hits = await readJson<{ matches: { name: string }[]; searched: number }>(
      "svc://recipes/search/feedback%20zooming",
    );
    expect(hits.matches.map((m) => m.name)).toEqual(["feedbackTunnel"]);
    expect(hits.searched).toBe(2);
    const byOperator = await readJson<{ matches: { name: string }[] }>("svc://recipes/search/blur");
    expect(byOperator.matches.map((m) => m.name)).toEqual(["glow"]);
    const none = await readJson<{ matches: unknown[] }>("svc://recipes/search/kaleidoscope");
    expect(none.matches).toEqual([]);
  });

  it("completes recipe names", async () => {
    const r = await client.complete({
      ref: { type: "ref/resource", uri: "svc://recipes/{name}" },
      argument: { name: "name", value: "fe" },
    });
    expect(r.completion.values).toEqual(["feedbackTunnel"]);
  });

  it("says clearly when no recipes are installed", async () => {
    const empty = mkdtempSync(join(tmpdir(), "svc-recipes-empty-"));
    setRecipesDir(empty);
    try {
      const list = await readJson<{ count: number; note: string }>("svc://recipes");
      expect(list.count).toBe(0);
      expect(list.note).toMatch(/no recipes are installed/);
      const search = await readJson<{ matches: unknown[]; note: string }>("svc://recipes/search/glow");
      expect(search.matches).toEqual([]);
      expect(search.note).toMatch(/no recipes are installed/);
      await expect(client.readResource({ uri: "svc://recipes/glow" })).rejects.toThrow(/no recipes are installed/);
    } finally {
      setRecipesDir(dir);
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
