/**
 * /api/operations/preview|commit|receipt from outside over HTTP: always token-gated, the preview
 * read-only and exact, the commit refused on a stale fingerprint, read back, rolled back whole when
 * a parameter does not hold what was previewed (tdsim clamps a clamped custom parameter on write,
 * as TouchDesigner does), and receipts recoverable only with the capability and the instance.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, enc, startHost, type SimHost } from "./sim-host.js";

const TOKEN = "operations-token-5c1d";
const auth = { authorization: `Bearer ${TOKEN}` };

function expectError(reply: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ ok: false, error: { code } });
  expect(reply.status).toBe(status);
}

const setSeed = (seed: unknown) => ({ kind: "set_parameters", path: "/project1/ops/noise1", parameters: { seed } });

describe("a zero-config bridge", () => {
  let host: SimHost;
  beforeAll(async () => {
    host = await startHost();
  });
  afterAll(async () => host?.stop());

  it("refuses every operations route without a configured token, before reading the body", async () => {
    for (const route of ["preview", "commit", "receipt"]) {
      expectError(
        await call(host, "POST", `/api/operations/${route}`, { body: { operation: setSeed(2) } }),
        401,
        "token_required",
      );
      expectError(
        await call(host, "POST", `/api/operations/${route}`, {
          rawBody: "{not json",
          headers: { "content-type": "application/json" },
        }),
        401,
        "token_required",
      );
    }
    // The rest of the bridge stays zero-config.
    expect((await call(host, "GET", "/api/info")).status).toBe(200);
  });
});

describe("a bridge with a token", () => {
  let host: SimHost;
  const post = (route: string, body: unknown) =>
    call(host, "POST", `/api/operations/${route}`, { body, headers: auth });
  const seedNow = async () =>
    (await call(host, "GET", `/api/nodes/${enc("/project1/ops/noise1")}/params?keys=seed`, { headers: auth })).body.data
      .params[0].value;

  beforeAll(async () => {
    host = await startHost({ env: { SVC_BRIDGE_TOKEN: TOKEN } });
    const made = await call(host, "POST", "/api/batch", {
      headers: auth,
      body: {
        operations: [
          { action: "create", parent_path: "/project1", type: "baseCOMP", name: "ops" },
          { action: "create", parent_path: "/project1/ops", type: "noiseTOP", name: "noise1", parameters: { seed: 1 } },
          { action: "create", parent_path: "/project1/ops", type: "baseCOMP", name: "panel" },
        ],
      },
    });
    expect(made.body.ok, JSON.stringify(made.body)).toBe(true);
    const pars = await call(host, "POST", `/api/nodes/${enc("/project1/ops/panel")}/custom_params`, {
      headers: auth,
      body: {
        operations: [
          { action: "add", page: "Look", name: "Gain", style: "Float", value: 0.5 },
          {
            action: "add",
            page: "Look",
            name: "Level",
            style: "Float",
            value: 0.25,
            min: 0,
            max: 1,
            clamp_min: true,
            clamp_max: true,
          },
        ],
      },
    });
    expect(pars.body.ok, JSON.stringify(pars.body)).toBe(true);
  });
  afterAll(async () => host?.stop());

  it("needs the bearer token itself", async () => {
    expectError(
      await call(host, "POST", "/api/operations/preview", { body: { operation: setSeed(2) } }),
      401,
      "unauthorized",
    );
  });

  it("previews exactly, changing nothing", async () => {
    const r = await post("preview", { operation: setSeed(5) });
    expect(r.body.ok, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data).toMatchObject({ changes: [{ param: "seed", before: 1, after: 5 }], live_verified: true });
    expect(r.body.data.state_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await seedNow()).toBe(1);
  });

  it("refuses bad input with a specific code", async () => {
    expectError(await post("preview", { operation: setSeed(2), extra: 1 }), 400, "invalid_field");
    expectError(
      await post("preview", { operation: { ...setSeed(2), kind: "delete_everything" } }),
      400,
      "invalid_field",
    );
    expectError(
      await post("preview", { operation: { ...setSeed(2), parameters: { nosuch: 1 } } }),
      400,
      "unknown_param",
    );
    expectError(await post("preview", { operation: { ...setSeed(2), parameters: {} } }), 400, "invalid_field");
    expectError(
      await post("preview", { operation: { ...setSeed(2), path: "/project1/ops/nothing" } }),
      404,
      "node_not_found",
    );
    expectError(await post("commit", { operation: setSeed(2) }), 400, "missing_field");
    expectError(await post("receipt", { operation_id: "op-x", bridge_instance: "y" }), 400, "missing_field");
    expect(await seedNow()).toBe(1);
  });

  it("refuses a commit whose preview is stale, changing nothing", async () => {
    const preview = (await post("preview", { operation: setSeed(6) })).body.data;
    await call(host, "PATCH", `/api/nodes/${enc("/project1/ops/noise1")}`, {
      headers: auth,
      body: { parameters: { seed: 2 } },
    });
    expectError(
      await post("commit", { operation: setSeed(6), state_fingerprint: preview.state_fingerprint }),
      409,
      "stale_fingerprint",
    );
    expect(await seedNow()).toBe(2);
  });

  it("commits, reads back, and gives its receipt only with the capability on the same instance", async () => {
    const preview = (await post("preview", { operation: setSeed(9) })).body.data;
    const r = await post("commit", { operation: setSeed(9), state_fingerprint: preview.state_fingerprint });
    expect(r.body.ok, JSON.stringify(r.body)).toBe(true);
    const c = r.body.data;
    expect(c).toMatchObject({
      status: "committed",
      changes: [{ param: "seed", before: 2, after: 9 }],
      journal_item: { kind: "set_parameters", status: "committed" },
    });
    expect(c.receipt_capability).toMatch(/^[0-9a-f]{64}$/);
    expect(c.undo_label).toBeUndefined();
    expect(await seedNow()).toBe(9);
    const receipt = await post("receipt", {
      operation_id: c.operation_id,
      receipt_capability: c.receipt_capability,
      bridge_instance: c.bridge_instance,
    });
    expect(receipt.body.data).toMatchObject({
      status: "committed",
      observation: { values: { seed: 9 }, journal: [{ operation_id: c.operation_id }] },
    });
    expect(receipt.body.data.receipt_capability).toBeUndefined();
    const wrong = "0".repeat(64);
    expectError(
      await post("receipt", {
        operation_id: c.operation_id,
        receipt_capability: wrong,
        bridge_instance: c.bridge_instance,
      }),
      404,
      "operation_not_found",
    );
    expectError(
      await post("receipt", {
        operation_id: c.operation_id,
        receipt_capability: c.receipt_capability,
        bridge_instance: "another-instance",
      }),
      404,
      "operation_not_found",
    );
    expectError(
      await post("receipt", {
        operation_id: "op-unknown",
        receipt_capability: c.receipt_capability,
        bridge_instance: c.bridge_instance,
      }),
      404,
      "operation_not_found",
    );
  });

  it("rolls every parameter back when one does not hold the previewed value, with a recoverable receipt", async () => {
    const op = { kind: "set_parameters", path: "/project1/ops/panel", parameters: { Gain: 0.75, Level: 5 } };
    const preview = (await post("preview", { operation: op })).body.data;
    expect(preview.changes).toEqual([
      { param: "Gain", before: 0.5, after: 0.75 },
      { param: "Level", before: 0.25, after: 5 },
    ]);
    const r = await post("commit", { operation: op, state_fingerprint: preview.state_fingerprint });
    expectError(r, 409, "operation_rolled_back");
    const read = await call(host, "GET", `/api/nodes/${enc("/project1/ops/panel")}/params?keys=Gain,Level`, {
      headers: auth,
    });
    expect(read.body.data.params.map((p: { value: unknown }) => p.value)).toEqual([0.5, 0.25]);
    const e = r.body.error!;
    const receipt = await post("receipt", {
      operation_id: e.operation_id,
      receipt_capability: e.receipt_capability,
      bridge_instance: e.bridge_instance,
    });
    expect(receipt.body.data).toMatchObject({
      status: "rolled_back",
      rollback_failures: [],
      journal_item: { status: "rolled_back" },
    });
    expect(receipt.body.data.problem).toContain("Level");
  });
});
