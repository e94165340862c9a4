import { createServer } from "node:net";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NET, startLiveFixture, TEXT_LINES, type LiveFixture } from "./atomic-fixture.js";
import { dataOf, errorOf, memoryClient, textOf } from "./helpers.js";

let f: LiveFixture;
let before: unknown;

beforeAll(async () => {
  f = await startLiveFixture();
  before = await f.snapshot();
});

afterAll(async () => {
  await f?.close();
});

/** A refused call: an error result with this code whose message matches. */
function refused(r: CallToolResult, code: string, message?: RegExp): void {
  expect(r.isError).toBe(true);
  const e = errorOf(r);
  expect(e.code).toBe(code);
  if (message) expect(e.message).toMatch(message);
}

function invalidArgs(r: CallToolResult): void {
  expect(r.isError).toBe(true);
  expect(textOf(r)).toMatch(/Input validation error/);
}

describe("find_td_nodes", () => {
  it("finds operators by type glob below a COMP, nested ones included, and says it is complete", async () => {
    const r = dataOf<{ nodes: { path: string; type: string; family: string }[]; complete: boolean; scanned: number }>(
      await f.call("find_td_nodes", { root: NET, type: "level*" }),
    );
    expect(r.nodes.map((n) => n.path)).toEqual([`${NET}/level1`, `${NET}/inner/level2`]);
    expect(r.nodes.every((n) => n.type === "levelTOP" && n.family === "TOP")).toBe(true);
    expect(r.complete).toBe(true);
  });

  it("reports an incomplete search when the limit or the depth cuts it short", async () => {
    const limited = dataOf<{ count: number; complete: boolean; stoppedBy: string }>(
      await f.call("find_td_nodes", { root: NET, family: "TOP", limit: 2 }),
    );
    expect([limited.count, limited.complete, limited.stoppedBy]).toEqual([2, false, "limit"]);
    const shallow = dataOf<{ nodes: { name: string }[]; complete: boolean; stoppedBy: string }>(
      await f.call("find_td_nodes", { root: NET, name: "level", depth: 1 }),
    );
    expect(shallow.nodes.map((n) => n.name)).toEqual(["level1"]);
    expect([shallow.complete, shallow.stoppedBy]).toEqual([false, "max_depth"]);
  });

  it("refuses a relative root, a root that is not a COMP and an out-of-range limit", async () => {
    invalidArgs(await f.call("find_td_nodes", { root: "project1" }));
    invalidArgs(await f.call("find_td_nodes", { root: NET, limit: 0 }));
    refused(await f.call("find_td_nodes", { root: `${NET}/noise1` }), "not_a_comp", /noise1/);
  });
});

