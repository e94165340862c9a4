/**
 * Checks shared by the artist tool suites: what a successful build must leave behind (the network
 * with its recipe COMPs and their panels, a PNG thumbnail, a .svcnet that re-plans to nothing), and
 * the recipe library as the tests see it (which recipes exist, their panel names).
 */
import { readWholeTopology } from "../../runtime/engine/plan/paged-topology.js";
import { readFileSync } from "node:fs";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { parse } from "../../grammar/parse.js";
import { loadArtistCatalog, type ArtistRecipe } from "../../runtime/mcp/tools/artist/recipe-catalog.js";
import type { ArtistData } from "../../runtime/mcp/tools/artist/run-artist.js";
import { textOf } from "./helpers.js";
import type { NetworkFixture } from "./network-fixture.js";

/** What every artist tool returns as structured content: the tool's own type. */
export type ArtistResult = ArtistData;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The recipe library, by name. */
export async function libraryRecipes(): Promise<Map<string, ArtistRecipe>> {
  return new Map((await loadArtistCatalog()).recipes.map((r) => [r.name, r]));
}

/** `param → control` of a recipe: the control whose default is `$param`. */
export function controlsOfParams(recipe: ArtistRecipe): Map<string, string> {
  const { ast } = parse(readFileSync(recipe.path, "utf8"));
  const out = new Map<string, string>();
  for (const block of ast.recipes.find((r) => r.name.name === recipe.name)?.controls ?? []) {
    for (const d of block.declarations) if (d.default?.kind === "RecipeParamRef") out.set(d.default.name, d.name.name);
  }
  return out;
}

/** Custom parameters of a live COMP: name → default (a recipe use's defaults are its arguments). */
export async function livePanel(f: NetworkFixture, comp: string): Promise<Record<string, unknown>> {
  const parent = comp.slice(0, comp.lastIndexOf("/"));
  const topo = await readWholeTopology<{
    path: string;
    custom_pages: Array<{ pars: Array<{ name: string; default: unknown }> }>;
  }>(f.bridge, parent, { depth: 1, custom: true });
  const node = topo.nodes.find((n) => n.path === comp);
  if (!node) throw new Error(`${comp} is not live`);
  return Object.fromEntries(node.custom_pages.flatMap((p) => p.pars.map((c) => [c.name, c.default])));
}

/** A successful build: data, no live error, a PNG thumbnail no larger than asked, re-plans to nothing. */
export async function expectBuilt(f: NetworkFixture, r: CallToolResult, size: number): Promise<ArtistResult> {
  expect(r.isError, textOf(r)).toBeFalsy();
  const data = r.structuredContent as unknown as ArtistResult;
  expect(data.errors, textOf(r)).toBe(0);
  expect(data.verify?.errors).toBe(0);
  const image = r.content.find((c) => c.type === "image");
  expect(image?.type === "image" && image.mimeType).toBe("image/png");
  const png = Buffer.from(image?.type === "image" ? image.data : "", "base64");
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(data.preview?.path).toBe(`${data.network}/out1`);
  expect(Math.max(data.preview!.width, data.preview!.height)).toBeLessThanOrEqual(size);
  expect(textOf(r)).toContain(data.source);
  // The returned source, applied again as it is, changes nothing.
  const again = await f.call("plan_network", { source: data.source, file: data.file });
  expect(again.isError, textOf(again)).toBeFalsy();
  expect((again.structuredContent as { networks: Array<{ root: string; empty: boolean }> }).networks).toEqual([
    expect.objectContaining({ root: data.network, empty: true }),
  ]);
  return data;
}
