/** Every bridge route's happy path, over real HTTP against the tdsim host running the bridge. */
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, call, enc, startHost, type SimHost } from "./sim-host.js";

let host: SimHost;
const exportDir = mkdtempSync(join(tmpdir(), "svc-save-"));

async function ok(method: string, path: string, body?: unknown) {
  const reply = await call(host, method, path, body === undefined ? {} : { body });
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ ok: true });
  expect(reply.status).toBe(200);
  expect(reply.headers["content-type"]).toBe("application/json");
  return reply.body.data;
}

beforeAll(async () => {
  host = await startHost({ env: { SVC_BRIDGE_EXPORT_DIR: exportDir } });
  await ok("POST", "/api/batch", {
    operations: [
      { action: "create", parent_path: "/project1", type: "baseCOMP", name: "net" },
      { action: "create", parent_path: "/project1/net", type: "noiseTOP", name: "noise1", parameters: { period: 2 } },
      { action: "create", parent_path: "/project1/net", type: "levelTOP", name: "level1" },
      { action: "create", parent_path: "/project1/net", type: "textDAT", name: "notes" },
      { action: "connect", source_path: "/project1/net/noise1", target_path: "/project1/net/level1" },
    ],
  });
});

afterAll(async () => {
  await host?.stop();
});

describe("bridge routes over HTTP", () => {
  it("GET /api/info reports the bridge version of the sources", async () => {
    const data = await ok("GET", "/api/info");
    const source = readFileSync(join(ROOT, "bridge", "svc_bridge", "version.py"), "utf8");
    expect(data.bridge_version).toBe(/^BRIDGE_VERSION = "([^"]+)"/m.exec(source)![1]);
    expect(data.python_version).toMatch(/^3\.\d+\.\d+$/);
    // The version reads as TouchDesigner's (App Class: version and build are numbers as text);
    // the product says it is tdsim.
    expect(data.td_version).toMatch(/^\d{4}\.\d+$/);
    expect(data.product).toBe("tdsim");
  });

  it("GET /api/health counts frames, with tdsim's frame statistics", async () => {
    const data = await ok("GET", "/api/health");
    expect(data.status).toBe("ok");
    expect(typeof data.frame).toBe("number");
    expect(data.frame_stats).toBeTypeOf("object");
  });

  it("POST /api/nodes, GET /api/nodes?parent=, GET /api/nodes/{path}", async () => {
    const made = await ok("POST", "/api/nodes", { parent_path: "/project1/net", type: "nullTOP", name: "out1" });
    expect(made).toMatchObject({
      path: "/project1/net/out1",
      type: "nullTOP",
      family: "TOP",
      undo_label: "svc: create node",
    });
    const list = await ok("GET", "/api/nodes?parent=%2Fproject1%2Fnet");
    expect(list.children.map((c: { name: string }) => c.name)).toEqual(["level1", "noise1", "notes", "out1"]);
    const detail = await ok("GET", `/api/nodes/${enc("/project1/net/level1")}`);
    expect(detail.inputs).toEqual([
      { source: "/project1/net/noise1", source_output: 0, target: "/project1/net/level1", target_input: 0 },
    ]);
  });

  it("GET /api/nodes/search", async () => {
    const data = await ok("GET", "/api/nodes/search?root=%2Fproject1&type=noiseTOP");
    expect(data.results.map((r: { path: string }) => r.path)).toEqual(["/project1/net/noise1"]);
    expect(data.complete).toBe(true);
  });

  it("PATCH /api/nodes/{path} and GET …/params?modes=true", async () => {
    await ok("PATCH", `/api/nodes/${enc("/project1/net/noise1")}`, { parameters: { period: 5 } });
    const data = await ok("GET", `/api/nodes/${enc("/project1/net/noise1")}/params?modes=true&keys=period`);
    expect(data.params[0]).toMatchObject({ name: "period", value: 5, mode: "constant", isDefault: false });
  });

  it("PATCH …/params/{param}/mode and POST /api/param_modes/batch", async () => {
    await ok("PATCH", `/api/nodes/${enc("/project1/net/noise1")}/params/amp/mode`, {
      mode: "expression",
      expr: "0.5 + 0.25",
    });
    const data = await ok("POST", "/api/param_modes/batch", { paths: ["/project1/net/noise1"], keys: ["amp"] });
    expect(data.nodes[0].params[0]).toMatchObject({ name: "amp", mode: "expression", expr: "0.5 + 0.25" });
  });

  it("GET and PUT …/text", async () => {
    await ok("PUT", `/api/nodes/${enc("/project1/net/notes")}/text`, { text: "hello\n" });
    expect((await ok("GET", `/api/nodes/${enc("/project1/net/notes")}/text`)).text).toBe("hello\n");
  });

  it("GET /api/nodes/{path}/errors and /api/network/{path}/errors", async () => {
    await ok("POST", "/api/nodes", { parent_path: "/project1/net", type: "blurTOP", name: "lonely" });
    const node = await ok("GET", `/api/nodes/${enc("/project1/net/lonely")}/errors`);
    expect(node.errors.length).toBeGreaterThan(0);
    const net = await ok("GET", `/api/network/${enc("/project1/net")}/errors`);
    expect(net.errors.map((e: { path: string }) => e.path)).toContain("/project1/net/lonely");
    await ok("DELETE", `/api/nodes/${enc("/project1/net/lonely")}?confirmation_policy=yolo`);
  });

  it("GET /api/network/{path}/topology and /performance", async () => {
    const topo = await ok("GET", `/api/network/${enc("/project1/net")}/topology?params=true`);
    expect(topo.wires).toEqual([
      { source: "/project1/net/noise1", source_output: 0, target: "/project1/net/level1", target_input: 0 },
    ]);
    expect(topo.nodes.find((n: { name: string }) => n.name === "noise1").params.period.value).toBe(5);
    const perf = await ok("GET", `/api/network/${enc("/project1/net")}/performance`);
    expect(perf.node_count).toBeGreaterThan(1);
  });

  it("GET /api/preview/{path} returns a PNG", async () => {
    const data = await ok("GET", `/api/preview/${enc("/project1/net/noise1")}?size=128`);
    const png = Buffer.from(data.png_base64, "base64");
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(data.size_advisory).toBe(128);
  });

  it("POST /api/connect and /api/disconnect", async () => {
    const wire = await ok("POST", "/api/connect", {
      source_path: "/project1/net/level1",
      target_path: "/project1/net/out1",
    });
    expect(wire).toMatchObject({ source: "/project1/net/level1", target: "/project1/net/out1" });
    const gone = await ok("POST", "/api/disconnect", { to_path: "/project1/net/out1" });
    expect(gone.removed).toHaveLength(1);
  });

  it("POST /api/batch", async () => {
    const data = await ok("POST", "/api/batch", {
      operations: [
        { action: "set_meta", path: "/project1/net/out1", tags: ["svc"], comment: "output" },
        { action: "set_flags", path: "/project1/net/out1", flags: { display: true } },
        {
          action: "add_custom_par",
          path: "/project1/net",
          page: "Controls",
          name: "Gain",
          style: "Float",
          default: 0.5,
        },
        { action: "store", path: "/project1/net", key: "svc_state", value: { v: 1 } },
      ],
    });
    expect(data.results.map((r: { action: string }) => r.action)).toEqual([
      "set_meta",
      "set_flags",
      "add_custom_par",
      "store",
    ]);
  });

  it("DELETE /api/nodes/{path} with bypass and with yolo", async () => {
    expect((await ok("DELETE", `/api/nodes/${enc("/project1/net/out1")}`, { mode: "bypass" })).action).toBe("bypass");
    expect(
      (await ok("DELETE", `/api/nodes/${enc("/project1/net/out1")}`, { confirmation_policy: "yolo" })).action,
    ).toBe("delete");
  });

  it("GET /api/logs", async () => {
    const data = await ok("GET", "/api/logs?severity=error&scope=%2Fproject1");
    expect(Array.isArray(data.lines)).toBe(true);
  });

  it("POST, GET and DELETE /api/params/watch", async () => {
    const watch = await ok("POST", "/api/params/watch", { path: "/project1/net/noise1", params: ["period"] });
    await ok("PATCH", `/api/nodes/${enc("/project1/net/noise1")}`, { parameters: { period: 7 } });
    const listed = await ok("GET", "/api/params/watch");
    const mine = listed.watches.find((w: { id: string }) => w.id === watch.id);
    expect(mine.changes).toEqual([{ param: "period", old: 5, new: 7 }]);
    expect((await ok("DELETE", `/api/params/watch?id=${watch.id}`)).removed).toBe(watch.id);
  });

  it("POST /api/duplicate", async () => {
    const copy = await ok("POST", "/api/duplicate", { source_path: "/project1/net", name: "net_copy" });
    expect(copy.path).toBe("/project1/net_copy");
  });

  it("GET /api/optypes and POST /api/perform", async () => {
    const types = await ok("GET", "/api/optypes?family=TOP");
    expect(types.families.TOP).toContain("noiseTOP");
    expect(await ok("POST", "/api/perform", { enabled: true })).toEqual({ performMode: true });
    expect(await ok("POST", "/api/perform", { enabled: false })).toEqual({ performMode: false });
  });

  it("GET /api/projects/{path}/analysis", async () => {
    const data = await ok("GET", `/api/projects/${enc("/project1/net")}/analysis`);
    expect(data.by_family.TOP).toBeGreaterThanOrEqual(2);
    expect(data.complete).toBe(true);
  });
});

describe("routes that need tdsim's timeline, system and save members", () => {
  it("GET /api/system", async () => {
    const data = await ok("GET", "/api/system");
    expect(data).toHaveProperty("gpu");
    expect(Array.isArray(data.monitors)).toBe(true);
    expect(typeof data.performMode).toBe("boolean");
  });

  it("POST /api/transport", async () => {
    expect((await ok("POST", "/api/transport", { action: "pause" })).playing).toBe(false);
    expect((await ok("POST", "/api/transport", { action: "seek", frame: 12 })).frame).toBe(12);
    expect((await ok("POST", "/api/transport", { action: "play" })).playing).toBe(true);
  });

  it("POST /api/nodes/{path}/save writes a .tox", async () => {
    const file = join(exportDir, "net.tox");
    const data = await ok("POST", `/api/nodes/${enc("/project1/net")}/save`, { file_path: file });
    expect(data.bytes).toBe(statSync(file).size);
    rmSync(exportDir, { recursive: true, force: true });
  });
});