describe("find_td_parameters", () => {
  type Match = {
    path: string;
    name: string;
    value: unknown;
    mode: string;
    expression: string | null;
    isDefault: boolean;
    hidden: boolean;
  };
  type Reply = { matches: Match[]; complete: boolean; stoppedBy: string | null; nodesSearched: number; frame: number };

  it("lists one operator's changed parameters, sorted by name, with mode and expression", async () => {
    const r = dataOf<Reply>(await f.call("find_td_parameters", { path: `${NET}/noise1`, nonDefault: true }));
    expect(r.matches.map((m) => [m.name, m.mode, m.expression])).toEqual([
      ["amp", "expression", "0.25 + 0.125"],
      ["seed", "constant", null],
    ]);
    expect(r.matches[1]!.value).toBe(7);
    expect(r.complete).toBe(true);
  });

  it("searches below a COMP by mode, by value and by name, in path order", async () => {
    const byMode = dataOf<Reply>(await f.call("find_td_parameters", { root: NET, mode: "expression" }));
    expect(byMode.matches.map((m) => `${m.path}.${m.name}`)).toEqual([`${NET}/noise1.amp`]);
    expect(byMode.frame).toBeGreaterThan(0);

    const byValue = dataOf<Reply>(await f.call("find_td_parameters", { root: NET, name: "resolution?", value: "360" }));
    expect(byValue.matches.map((m) => `${m.path}.${m.name}`)).toEqual([`${NET}/const1.resolutionh`]);

    // Untouched parameters too: every levelTOP's 'invert', the nested one included, in path order.
    const byName = dataOf<Reply>(
      await f.call("find_td_parameters", { root: NET, nodeType: "levelTOP", name: "invert" }),
    );
    expect(byName.matches.map((m) => m.path)).toEqual([`${NET}/inner/level2`, `${NET}/level1`]);
    expect(byName.matches.every((m) => m.isDefault && m.mode === "constant")).toBe(true);
    expect([byName.nodesSearched, byName.complete]).toEqual([2, true]);
  });

  it("says when the limit or the operator cap cut the search short", async () => {
    const limited = dataOf<Reply>(await f.call("find_td_parameters", { path: `${NET}/noise1`, limit: 3 }));
    expect(limited.matches).toHaveLength(3);
    expect([limited.complete, limited.stoppedBy]).toEqual([false, "limit"]);
    const capped = dataOf<Reply>(await f.call("find_td_parameters", { root: NET, name: "seed", maxNodes: 2 }));
    expect([capped.nodesSearched, capped.complete, capped.stoppedBy]).toEqual([2, false, "max_nodes"]);
  });

  it("refuses both or neither of path and root, a bad mode, and a missing operator", async () => {
    refused(
      await f.call("find_td_parameters", { path: `${NET}/noise1`, root: NET }),
      "invalid-arguments",
      /either path/,
    );
    refused(await f.call("find_td_parameters", { name: "seed" }), "invalid-arguments");
    invalidArgs(await f.call("find_td_parameters", { path: `${NET}/noise1`, mode: "animated" }));
    refused(await f.call("find_td_parameters", { path: `${NET}/nosuch` }), "node_not_found");
  });
});

describe("get_td_node_errors and summarize_td_errors", () => {
  it("lists the errors of filters without input, nested ones included, without the path suffix", async () => {
    const r = dataOf<{ errorCount: number; errors: { path: string; message: string }[]; complete: boolean }>(
      await f.call("get_td_node_errors", { path: NET }),
    );
    expect(r.errorCount).toBe(3);
    expect(r.errors.map((e) => e.path).sort()).toEqual([`${NET}/blur1`, `${NET}/inner/level2`, `${NET}/level1`]);
    expect(new Set(r.errors.map((e) => e.message))).toEqual(new Set(["Not enough sources specified."]));
    expect(r.complete).toBe(true);
    const one = dataOf<{ errorCount: number; errors: { path: string }[] }>(
      await f.call("get_td_node_errors", { path: NET, recursive: false }),
    );
    expect(one.errorCount).toBe(0);
    const shallow = dataOf<{ errorCount: number; truncated: boolean; errors: unknown[] }>(
      await f.call("get_td_node_errors", { path: NET, depth: 1, limit: 1 }),
    );
    expect([shallow.errorCount, shallow.errors.length, shallow.truncated]).toEqual([2, 1, true]);
  });

  it("groups equal messages with counts, operator types and the first paths", async () => {
    const r = dataOf<{
      errorCount: number;
      groups: {
        severity: string;
        message: string;
        count: number;
        types: { type: string; count: number }[];
        paths: string[];
      }[];
    }>(await f.call("summarize_td_errors", { path: NET, firstPaths: 2 }));
    expect(r.errorCount).toBe(3);
    expect(r.groups).toEqual([
      {
        severity: "error",
        message: "Not enough sources specified.",
        count: 3,
        types: [
          { type: "levelTOP", count: 2 },
          { type: "blurTOP", count: 1 },
        ],
        paths: r.groups[0]!.paths,
      },
    ]);
    expect(r.groups[0]!.paths).toHaveLength(2);
  });

  it("refuses a missing operator and a pattern path", async () => {
    refused(await f.call("get_td_node_errors", { path: "/project1/nosuch" }), "node_not_found");
    invalidArgs(await f.call("summarize_td_errors", { path: `${NET}/*` }));
    invalidArgs(await f.call("summarize_td_errors", { path: NET, firstPaths: 50 }));
  });
});

