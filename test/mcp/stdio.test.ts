import { spawn, spawnSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import { allTools } from "../../runtime/mcp/tools/all-tools.js";
import { selectTools } from "../../runtime/mcp/tools/registry.js";
import { requireBuiltCli, stdioClient } from "./helpers.js";

/** A parameter expression outside the safe subset (it reaches a module through a dunder). */
const UNSAFE_EXPRESSION =
  "svcnet 1\nnetwork n {\n  noise1: noiseTOP { period: = op('noise1').__class__.__name__ }\n}\n";

/** tools/list must stay small in core: clients send it to the model on every turn. */
const CORE_TOOLS_LIST_LIMIT = 40 * 1024;

describe("svc over stdio (built CLI)", () => {
  it.each(["core", "full", "safe"] as const)("lists exactly the %s profile's tools", async (profile) => {
    const client = await stdioClient({ SVC_TOOL_PROFILE: profile });
    try {
      const listed = await client.listTools();
      const expected = selectTools(allTools, { profile, rawPython: true }).map((t) => t.name);
      expect(listed.tools.map((t) => t.name).sort()).toEqual([...expected].sort());
      if (profile === "core") expect(Buffer.byteLength(JSON.stringify(listed))).toBeLessThan(CORE_TOOLS_LIST_LIMIT);
      // Python the network carries: any in core and full; only the bridge's safe subset in safe
      // (as SVC_BRIDGE_EXPRESSIONS=safe), refused before anything reaches a bridge.
      const carried = await client.callTool({ name: "validate_network", arguments: { source: UNSAFE_EXPRESSION } });
      const codes = ((carried.structuredContent as { diagnostics: { code: string }[] }).diagnostics ?? []).map(
        (d) => d.code,
      );
      expect(codes.includes("unsafe-python"), JSON.stringify(carried.content)).toBe(profile === "safe");
      if (profile === "safe") {
        for (const t of listed.tools) expect(t.annotations?.destructiveHint ?? false, t.name).toBe(false);
      }
      expect(client.getServerVersion()?.name).toBe("svc");
    } finally {
      await client.close();
    }
  });

  it("hides client-Python tools with SVC_RAW_PYTHON=off", async () => {
    const client = await stdioClient({ SVC_TOOL_PROFILE: "full", SVC_RAW_PYTHON: "off" });
    try {
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(names).toEqual(
        selectTools(allTools, { profile: "full", rawPython: false })
          .map((t) => t.name)
          .sort(),
      );
      expect(names).not.toContain("execute_python_script");
      expect(names).not.toContain("exec_node_method");
    } finally {
      await client.close();
    }
  });

  it("answers a tool call end to end", async () => {
    const client = await stdioClient();
    try {
      const r = await client.callTool({
        name: "get_parameter_menu",
        arguments: { operator: "levelTOP", parameter: "clampinput" },
      });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { names: string[] }).names.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it("svc --help prints the command list and exits without serving", () => {
    const r = spawnSync(process.execPath, [requireBuiltCli(), "--help"], {
      encoding: "utf8",
      input: "",
      timeout: 20_000,
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/usage: svc <command>/);
    expect(r.stdout).toMatch(/svc serve/);
  });

  it("refuses a bad SVC_TOOL_PROFILE with a one-line message and exit code 2", () => {
    const r = spawnSync(process.execPath, [requireBuiltCli()], {
      encoding: "utf8",
      input: "",
      timeout: 20_000,
      env: { PATH: process.env.PATH, SVC_TOOL_PROFILE: "everything" },
    });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe("svc: SVC_TOOL_PROFILE must be one of core, full, safe, not 'everything'");
    expect(r.stdout).toBe("");
  });

  it("exits when the client closes stdin", () => {
    const r = spawnSync(process.execPath, [requireBuiltCli()], { encoding: "utf8", input: "", timeout: 20_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
  });
});

describe("svc serve --http (built CLI)", () => {
  it("serves on a free loopback port, prints where, and stops on SIGTERM", async () => {
    const child = spawn(process.execPath, [requireBuiltCli(), "serve", "--http", "--port", "0"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = "";
        child.stderr.setEncoding("utf8");
        child.stderr.on("data", (chunk: string) => {
          err += chunk;
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
          if (m) resolve(m[1]!);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
      });
      const client = new Client({ name: "svc-test", version: "1" });
      await client.connect(new StreamableHTTPClientTransport(new URL(url)));
      expect((await client.listTools()).tools.length).toBe(
        selectTools(allTools, { profile: "core", rawPython: true }).length,
      );
      await client.close();
      const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  it("svc with SVC_TRANSPORT=http and no command serves HTTP", async () => {
    const child = spawn(process.execPath, [requireBuiltCli()], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH, SVC_TRANSPORT: "http", SVC_MCP_PORT: "0", SVC_MCP_TOKEN: "tok" },
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let err = "";
        child.stderr.setEncoding("utf8");
        child.stderr.on("data", (chunk: string) => {
          err += chunk;
          if (err.includes("\n")) resolve(err);
        });
        child.once("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
      });
      expect(line).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp \(profile core, bearer token required\)/);
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
  });

  it("refuses --port without --http", () => {
    const r = spawnSync(process.execPath, [requireBuiltCli(), "serve", "--port", "1234"], {
      encoding: "utf8",
      input: "",
      timeout: 20_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--port needs --http/);
  });
});
