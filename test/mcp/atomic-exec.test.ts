import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NET, startLiveFixture, type LiveFixture } from "./atomic-fixture.js";
import { dataOf, errorOf, textOf } from "./helpers.js";

// tdsim started with SVC_BRIDGE_ALLOW_EXEC=1 in its environment: the exec routes are open.
let f: LiveFixture;

beforeAll(async () => {
  f = await startLiveFixture({ exec: true });
});

afterAll(async () => {
  await f?.close();
});

describe("execute_python_script with exec open", () => {
  it("runs the script in the environment and returns result and printed output", async () => {
    const r = dataOf<{ result: unknown; output: string; outputTruncated: boolean }>(
      await f.call("execute_python_script", {
        script:
          "n = op('/project1/net/noise1')\nprint('seed is', n.par.seed.eval())\nresult = [n.name, n.par.seed.eval(), n]",
      }),
    );
    expect(r.result).toEqual(["noise1", 7, `${NET}/noise1`]);
    expect(r.output).toBe("seed is 7.0\n");
    expect(r.outputTruncated).toBe(false);
  });

  it("changes the project when the script does", async () => {
    await f.call("execute_python_script", {
      script: "op('/project1/net').create('nullTOP', 'made_by_script')",
      return_output: false,
    });
    const found = await f.bridge.get<{ count: number }>("/api/nodes/search", { root: NET, name: "made_by_script" });
    expect(found.count).toBe(1);
  });

  it("reports the script's exception with its type, and that earlier changes stay", async () => {
    const r = await f.call("execute_python_script", {
      script: "op('/project1/net').create('nullTOP', 'half_done')\n1 / 0",
    });
    expect(r.isError).toBe(true);
    expect(errorOf(r).code).toBe("exec_error");
    expect(errorOf(r).message).toMatch(/ZeroDivisionError/);
    expect(errorOf(r).details?.traceback).toMatch(/ZeroDivisionError/);
    const syntax = await f.call("execute_python_script", { script: "def (" });
    expect(errorOf(syntax).message).toMatch(/SyntaxError/);
    expect(textOf(await f.call("execute_python_script", { script: "" }))).toMatch(/Input validation error/);
    // Arbitrary Python cannot be rolled back: what ran before the exception stays, and the error says so.
    const found = await f.bridge.get<{ count: number }>("/api/nodes/search", { root: NET, name: "half_done" });
    expect(found.count).toBe(1);
    expect(errorOf(r).message).toMatch(/stay in the project/);
  });
});

describe("exec_node_method with exec open", () => {
  it("calls a method with arguments and the change is visible", async () => {
    const r = dataOf<{ path: string; method: string; result: unknown }>(
      await f.call("exec_node_method", { path: `${NET}/table1`, method: "appendRow", args: [["c", "d"]] }),
    );
    expect([r.path, r.method]).toEqual([`${NET}/table1`, "appendRow"]);
    const page = dataOf<{ text: string }>(await f.call("get_dat_content", { path: `${NET}/table1` }));
    expect(page.text).toBe("a\tb\nc\td");
    const rows = dataOf<{ result: unknown }>(
      await f.call("exec_node_method", { path: `${NET}/table1`, method: "row", args: [1] }),
    );
    expect(rows.result).toEqual(["c", "d"]);
  });

  it("refuses unknown and private methods and missing operators, changing nothing", async () => {
    const before = await f.snapshot();
    const unknown = await f.call("exec_node_method", { path: `${NET}/table1`, method: "noSuchMethod" });
    expect(errorOf(unknown).code).toBe("unknown_method");
    expect(textOf(await f.call("exec_node_method", { path: `${NET}/table1`, method: "_private" }))).toMatch(
      /Input validation error/,
    );
    expect(errorOf(await f.call("exec_node_method", { path: `${NET}/gone`, method: "cook" })).code).toBe(
      "node_not_found",
    );
    const raised = await f.call("exec_node_method", { path: `${NET}/table1`, method: "cell", args: [] });
    expect(errorOf(raised).code).toBe("exec_error");
    expect(await f.snapshot()).toEqual(before);
  });
});

describe("create_python_script and author_script_operator with exec open", () => {
  it("put the client's Python in a DAT, unrun, and refuse a name in use", async () => {
    const code = "def hello(name):\n    return 'hi ' + name  # \"quotes\" and \\ backslashes\n";
    const r = dataOf<{ path: string }>(
      await f.call("create_python_script", { parent: NET, name: "helpers", text: code }),
    );
    expect(r.path).toBe(`${NET}/helpers`);
    expect(dataOf<{ text: string }>(await f.call("get_dat_content", { path: `${NET}/helpers` })).text).toBe(
      code.replace(/\n$/, ""),
    );
    const again = await f.call("create_python_script", { parent: NET, name: "helpers", text: "x" });
    expect(errorOf(again).code).toBe("exec_error");
    expect(errorOf(again).message).toMatch(/already exists/);
  });

  it("creates a Script CHOP whose callbacks parameter names its callbacks DAT", async () => {
    const callbacks = "def onCook(scriptOp):\n    scriptOp.clear()\n    return\n";
    const r = dataOf<{ path: string; callbacks: string; type: string }>(
      await f.call("author_script_operator", { parent: NET, family: "CHOP", name: "gen1", callbacks }),
    );
    expect(r).toEqual({ path: `${NET}/gen1`, callbacks: `${NET}/gen1_callbacks`, type: "scriptCHOP" });
    const pars = await f.bridge.get<{ params: { name: string; value: unknown }[] }>(
      `/api/nodes/${encodeURIComponent(`${NET}/gen1`)}/params`,
      { keys: "callbacks" },
    );
    expect(pars.params[0]!.value).toBe("gen1_callbacks");
    expect(dataOf<{ text: string }>(await f.call("get_dat_content", { path: `${NET}/gen1_callbacks` })).text).toContain(
      "def onCook(scriptOp):",
    );
  });
});