describe("get_td_node_flags and get_node_state_runtime", () => {
  it("reads flags", async () => {
    const null1 = dataOf<{ type: string; flags: Record<string, boolean> }>(
      await f.call("get_td_node_flags", { path: `${NET}/null1` }),
    );
    expect(null1.type).toBe("nullTOP");
    expect(null1.flags).toMatchObject({ bypass: true, display: false, lock: false, allowCooking: true });
    const const1 = dataOf<{ flags: Record<string, boolean> }>(
      await f.call("get_td_node_flags", { path: `${NET}/const1` }),
    );
    expect(const1.flags).toMatchObject({ display: true, bypass: false });
  });

  it("reads a TOP's resolution, wires and errors, and a COMP's child count", async () => {
    const null1 = dataOf<{
      resolution: { width: number; height: number };
      inputs: { source: string }[];
      errors: string[];
      cook: { cookFrame: number } | null;
    }>(await f.call("get_node_state_runtime", { path: `${NET}/null1` }));
    expect(null1.inputs.map((i) => i.source)).toEqual([`${NET}/noise1`]);
    expect(null1.errors).toEqual([]);
    expect(null1.cook).not.toBeNull();
    const const1 = dataOf<{ resolution: { width: number; height: number } }>(
      await f.call("get_node_state_runtime", { path: `${NET}/const1` }),
    );
    expect(const1.resolution).toEqual({ width: 640, height: 360 });
    const level1 = dataOf<{ errors: string[] }>(await f.call("get_node_state_runtime", { path: `${NET}/level1` }));
    expect(level1.errors).toEqual(["Not enough sources specified."]);
    const net = dataOf<{ numChildren: number; resolution: null; family: string }>(
      await f.call("get_node_state_runtime", { path: NET }),
    );
    expect([net.family, net.numChildren, net.resolution]).toEqual(["COMP", 8, null]);
    const text = dataOf<{ textLength: number }>(await f.call("get_node_state_runtime", { path: `${NET}/text1` }));
    expect(text.textLength).toBe(`${TEXT_LINES.join("\n")}\n`.length);
  });

  it("adds what an Info CHOP on the operator shows when asked", async () => {
    const plain = await f.call("get_node_state_runtime", { path: `${NET}/level1` });
    expect(dataOf<object>(plain)).not.toHaveProperty("infoChop");
    const r = await f.call("get_node_state_runtime", { path: `${NET}/level1`, include_info_chop: true });
    const level1 = dataOf<{ infoChop: Record<string, number>; cook: { totalCooks: number } }>(r);
    expect(level1.infoChop).toMatchObject({ errors: 1, warnings: 0 });
    // Nothing is cooked to read it: the count is the cook counters' own.
    expect(level1.infoChop.total_cooks).toBe(level1.cook.totalCooks);
    expect(level1.infoChop).not.toHaveProperty("length");
    expect(textOf(r)).toMatch(/Info CHOP: total_cooks \d+, .*errors 1/);
  });

  it("refuses missing operators", async () => {
    refused(await f.call("get_td_node_flags", { path: `${NET}/gone` }), "node_not_found", /gone/);
    refused(await f.call("get_node_state_runtime", { path: `${NET}/gone` }), "node_not_found");
    invalidArgs(await f.call("get_node_state_runtime", { path: "" }));
  });
});

