import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { inProfile } from "../../runtime/mcp/tools/registry.js";
import { toolManifest } from "../../runtime/mcp/tools/tool-manifest.js";
import { requireBuiltCli } from "./helpers.js";
import { toolFiles } from "./tool-files.js";

const RECORDER = fileURLToPath(new URL("./fixtures/register-import-recorder.mjs", import.meta.url));

/** Runs `svc` (stdio) under an import recorder until tools/list is answered; returns every module URL it loaded. */
async function modulesLoadedForToolsList(profile = "full"): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "svc-imports-"));
  const log = join(dir, "imports.log");
  try {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", RECORDER, requireBuiltCli()],
      env: { PATH: process.env.PATH ?? "", SVC_TEST_IMPORT_LOG: log, SVC_TOOL_PROFILE: profile },
      stderr: "pipe",
    });
    const client = new Client({ name: "svc-test", version: "1" });
    await client.connect(transport);
    await client.listTools();
    await client.listResourceTemplates();
    await client.listPrompts();
    await client.close();
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("lazy startup", () => {
  it("answers tools/list without loading the knowledge base, grammar, compiler, elkjs, undici or the HTTP transport", async () => {
    const loaded = await modulesLoadedForToolsList();
    // The recorder works: the server itself shows up.
    expect(loaded.some((u) => u.endsWith("/dist/runtime/mcp/server.js"))).toBe(true);
    const heavy = loaded.filter(
      (u) =>
        /\/dist\/(compiler|grammar|diagnostics)\//.test(u) ||
        (/\/dist\/kb\//.test(u) && !u.endsWith("/dist/kb/types.js")) ||
        /\/node_modules\/(elkjs|undici|chevrotain|graphology)\//.test(u) ||
        /\/dist\/runtime\/(bridge-client\/client|bridge-client\/index|mcp\/transports\/http)\.js$/.test(u) ||
        /server\/streamableHttp\.js$/.test(u),
    );
    // diagnostics/render-json.js is the one module of the language the tool results need; it is tiny.
    expect(heavy.filter((u) => !u.endsWith("/dist/diagnostics/render-json.js"))).toEqual([]);
  });

  it("imports only the tool files of the selected profile", async () => {
    const loaded = await modulesLoadedForToolsList("core");
    const files = await toolFiles();
    const fileLoaded = (file: string) => loaded.some((u) => u.endsWith(`/dist/runtime/mcp/tools/${file}.js`));
    // A tool behind a feature switch (apply_creative_card) is not loaded while its switch is off.
    const gated = new Set(toolManifest.filter((e) => e.feature).map((e) => e.name));
    const core = files.filter((f) => inProfile(f.tool, "core") && !gated.has(f.tool.name));
    expect(core.length).toBeGreaterThan(0);
    expect(core.filter((f) => !fileLoaded(f.file)).map((f) => f.tool.name)).toEqual([]);
    // A file that also defines a core tool is loaded for that one; none here does.
    const others = files.filter((f) => !core.some((c) => c.file === f.file));
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((f) => fileLoaded(f.file)).map((f) => f.tool.name)).toEqual([]);
  });
});
