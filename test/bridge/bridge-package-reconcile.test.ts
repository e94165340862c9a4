/**
 * /api/packages/reconcile/check and /apply over HTTP against tdsim: a dry-run plan that is stable
 * while nothing changes, refused once stale or used; bypass, a yolo delete, a delete without a
 * decision kept before any change, and a failing orphan rolling the others back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, enc, startHost, type SimHost } from "./sim-host.js";

let host: SimHost;
const TAG = "svcpkg:soft-pack";

function expectError(reply: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ ok: false, error: { code } });
  expect(reply.status).toBe(status);
}

const node = async (path: string) => (await call(host, "GET", `/api/nodes/${enc(path)}`)).body;
const check = (keep: string[]) =>
  call(host, "POST", "/api/packages/reconcile/check", { body: { package: "soft-pack", root: "/project1/show", keep } });

beforeAll(async () => {
  host = await startHost();
  const made = await call(host, "POST", "/api/batch", {
    body: {
      operations: [
        { action: "create", parent_path: "/project1", type: "baseCOMP", name: "show" },
        { action: "create", parent_path: "/project1/show", type: "noiseTOP", name: "kept1", tags: [TAG] },
        { action: "create", parent_path: "/project1/show", type: "levelTOP", name: "old1", tags: [TAG] },
        { action: "create", parent_path: "/project1/show", type: "baseCOMP", name: "oldcomp", tags: [TAG] },
        { action: "create", parent_path: "/project1/show/oldcomp", type: "nullTOP", name: "inner", tags: [TAG] },
        { action: "create", parent_path: "/project1/show", type: "blurTOP", name: "artists", tags: ["mine"] },
      ],
    },
  });
  expect(made.body.ok, JSON.stringify(made.body)).toBe(true);
});

afterAll(async () => host?.stop());

describe("POST /api/packages/reconcile/check", () => {
  it("lists the package's operators it no longer provides, topmost only, and the conflicts, changing nothing", async () => {
    const r = await check(["kept1", "artists"]);
    expect(r.body.ok, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data.orphans.map((o: { relative: string }) => o.relative)).toEqual(["old1", "oldcomp"]);
    expect(r.body.data.conflicts).toEqual([
      { relative: "artists", path: "/project1/show/artists", reason: "not owned by soft-pack" },
    ]);
    expect(r.body.data).toMatchObject({ dry_run: true, expires_in_s: 120 });
    expect((await check(["kept1", "artists"])).body.data.plan_id).toBe(r.body.data.plan_id);
    expect((await node("/project1/show/old1")).ok).toBe(true);
  });

  it("refuses bad input", async () => {
    expectError(
      await call(host, "POST", "/api/packages/reconcile/check", {
        body: { package: "soft pack", root: "/project1/show" },
      }),
      400,
      "invalid_field",
    );
    expectError(
      await call(host, "POST", "/api/packages/reconcile/check", {
        body: { package: "soft-pack", root: "/project1/show/kept1" },
      }),
      400,
      "not_a_comp",
    );
    expectError(
      await call(host, "POST", "/api/packages/reconcile/check", { body: { package: "soft-pack" } }),
      400,
      "missing_field",
    );
    expectError(
      await call(host, "POST", "/api/packages/reconcile/check", {
        body: { package: "soft-pack", root: "/project1/show", extra: 1 },
      }),
      400,
      "invalid_field",
    );
  });
});

describe("POST /api/packages/reconcile/apply", () => {
  it("refuses keep, an unknown plan, a stale plan, and a delete without a decision, before any change", async () => {
    const plan = (await check(["kept1"])).body.data.plan_id;
    expectError(
      await call(host, "POST", "/api/packages/reconcile/apply", { body: { plan_id: plan, action: "keep" } }),
      400,
      "invalid_field",
    );
    expectError(
      await call(host, "POST", "/api/packages/reconcile/apply", { body: { plan_id: "rp-unknown", action: "bypass" } }),
      409,
      "plan_expired",
    );
    expectError(
      await call(host, "POST", "/api/packages/reconcile/apply", { body: { plan_id: plan, action: "delete" } }),
      409,
      "delete_kept",
    );
    expect((await node("/project1/show/old1")).ok).toBe(true);
    await call(host, "PATCH", `/api/nodes/${enc("/project1/show/kept1")}/metadata`, { body: { tags: [] } });
    expectError(
      await call(host, "POST", "/api/packages/reconcile/apply", { body: { plan_id: plan, action: "bypass" } }),
      409,
      "stale_fingerprint",
    );
    expect((await node("/project1/show/old1")).data.flags.bypass).toBe(false);
    await call(host, "PATCH", `/api/nodes/${enc("/project1/show/kept1")}/metadata`, { body: { tags: [TAG] } });
  });

  it("bypasses the orphans in one undo step, and the plan is used once", async () => {
    const plan = (await check(["kept1"])).body.data.plan_id;
    const r = await call(host, "POST", "/api/packages/reconcile/apply", { body: { plan_id: plan, action: "bypass" } });
    expect(r.body.ok, JSON.stringify(r.body)).toBe(true);
    expect(r.body.data.applied).toEqual([
      { path: "/project1/show/old1", action: "bypass" },
      { path: "/project1/show/oldcomp", action: "bypass" },
    ]);
    expect(r.body.data.undo_label).toBe("svc: package reconcile");
    expect((await node("/project1/show/old1")).data.flags.bypass).toBe(true);
    expect((await node("/project1/show/kept1")).data.flags.bypass).toBe(false);
    expectError(
      await call(host, "POST", "/api/packages/reconcile/apply", { body: { plan_id: plan, action: "bypass" } }),
      409,
      "plan_expired",
    );
  });

  it("a delete the artist answers Keep rolls back the orphans deleted before it; yolo deletes them all", async () => {
    await call(host, "POST", "/api/batch", {
      body: {
        operations: [
          { action: "create", parent_path: "/project1/show", type: "textDAT", name: "zz_last", tags: [TAG] },
        ],
      },
    });
    // tdsim's scripted artist presses the first button, Keep, when nothing else is scripted.
    const asked = await call(host, "POST", "/api/interactions", {
      body: { kind: "node_delete", target: "/project1/show/zz_last" },
    });
    expect(asked.body.ok, JSON.stringify(asked.body)).toBe(true);
    let answer: { state: string; choice?: string } = { state: "pending" };
    for (let i = 0; i < 400 && answer.state === "pending"; i++) {
      await new Promise((r) => setTimeout(r, 25));
      answer = (await call(host, "GET", `/api/interactions/${asked.body.data.id}`)).body.data;
    }
    expect(answer).toMatchObject({ choice: "Keep" });
    const plan = (await check(["kept1"])).body.data;
    expect(plan.orphans.map((o: { relative: string }) => o.relative)).toEqual(["old1", "oldcomp", "zz_last"]);
    const kept = await call(host, "POST", "/api/packages/reconcile/apply", {
      body: {
        plan_id: plan.plan_id,
        action: "delete",
        confirmation_policy: "yolo",
        interaction_ids: { "/project1/show/zz_last": asked.body.data.id },
      },
    });
    expectError(kept, 409, "delete_kept");
    expect((await node("/project1/show/old1")).ok).toBe(true);
    expect((await node("/project1/show/oldcomp/inner")).ok).toBe(true);
    expect((await node("/project1/show/zz_last")).ok).toBe(true);

    const again = (await check(["kept1"])).body.data;
    const r = await call(host, "POST", "/api/packages/reconcile/apply", {
      body: { plan_id: again.plan_id, action: "delete", confirmation_policy: "yolo" },
    });
    expect(r.body.ok, JSON.stringify(r.body)).toBe(true);
    expect((await node("/project1/show/old1")).ok).toBe(false);
    expect((await node("/project1/show/oldcomp/inner")).ok).toBe(false);
    expect((await node("/project1/show/zz_last")).ok).toBe(false);
    expect((await node("/project1/show/kept1")).ok).toBe(true);
    expect((await node("/project1/show/artists")).ok).toBe(true);
  });
});
