import { describe, expect, it } from "vitest";
import { allTools } from "../../runtime/mcp/tools/all-tools.js";
import { loadTools, manifestMismatch } from "../../runtime/mcp/tools/load-tools.js";
import type { AnyToolDefinition } from "../../runtime/mcp/tools/registry.js";
import { toolManifest, type ToolManifestEntry } from "../../runtime/mcp/tools/tool-manifest.js";
import { toolFiles } from "./tool-files.js";

describe("the tool manifest", () => {
  it("has a line for every tool a file under runtime/mcp/tools exports, and no other", async () => {
    const files = await toolFiles();
    expect(files.length).toBeGreaterThan(0);
    const loaded = new Set(allTools);
    // Identity, not names: the manifest's line imports that very file's export.
    expect(files.filter((f) => !loaded.has(f.tool)).map((f) => `${f.file}: ${f.exportName}`)).toEqual([]);
    expect(allTools.length).toBe(files.length);
    expect(toolManifest.length).toBe(files.length);
  });

  it("agrees with each tool file on the name, the profiles and raw Python", async () => {
    const problems: string[] = [];
    for (const entry of toolManifest) problems.push(...manifestMismatch(entry, await entry.load()));
    expect(problems).toEqual([]);
  });

  it("refuses to load a line that disagrees with its tool file, naming what differs", async () => {
    const real = allTools.find((t) => t.name === "search_operators") as AnyToolDefinition;
    const line = (over: Partial<ToolManifestEntry>): ToolManifestEntry => ({
      name: real.name,
      profiles: real.profiles,
      load: async () => real,
      ...over,
    });
    await expect(loadTools([line({})])).resolves.toEqual([real]);
    await expect(loadTools([line({ profiles: ["core"] })])).rejects.toThrow(
      /'search_operators': profiles \[core\], the tool declares \[core, safe\]/,
    );
    await expect(loadTools([line({ name: "search_ops" })])).rejects.toThrow(
      /'search_ops' loads the tool 'search_operators'/,
    );
    await expect(loadTools([line({ rawPython: true })])).rejects.toThrow(/rawPython differs/);
    await expect(loadTools([line({ load: async () => undefined as unknown as AnyToolDefinition })])).rejects.toThrow(
      /exports no such tool/,
    );
  });
});