describe("get_dat_content", () => {
  type Page = { text: string; offset: number; lineCount: number; totalLines: number; next_offset: number | null };

  it("pages a long DAT by lines until next_offset is null", async () => {
    const seen: string[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const page: Page = dataOf<Page>(await f.call("get_dat_content", { path: `${NET}/text1`, offset, limit: 200 }));
      expect(page.totalLines).toBe(450);
      seen.push(...page.text.split("\n"));
      offset = page.next_offset;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(TEXT_LINES);
  });

  it("reads a table as tab-separated lines", async () => {
    const page = dataOf<Page>(await f.call("get_dat_content", { path: `${NET}/table1` }));
    expect([page.text, page.totalLines, page.next_offset]).toEqual(["a\tb", 1, null]);
  });

  it("refuses a TOP, an offset past the end and a negative offset", async () => {
    refused(await f.call("get_dat_content", { path: `${NET}/noise1` }), "not_a_dat");
    refused(await f.call("get_dat_content", { path: `${NET}/text1`, offset: 450 }), "offset-past-end", /450 lines/);
    invalidArgs(await f.call("get_dat_content", { path: `${NET}/text1`, offset: -1 }));
  });
});

describe("get_td_info", () => {
  it("reports the running versions and that the bridge is the shipped one", async () => {
    const r = dataOf<{
      product: string;
      bridgeVersion: string;
      shippedBridgeVersion: string;
      bridgeStatus: string;
      pythonVersion: string;
    }>(await f.call("get_td_info"));
    expect(r.product).toBe("tdsim");
    expect(r.bridgeVersion).toBe(r.shippedBridgeVersion);
    expect(r.bridgeStatus).toBe("current");
    expect(r.pythonVersion).toMatch(/^3\.\d+/);
  });

  it("turns an unreachable bridge into a connection_refused error that says what to do", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    // A server whose services were made for a bridge that is not there.
    process.env.SVC_BRIDGE_URL = `http://127.0.0.1:${port}`;
    const unreachable = await memoryClient({ profile: "full", rawPython: true });
    try {
      const r = (await unreachable.callTool({ name: "get_td_info", arguments: {} })) as CallToolResult;
      refused(r, "connection_refused", /svc sim/);
    } finally {
      await unreachable.close();
      process.env.SVC_BRIDGE_URL = f.sim.url;
    }
  });
});

describe("exec tools with the bridge's exec gate closed", () => {
  it("refuse, and say how to open the gate", async () => {
    for (const [name, args] of [
      ["execute_python_script", { script: "op('/project1/net/noise1').destroy()" }],
      ["exec_node_method", { path: `${NET}/noise1`, method: "destroy" }],
    ] as const) {
      const r = await f.call(name, args);
      refused(r, "exec_disabled", /SVC_BRIDGE_ALLOW_EXEC=1/);
    }
    expect(dataOf<{ count: number }>(await f.call("find_td_nodes", { root: NET, name: "noise1" })).count).toBe(1);
  });
});

describe("profiles", () => {
  it("core gets the four small live tools, safe the read-only ones, and raw Python hides with SVC_RAW_PYTHON=off", async () => {
    const live = [
      "find_td_nodes",
      "find_td_parameters",
      "get_td_node_errors",
      "summarize_td_errors",
      "get_td_node_flags",
      "get_node_state_runtime",
      "get_dat_content",
      "get_preview",
      "get_inline_preview",
      "get_td_info",
    ];
    const names = async (profile: "core" | "full" | "safe", rawPython = true) => {
      const c = await memoryClient({ profile, rawPython });
      try {
        return (await c.listTools()).tools.map((t) => t.name);
      } finally {
        await c.close();
      }
    };
    const core = await names("core");
    expect(live.filter((t) => core.includes(t)).sort()).toEqual([
      "find_td_nodes",
      "get_inline_preview",
      "get_td_info",
      "get_td_node_errors",
    ]);
    expect(core).not.toContain("execute_python_script");
    const safe = await names("safe");
    expect(live.every((t) => safe.includes(t))).toBe(true);
    expect(safe.filter((t) => t === "execute_python_script" || t === "exec_node_method")).toEqual([]);
    expect(await names("full")).toEqual(expect.arrayContaining([...live, "execute_python_script", "exec_node_method"]));
    const noPython = await names("full", false);
    expect(noPython.filter((t) => t === "execute_python_script" || t === "exec_node_method")).toEqual([]);
  });
});

describe("nothing changed", () => {
  it("leaves the project exactly as it was after every call above, failed ones included", async () => {
    expect(await f.snapshot()).toEqual(before);
  });
});
