/**
 * /api/artifacts/tox/exports and /roundtrip over HTTP against tdsim: an export job started, polled
 * to done and found again by its key after a lost response; bad input refused before any file is
 * written; a round trip on a quarantine bridge loaded, inspected and cleaned up, and refused on a
 * bridge that is not one. Frame-by-frame cancels are tested in-process
 * (test/python/bridge/test_routes_artifacts.py), where frames are stepped, not raced.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, enc, startHost, type SimHost } from "./sim-host.js";

let dir: string;
let host: SimHost;

function expectError(reply: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ ok: false, error: { code } });
  expect(reply.status).toBe(status);
}

/** Polls a job until it leaves the running states; the bound only guards against a hang. */
async function finished(path: string): Promise<Record<string, any>> {
  for (let i = 0; i < 600; i++) {
    const job = (await call(host, "GET", path)).body.data;
    if (!["scheduled", "verifying", "cooking", "cleaning"].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} did not finish`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "svc-artifacts-"));
  host = await startHost({ env: { SVC_BRIDGE_EXPORT_DIR: dir, SVC_PROJECT_RAG_QUARANTINE: "1" } });
  const made = await call(host, "POST", "/api/batch", {
    body: {
      operations: [
        { action: "create", parent_path: "/project1", type: "baseCOMP", name: "kit" },
        { action: "create", parent_path: "/project1/kit", type: "noiseTOP", name: "noise1" },
        { action: "create", parent_path: "/project1/kit", type: "nullTOP", name: "out1" },
        { action: "connect", source_path: "/project1/kit/noise1", target_path: "/project1/kit/out1" },
      ],
    },
  });
  expect(made.body.ok).toBe(true);
});

afterAll(async () => {
  await host?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("POST /api/artifacts/tox/exports", () => {
  it("starts a job that is polled to done, the file in place and nothing partial left", async () => {
    const file = join(dir, "kit.tox");
    const started = await call(host, "POST", "/api/artifacts/tox/exports", {
      body: { path: "/project1/kit", file_path: file, idempotency_key: "kit-export-1" },
    });
    expect(started.body).toMatchObject({
      ok: true,
      data: { state: "scheduled", path: "/project1/kit", mode: "as_is" },
    });
    const id = started.body.data.operation_id as string;
    const done = await finished(`/api/artifacts/tox/exports/${id}`);
    expect(done).toMatchObject({ state: "done", error: null });
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ format: "tdsim-tox", path: "/project1/kit" });
    expect(done.bytes).toBe(readFileSync(file).length);
    expect(readdirSync(dir)).toEqual(["kit.tox"]);
    // The response was lost: the client finds the job by its key, and sending the start again
    // returns the same job instead of exporting twice.
    expect((await call(host, "GET", "/api/artifacts/tox/exports/by-key/kit-export-1")).body.data).toMatchObject({
      operation_id: id,
      state: "done",
    });
    const again = await call(host, "POST", "/api/artifacts/tox/exports", {
      body: { path: "/project1/kit", file_path: file, idempotency_key: "kit-export-1" },
    });
    expect(again.body.data).toMatchObject({ operation_id: id, recovered: true });
    expectError(
      await call(host, "POST", "/api/artifacts/tox/exports", {
        body: { path: "/project1/kit", file_path: file, idempotency_key: "kit-export-1", overwrite: true },
      }),
      422,
      "idempotency_key_reused",
    );
    expectError(await call(host, "POST", `/api/artifacts/tox/exports/${id}/cancel`, { body: {} }), 409, "job_finished");
    expect(readdirSync(dir)).toEqual(["kit.tox"]);
  });

  it("refuses bad input before writing anything", async () => {
    const file = join(dir, "other.tox");
    expectError(
      await call(host, "POST", "/api/artifacts/tox/exports", {
        body: { path: "/project1/kit", file_path: file, extra: 1 },
      }),
      400,
      "invalid_field",
    );
    expectError(
      await call(host, "POST", "/api/artifacts/tox/exports", {
        body: { path: "/project1/kit", file_path: file, mode: "fast" },
      }),
      400,
      "invalid_field",
    );
    expectError(
      await call(host, "POST", "/api/artifacts/tox/exports", {
        body: { path: "/project1/kit/noise1", file_path: file },
      }),
      400,
      "not_a_comp",
    );
    expectError(
      await call(host, "POST", "/api/artifacts/tox/exports", {
        body: { path: "/project1/kit", file_path: join(tmpdir(), "elsewhere.tox") },
      }),
      403,
      "path_not_allowed",
    );
    expectError(
      await call(host, "POST", "/api/artifacts/tox/exports", {
        body: { path: "/project1/kit", file_path: join(dir, "kit.tox") },
      }),
      409,
      "file_exists",
    );
    expectError(await call(host, "GET", "/api/artifacts/tox/exports/tox-unknown"), 404, "operation_not_found");
    expect(existsSync(file)).toBe(false);
  });
});

describe("a build-gated export", () => {
  it("is refused while the COMP's tree has cook errors, and no file is written", async () => {
    await call(host, "POST", "/api/batch", {
      body: {
        operations: [
          { action: "create", parent_path: "/project1", type: "baseCOMP", name: "broken" },
          { action: "create", parent_path: "/project1/broken", type: "levelTOP", name: "level1" },
        ],
      },
    });
    // A filter with no input errors once it has cooked.
    for (let i = 0; i < 400; i++) {
      const errors = (await call(host, "GET", `/api/network/${enc("/project1/broken")}/errors`)).body.data;
      if (errors.error_count > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const file = join(dir, "broken.tox");
    const r = await call(host, "POST", "/api/artifacts/tox/exports", {
      body: { path: "/project1/broken", file_path: file, mode: "build_gated" },
    });
    expectError(r, 409, "build_gate_failed");
    expect(r.body.error!.errors).toEqual([expect.objectContaining({ path: "/project1/broken/level1" })]);
    expect(existsSync(file)).toBe(false);
  });
});

describe("POST /api/artifacts/tox/roundtrip", () => {
  it("loads a .tox into a scratch COMP, reads its contract and cook errors, and removes the scratch COMP", async () => {
    const started = await call(host, "POST", "/api/artifacts/tox/roundtrip", {
      body: { file_path: join(dir, "kit.tox") },
    });
    expect(started.body.ok, JSON.stringify(started.body)).toBe(true);
    const done = await finished(`/api/artifacts/tox/roundtrip/${started.body.data.operation_id}`);
    expect(done).toMatchObject({
      state: "done",
      verdict: "PASS",
      cleanup: "verified",
      contract: { name: "kit", type: "baseCOMP", children: 2 },
      errors: [],
    });
    expect(done.evidence).toMatch(/^UNVERIFIED/);
    const root = (await call(host, "GET", `/api/nodes?parent=${enc("/")}`)).body.data;
    expect(JSON.stringify(root)).not.toContain("svc_quarantine");
  });

  it("refuses a path that is not an absolute regular .tox file", async () => {
    for (const file_path of ["kit.tox", join(dir, "missing.tox"), dir, join(dir, "kit.txt")]) {
      expectError(
        await call(host, "POST", "/api/artifacts/tox/roundtrip", { body: { file_path } }),
        400,
        "invalid_file_path",
      );
    }
  });
});

describe("a bridge that is not a quarantine bridge", () => {
  let plain: SimHost;
  beforeAll(async () => {
    plain = await startHost({ env: { SVC_BRIDGE_EXPORT_DIR: dir } });
  });
  afterAll(async () => plain?.stop());

  it("refuses every round trip", async () => {
    expectError(
      await call(plain, "POST", "/api/artifacts/tox/roundtrip", { body: { file_path: join(dir, "kit.tox") } }),
      403,
      "quarantine_required",
    );
  });
});
