/**
 * Bad input on every mutating route, over real HTTP: the documented error, and the project
 * exactly as before (a full topology + parameters + text + custom-parameter snapshot). Batch
 * failures roll back everything the batch did.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, enc, startHost, type SimHost } from "./sim-host.js";

let host: SimHost;

/** Walked to completion page by page, whatever the machine's load; the last page says `complete`. */
async function snapshot(): Promise<unknown> {
  const nodes: unknown[] = [];
  const wires: unknown[] = [];
  let customPages: unknown;
  for (let after = "", pages = 0; ; pages++) {
    expect(pages).toBeLessThan(1000);
    const reply = await call(
      host,
      "GET",
      `/api/network/${enc("/project1")}/topology?paged=true&depth=64&params=true&text=true&custom=true&after=${enc(after)}`,
    );
    expect(reply.body.ok).toBe(true);
    const data = reply.body.data;
    if (pages === 0) customPages = data.custom_pages;
    nodes.push(...data.nodes);
    wires.push(...data.wires);
    if (data.next_after === null) {
      expect(data.complete).toBe(true);
      return { nodes, wires, customPages };
    }
    after = data.next_after;
  }
}

beforeAll(async () => {
  host = await startHost();
  const setup = await call(host, "POST", "/api/batch", {
    body: {
      operations: [
        { action: "create", parent_path: "/project1", type: "baseCOMP", name: "net" },
        { action: "create", parent_path: "/project1/net", type: "noiseTOP", name: "noise1", parameters: { period: 2 } },
        { action: "create", parent_path: "/project1/net", type: "noiseTOP", name: "noise2" },
        { action: "create", parent_path: "/project1/net", type: "compositeTOP", name: "comp1" },
        { action: "create", parent_path: "/project1/net", type: "levelTOP", name: "level1" },
        { action: "create", parent_path: "/project1/net", type: "textDAT", name: "notes" },
        { action: "create", parent_path: "/project1/net", type: "baseCOMP", name: "sub" },
        { action: "create", parent_path: "/project1/net/sub", type: "constantCHOP", name: "k" },
        { action: "create", parent_path: "/project1/net/sub", type: "nullCHOP", name: "knull" },
        { action: "connect", source_path: "/project1/net/sub/k", target_path: "/project1/net/sub/knull" },
        { action: "connect", source_path: "/project1/net/noise1", target_path: "/project1/net/comp1", target_input: 0 },
        { action: "connect", source_path: "/project1/net/noise2", target_path: "/project1/net/comp1", target_input: 1 },
        { action: "connect", source_path: "/project1/net/comp1", target_path: "/project1/net/level1" },
        {
          action: "add_custom_par",
          path: "/project1/net",
          page: "Controls",
          name: "Gain",
          style: "Float",
          default: 0.5,
        },
        {
          action: "set_mode",
          path: "/project1/net/level1",
          param: "brightness1",
          mode: "bind",
          expr: "op('/project1/net').par.Gain",
        },
        { action: "set_mode", path: "/project1/net/noise2", param: "amp", mode: "expression", expr: "0.25 * 2" },
        { action: "set_text", path: "/project1/net/notes", text: "keep me" },
        { action: "set_meta", path: "/project1/net/noise1", tags: ["svc"], comment: "seed", color: [1, 0, 0] },
        { action: "set_flags", path: "/project1/net/level1", flags: { display: true } },
      ],
    },
  });
  expect(setup.body.ok, JSON.stringify(setup.body)).toBe(true);
});

afterAll(async () => host?.stop());

type Case = [method: string, path: string, input: { body?: unknown; raw?: string }, status: number, code: string];

const N = enc("/project1/net/noise1");
const GHOST = enc("/project1/net/ghost");
const JSON_HEADERS = { "content-type": "application/json" };

