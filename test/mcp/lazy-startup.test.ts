import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import { inProfile } from "../../runtime/mcp/tools/registry.js";
import { REGENERATE_TOOL_LIST } from "../../runtime/mcp/tools/generated-tool-list.js";
import { requireBuiltCli, ROOT } from "./helpers.js";
import { toolFiles } from "./tool-files.js";

const GENERATED = `${ROOT}dist/runtime/mcp/tools/tool-list.generated.json`;
const RECORDER = fileURLToPath(new URL("./fixtures/register-import-recorder.mjs", import.meta.url));

/**
 * Runs `svc` (stdio) under an import recorder until tools/list is answered (and `then` has run);
 * returns every module URL it loaded.
 */
async function modulesLoadedForToolsList(
  profile = "full",
  then?: (client: Client) => Promise<void>,
): Promise<string[]> {
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
    await then?.(client);
    await client.close();
    return readFileSync(log, "utf8").split("\n").filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("lazy startup", () => {
  it("answers tools/list without loading the knowledge base, grammar, compiler, engine, elkjs, undici or the HTTP transport", async () => {
    const loaded = await modulesLoadedForToolsList();
    // The recorder works: the server itself shows up.
    expect(loaded.some((u) => u.endsWith("/dist/runtime/mcp/server.js"))).toBe(true);
    const heavy = loaded.filter(
      (u) =>
        /\/dist\/(compiler|grammar|diagnostics)\//.test(u) ||
        (/\/dist\/kb\//.test(u) && !u.endsWith("/dist/kb/types.js")) ||
        /\/node_modules\/(elkjs|undici|chevrotain|graphology)\//.test(u) ||
        /\/dist\/runtime\/engine\//.test(u) ||
        /\/dist\/runtime\/mcp\/transports\/http\.js$/.test(u) ||
        /server\/streamableHttp\.js$/.test(u),
    );
    // The tool results need two modules of diagnostics/, both tiny and importing nothing: the JSON
    // shape (render-json.js) and the next step phrased for an assistant (next-step.js).
    const tiny = ["/dist/diagnostics/render-json.js", "/dist/diagnostics/next-step.js"];
    expect(heavy.filter((u) => !tiny.some((t) => u.endsWith(t)))).toEqual([]);
  });

  it("imports no tool file to answer tools/list, and a tool's own file on its first call", async () => {
    if (!existsSync(GENERATED)) throw new Error(`${GENERATED} is missing: run \`${REGENERATE_TOOL_LIST}\``);
    const files = await toolFiles();
    const core = files.filter((f) => inProfile(f.tool, "core"));
    expect(core.length).toBeGreaterThan(0);
    let listed: string[] = [];
    const loaded = await modulesLoadedForToolsList("core", async (client) => {
      listed = (await client.listTools()).tools.map((t) => t.name);
      await client.callTool({ name: "search_operators", arguments: { query: "noise", limit: 1 } });
    });
    const fileLoaded = (file: string) => loaded.some((u) => u.endsWith(`/dist/runtime/mcp/tools/${file}.js`));
    // Every core tool is listed; of all the tool files, only the one called was imported.
    expect(listed).toEqual(expect.arrayContaining(core.filter((f) => !f.tool.feature).map((f) => f.tool.name)));
    expect(files.filter((f) => fileLoaded(f.file)).map((f) => f.tool.name)).toEqual(["search_operators"]);
    // Resources are registered from the build's index too: their files load on first read.
    const resourceFiles = loaded.filter((u) =>
      /\/dist\/runtime\/mcp\/resources\/(commands|operators|language|guide-docs|compat|patterns|recipes|session)\.js$/.test(
        u,
      ),
    );
    expect(resourceFiles).toEqual([]);
  });
});