const CASES: Case[] = [
  // POST /api/nodes
  ["POST", "/api/nodes", { raw: "{oops" }, 400, "invalid_json"],
  ["POST", "/api/nodes", { raw: "[]" }, 400, "invalid_body"],
  ["POST", "/api/nodes", { body: {} }, 400, "missing_field"],
  ["POST", "/api/nodes", { body: { parent_path: "/project1/net", type: 7 } }, 400, "invalid_field"],
  ["POST", "/api/nodes", { body: { parent_path: "/project1/net", type: "noise-TOP" } }, 400, "invalid_op_type"],
  ["POST", "/api/nodes", { body: { parent_path: "/project1/net", type: "warpdriveTOP" } }, 400, "unknown_op_type"],
  ["POST", "/api/nodes", { body: { parent_path: "/project1/ghost", type: "noiseTOP" } }, 404, "node_not_found"],
  [
    "POST",
    "/api/nodes",
    { body: { parent_path: "/project1/net", type: "noiseTOP", name: "noise1" } },
    409,
    "name_conflict",
  ],
  [
    "POST",
    "/api/nodes",
    { body: { parent_path: "/project1/net", type: "noiseTOP", name: "n9", parameters: { period: "fast" } } },
    400,
    "invalid_param_value",
  ],
  [
    "POST",
    "/api/nodes",
    { body: { parent_path: "/project1/net", type: "noiseTOP", name: "n9", parameters: { nope: 1 } } },
    400,
    "unknown_param",
  ],
  // PATCH /api/nodes/{path}
  ["PATCH", `/api/nodes/${N}`, { raw: '{"parameters": {"period": NaN}}' }, 400, "invalid_json"],
  ["PATCH", `/api/nodes/${N}`, { body: { parameters: [1, 2] } }, 400, "invalid_field"],
  ["PATCH", `/api/nodes/${N}`, { body: {} }, 400, "missing_field"],
  ["PATCH", `/api/nodes/${N}`, { body: { parameters: { period: 4, amp: "loud" } } }, 400, "invalid_param_value"],
  ["PATCH", `/api/nodes/${GHOST}`, { body: { parameters: { period: 1 } } }, 404, "node_not_found"],
  ["PATCH", `/api/nodes/${N}%G0`, { body: { parameters: { period: 1 } } }, 400, "bad_encoding"],
  // DELETE /api/nodes/{path}
  ["DELETE", `/api/nodes/${N}`, {}, 409, "delete_kept"],
  ["DELETE", `/api/nodes/${N}`, { body: { mode: "obliterate" } }, 400, "invalid_field"],
  ["DELETE", `/api/nodes/${GHOST}`, { body: { confirmation_policy: "yolo" } }, 404, "node_not_found"],
  ["DELETE", `/api/nodes/${enc("/local")}`, { body: { confirmation_policy: "yolo" } }, 400, "protected_node"],
  ["DELETE", `/api/nodes/%ZZ`, { body: { confirmation_policy: "yolo" } }, 400, "bad_encoding"],
  // connect / disconnect
  ["POST", "/api/connect", { body: { source_path: "/project1/net/noise1" } }, 400, "missing_field"],
  [
    "POST",
    "/api/connect",
    { body: { source_path: "/project1/net/noise1", target_path: "/project1/net/level1", target_input: "0" } },
    400,
    "invalid_field",
  ],
  [
    "POST",
    "/api/connect",
    { body: { source_path: "/project1/net/sub/k", target_path: "/project1/net/level1" } },
    400,
    "invalid_connection",
  ],
  [
    "POST",
    "/api/connect",
    { body: { source_path: "/project1/net/ghost", target_path: "/project1/net/level1" } },
    404,
    "node_not_found",
  ],
  ["POST", "/api/disconnect", { body: { to_path: "/project1/net/noise1" } }, 400, "invalid_connection"],
  ["POST", "/api/disconnect", { body: { to_path: 12 } }, 400, "invalid_field"],
  // parameter mode
  ["PATCH", `/api/nodes/${N}/params/period/mode`, { body: { mode: "export", expr: "x" } }, 400, "invalid_mode"],
  ["PATCH", `/api/nodes/${N}/params/period/mode`, { body: { mode: "expression", expr: "1 +" } }, 400, "invalid_field"],
  ["PATCH", `/api/nodes/${N}/params/nothing/mode`, { body: { mode: "constant", value: 1 } }, 400, "unknown_param"],
  ["PATCH", `/api/nodes/${GHOST}/params/period/mode`, { body: { mode: "constant" } }, 404, "node_not_found"],
  // DAT text
  ["PUT", `/api/nodes/${enc("/project1/net/notes")}/text`, { body: { text: ["a"] } }, 400, "invalid_field"],
  ["PUT", `/api/nodes/${N}/text`, { body: { text: "x" } }, 400, "not_a_dat"],
  // duplicate
  ["POST", "/api/duplicate", { body: { source_path: "/project1/net/ghost" } }, 404, "node_not_found"],
  ["POST", "/api/duplicate", { body: { source_path: "/project1/net/noise1", name: "noise2" } }, 409, "name_conflict"],
  // batch
  ["POST", "/api/batch", { body: { operations: "all" } }, 400, "invalid_field"],
  ["POST", "/api/batch", { body: { operations: [{ action: "teleport" }] } }, 400, "batch_failed"],
  // save, transport, perform and watch (not project changes, still validated)
  [
    "POST",
    `/api/nodes/${enc("/project1/net/notes")}/save`,
    { body: { file_path: "relative.txt" } },
    400,
    "invalid_file_path",
  ],
  ["POST", `/api/nodes/${enc("/project1/net/notes")}/save`, { body: {} }, 400, "missing_field"],
  ["POST", "/api/transport", { body: { action: "rewind" } }, 400, "invalid_field"],
  ["POST", "/api/transport", { body: { action: "seek", frame: -5 } }, 400, "invalid_field"],
  ["POST", "/api/perform", { body: { enabled: 1 } }, 400, "invalid_field"],
  ["POST", "/api/params/watch", { body: { path: "/project1/net/noise1", params: ["ghost"] } }, 400, "unknown_param"],
  // bounds (bridge/README.md "Bounds"): each was a 500 internal_error, a wrong code or a success
  [
    "POST",
    "/api/nodes",
    { raw: '{"parent_path": "/project1/net", "type": "noiseTOP", "node_x": 1e400}' },
    400,
    "number_out_of_range",
  ],
  [
    "POST",
    "/api/batch",
    { body: { operations: [{ action: "set_position", path: "/project1/net/noise1", node_x: 1e300, node_y: 0 }] } },
    400,
    "batch_failed",
  ],
  [
    "PATCH",
    `/api/nodes/${enc("/project1/net/noise1")}`,
    { body: { parameters: { resolutionw: 1e308 } } },
    400,
    "number_out_of_range",
  ],
  [
    "POST",
    "/api/nodes",
    { body: { parent_path: "/project1/net", type: "noiseTOP", name: "big", parameters: { resolutionh: 1e308 } } },
    400,
    "number_out_of_range",
  ],
  ["POST", "/api/transport", { body: { action: "rate", rate: 1e-320 } }, 400, "number_out_of_range"],
  ["POST", "/api/transport", { body: { action: "seek", frame: 1e300 } }, 400, "number_out_of_range"],
  [
    "POST",
    "/api/batch",
    {
      raw: `{"operations": [{"action": "store", "path": "/project1/net/noise1", "key": "k", "value": ${"[".repeat(1000)}${"]".repeat(1000)}}]}`,
    },
    400,
    "too_deep",
  ],
  ["POST", "/api/batch", { raw: `${"[".repeat(100_000)}${"]".repeat(100_000)}` }, 400, "too_deep"],
  ["POST", "/api/nodes", { body: { parent_path: "/project1/net\u0000", type: "noiseTOP" } }, 400, "invalid_path"],
  ["GET", "/api/nodes/%2Fproject1%00", {}, 400, "invalid_path"],
  ["POST", "/api/nodes", { body: { parent_path: "/project1/net", type: "TOP" } }, 400, "unknown_op_type"],
  ["POST", "/api/nodes", { body: { parent_path: "/project1/net", type: "OP" } }, 400, "unknown_op_type"],
  [
    "POST",
    "/api/nodes",
    { body: { parent_path: "/project1/net", type: "noiseTOP", name: "n".repeat(100_000) } },
    400,
    "invalid_name",
  ],
  [
    "POST",
    "/api/batch",
    { body: { operations: [{ action: "rename", path: "/project1/net/noise1", name: "r".repeat(256) }] } },
    400,
    "batch_failed",
  ],
  ["GET", `/api/nodes/${enc("/project1/net/")}`, {}, 400, "invalid_path"],
  ["GET", "/api/nodes/%2Fproject1%2Fnet/", {}, 400, "invalid_path"],
  ["POST", "/api/nodes", { body: { parent_path: "/project1/net/", type: "noiseTOP" } }, 400, "invalid_path"],
];

describe("bad input on mutating routes changes nothing", () => {
  it.each(CASES)("%s %s %j -> %i %s", async (method, path, input, status, code) => {
    const before = await snapshot();
    const reply =
      input.raw !== undefined
        ? await call(host, method, path, { rawBody: input.raw, headers: JSON_HEADERS })
        : await call(host, method, path, input.body === undefined ? {} : { body: input.body });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ ok: false, error: { code } });
    expect(reply.status).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it("a huge body is refused before anything runs", async () => {
    const before = await snapshot();
    const ops = Array.from({ length: 200_000 }, () => ({
      action: "set_position",
      path: "/project1/net/noise1",
      node_x: 1,
      node_y: 1,
    }));
    const reply = await call(host, "POST", "/api/batch", { body: { operations: ops } });
    expect(reply.status).toBe(413);
    expect(reply.body.error!.code).toBe("payload_too_large");
    expect(await snapshot()).toEqual(before);
  });
});

describe("batch rollback over HTTP", () => {
  it("leaves the project exactly as before when the last operation fails", async () => {
    const before = await snapshot();
    const reply = await call(host, "POST", "/api/batch", {
      body: {
        confirmation_policy: "yolo",
        operations: [
          { action: "create", parent_path: "/project1/net", type: "blurTOP", name: "blur1", parameters: { size: 3 } },
          { action: "connect", source_path: "/project1/net/level1", target_path: "/project1/net/blur1" },
          { action: "update", path: "/project1/net/noise1", parameters: { period: 11 } },
          { action: "update", path: "/project1/net/level1", parameters: { brightness1: 1.5 } },
          { action: "set_mode", path: "/project1/net/noise2", param: "amp", mode: "constant", value: 0.1 },
          { action: "set_text", path: "/project1/net/notes", text: "gone" },
          { action: "set_meta", path: "/project1/net/noise1", tags: [], comment: "" },
          { action: "set_flags", path: "/project1/net/level1", flags: { display: false, bypass: true } },
          { action: "add_custom_par", path: "/project1/net", page: "Controls", name: "Speed", style: "Int" },
          { action: "disconnect", to_path: "/project1/net/comp1", from_path: "/project1/net/noise1" },
          { action: "delete", path: "/project1/net/sub" },
          { action: "delete", path: "/project1/net/comp1" },
          { action: "set_position", path: "/project1/net/noise2", node_x: 999, node_y: 999 },
          { action: "update", path: "/project1/net/noise1", parameters: { period: "not a number" } },
        ],
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      code: "batch_failed",
      index: 13,
      action: "update",
      rolled_back: true,
      cause: { code: "invalid_param_value" },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("fails closed on a delete without a policy, keeping the node and undoing the rest", async () => {
    const before = await snapshot();
    const reply = await call(host, "POST", "/api/batch", {
      body: {
        operations: [
          { action: "update", path: "/project1/net/noise1", parameters: { period: 3 } },
          { action: "delete", path: "/project1/net/level1" },
        ],
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      code: "batch_failed",
      index: 1,
      cause: { code: "delete_kept", decision: "Keep" },
    });
    expect(await snapshot()).toEqual(before);
  });
});

describe("nodes with the longest names stay reachable", () => {
  it("through batch and search, however long their path", async () => {
    const name = (i: number) => `n${i}_`.padEnd(255, "x");
    const ops: unknown[] = [];
    let parent = "/project1";
    for (let i = 0; i < 40; i++) {
      ops.push({ action: "create", parent_path: parent, type: "baseCOMP", name: name(i) });
      parent = `${parent}/${name(i)}`;
    }
    ops.push({ action: "create", parent_path: parent, type: "noiseTOP", name: "deepest" });
    const made = await call(host, "POST", "/api/batch", { body: { operations: ops } });
    expect(made.status, JSON.stringify(made.body).slice(0, 300)).toBe(200);
    const leaf = `${parent}/deepest`;
    expect(leaf.length).toBeGreaterThan(10_000);
    const meta = await call(host, "POST", "/api/batch", {
      body: { operations: [{ action: "set_meta", path: leaf, comment: "found" }] },
    });
    expect(meta.body.data.results[0].data.comment).toBe("found");
    const search = await call(host, "GET", `/api/nodes/search?root=${enc("/project1")}&name=deepest&max_depth=64`);
    expect(search.body.data.results.map((r: { path: string }) => r.path)).toEqual([leaf]);
    await call(host, "DELETE", `/api/nodes/${enc(`/project1/${name(0)}`)}?confirmation_policy=yolo`);
  });
});
