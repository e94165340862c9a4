/**
 * The findings of issue #38, each tried from outside as an attacker would: over HTTP against tdsim,
 * with a token, SVC_BRIDGE_EXPRESSIONS=safe and the exec gate closed. Every attempt must be refused
 * with a code and change nothing (read back after the refusal).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, call, enc, startHost, type CallOptions, type Reply, type SimHost } from "./sim-host.js";

const TOKEN = "findings-token";
const AUTH = { authorization: `Bearer ${TOKEN}` };
const SERVER = "/local/webserver1";

function send(host: SimHost, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  return call(host, method, path, { ...options, headers: { ...AUTH, ...(options.headers ?? {}) } });
}

function refused(reply: Reply, status: number, code: string) {
  const error = reply.body.error as { code: string; cause?: { code: string } } | undefined;
  const actual = error?.code === "batch_failed" ? error.cause?.code : error?.code;
  expect(actual, JSON.stringify(reply.body)).toBe(code);
  expect(reply.body.ok).toBe(false);
  expect([status, 400]).toContain(reply.status);
  if (error?.code !== "batch_failed") expect(reply.status).toBe(status);
}

async function ok(host: SimHost, method: string, path: string, body?: unknown) {
  const reply = await send(host, method, path, body === undefined ? {} : { body });
  expect(reply.body.ok, JSON.stringify(reply.body)).toBe(true);
  return reply.body.data;
}

/** A copy of the bridge in a folder that is also the project folder, as under `svc sim` in a checkout. */
function stageBridge(folder: string): string {
  const skip = (path: string) => !path.includes("__pycache__");
  cpSync(join(ROOT, "bridge", "svc_bridge"), join(folder, "svc_bridge"), { recursive: true, filter: skip });
  cpSync(join(ROOT, "bridge", "callbacks"), join(folder, "callbacks"), { recursive: true, filter: skip });
  return join(folder, "callbacks", "webserver_callbacks.py");
}

let folder: string;
let host: SimHost;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "svc-findings-"));
  mkdirSync(join(folder, "export"));
  mkdirSync(join(folder, "victim"));
  host = await startHost({
    cwd: folder,
    callbacks: stageBridge(folder),
    env: {
      SVC_BRIDGE_TOKEN: TOKEN,
      SVC_BRIDGE_EXPRESSIONS: "safe",
      SVC_PROJECT_RAG_QUARANTINE: "1",
      SVC_BRIDGE_EXPORT_DIR: join(folder, "export"),
    },
  });
  await ok(host, "POST", "/api/batch", {
    operations: [
      { action: "create", parent_path: "/project1", type: "noiseTOP", name: "n" },
      { action: "create", parent_path: "/project1", type: "executeDAT", name: "ex" },
      { action: "create", parent_path: "/project1", type: "textDAT", name: "b" },
      { action: "create", parent_path: "/project1", type: "textDAT", name: "payload" },
      { action: "create", parent_path: "/project1", type: "textDAT", name: "t" },
      { action: "create", parent_path: "/project1", type: "textDAT", name: "sel" },
      { action: "create", parent_path: "/project1", type: "textDAT", name: "marker" },
      { action: "set_text", path: "/project1/marker", text: "nothing ran yet." },
    ],
  });
});

afterAll(async () => {
  await host?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe("finding 1: a safe expression reaches eval and modules", () => {
  const modeOf = async () =>
    (await ok(host, "GET", `/api/nodes/${enc("/project1/n")}/params?keys=period&modes=true`)).params[0];

  it("refuses tdu.builtins, tdu.shlex.os through the mode route, bind mode and batch set_mode", async () => {
    const victim = join(folder, "victim", "a.txt");
    writeFileSync(victim, "kept");
    const moved = join(folder, "victim", "b.txt");
    const before = await modeOf();
    for (const expr of [
      `tdu.shlex.os.replace(${JSON.stringify(victim)}, ${JSON.stringify(moved)})`,
      "tdu.builtins.eval('1 + 1')",
      "tdu.builtins.__import__('os').getcwd()",
    ]) {
      for (const mode of ["expression", "bind"]) {
        refused(
          await send(host, "PATCH", `/api/nodes/${enc("/project1/n")}/params/period/mode`, { body: { mode, expr } }),
          403,
          "unsafe_python",
        );
      }
      refused(
        await send(host, "POST", "/api/batch", {
          body: {
            operations: [{ action: "set_mode", path: "/project1/n", param: "period", mode: "expression", expr }],
          },
        }),
        403,
        "unsafe_python",
      );
    }
    expect(readFileSync(victim, "utf8")).toBe("kept");
    expect(existsSync(moved)).toBe(false);
    expect(await modeOf()).toEqual(before);
  });
});

describe("finding 2: an Execute DAT's text writes unchecked Python elsewhere", () => {
  it("refuses any text in an Execute DAT while exec is closed", async () => {
    const before = (await ok(host, "GET", `/api/nodes/${enc("/project1/ex")}/text`)).text;
    for (const text of [
      "def onFrameStart(frame):\n    op('b').text = \"import os\"\n    return\n",
      "def onFrameStart(frame):\n    op('n').par.period.expr = \"tdu.builtins.eval('1')\"\n    return\n",
      "def onFrameStart(frame):\n    return\n",
    ]) {
      refused(
        await send(host, "PUT", `/api/nodes/${enc("/project1/ex")}/text`, { body: { text } }),
        403,
        "exec_disabled",
      );
    }
    expect((await ok(host, "GET", `/api/nodes/${enc("/project1/ex")}/text`)).text).toBe(before);
    expect((await ok(host, "GET", `/api/nodes/${enc("/project1/b")}/text`)).text).toBe("");
  });
});

describe("finding 3: a DAT saved over the bridge's own package, then reloaded", () => {
  it("refuses the save into the import path and the reload", async () => {
    const target = join(folder, "svc_bridge", "logbook.py");
    const original = readFileSync(target, "utf8");
    // UTF-7 hides a statement behind what parses as a comment when the text is read as a string.
    const payload = "# -*- coding: utf-7 -*-\n#+AAo-open(" + JSON.stringify(join(folder, "victim", "ran")) + ", 'w')\n";
    await ok(host, "PUT", `/api/nodes/${enc("/project1/payload")}/text`, { text: payload });
    for (const file_path of [target, join(folder, "svc_bridge", "extra.py"), join(folder, "sitecustomize.py")]) {
      refused(
        await send(host, "POST", `/api/nodes/${enc("/project1/payload")}/save`, {
          body: { file_path, overwrite: true },
        }),
        403,
        "path_not_allowed",
      );
    }
    refused(await send(host, "POST", "/api/dev/reload", { body: { force: true } }), 403, "exec_disabled");
    expect(readFileSync(target, "utf8")).toBe(original);
    expect(existsSync(join(folder, "svc_bridge", "extra.py"))).toBe(false);
    expect(existsSync(join(folder, "sitecustomize.py"))).toBe(false);
    expect(existsSync(join(folder, "victim", "ran"))).toBe(false);
  });
});

describe("finding 4: a bind writes through to the bridge's Web Server DAT", () => {
  // customext (Custom Extension, the DAT Common page) is a string parameter of every DAT
  const serverExt = async () =>
    (await ok(host, "GET", `/api/nodes/${enc(SERVER)}/params?keys=customext`)).params[0].value;

  it("refuses a bind whose master is a bridge parameter", async () => {
    const before = await serverExt();
    refused(
      await send(host, "PATCH", `/api/nodes/${enc("/project1/t")}/params/customext/mode`, {
        body: { mode: "bind", expr: `op('${SERVER}').par.customext` },
      }),
      403,
      "bridge_read_only",
    );
    // the bind was not made: the write stays on /project1/t
    await ok(host, "PATCH", `/api/nodes/${enc("/project1/t")}`, { parameters: { customext: "mine" } });
    expect(await serverExt()).toBe(before);
  });

  it("refuses a write through a bind that came to point at the bridge later", async () => {
    const before = await serverExt();
    await ok(host, "PUT", `/api/nodes/${enc("/project1/sel")}/text`, { text: "/project1/b" });
    await ok(host, "PATCH", `/api/nodes/${enc("/project1/t")}/params/customext/mode`, {
      mode: "bind",
      expr: "op(op('/project1/sel').text.strip()).par.customext",
    });
    await ok(host, "PUT", `/api/nodes/${enc("/project1/sel")}/text`, { text: SERVER });
    refused(
      await send(host, "PATCH", `/api/nodes/${enc("/project1/t")}`, { body: { parameters: { customext: "evil" } } }),
      403,
      "bridge_read_only",
    );
    refused(
      await send(host, "POST", "/api/batch", {
        body: { operations: [{ action: "update", path: "/project1/t", parameters: { customext: "evil" } }] },
      }),
      403,
      "bridge_read_only",
    );
    expect(await serverExt()).toBe(before);
  });
});

describe("finding 5: a .tox round trip in quarantine runs the .tox's code", () => {
  let maker: SimHost;
  beforeAll(async () => {
    maker = await startHost({ env: { SVC_BRIDGE_EXPORT_DIR: join(folder, "export") } });
  });
  afterAll(async () => maker?.stop());

  it("reports the code and never runs it", async () => {
    const body = {
      operations: [
        { action: "create", parent_path: "/project1", type: "baseCOMP", name: "kit" },
        {
          action: "create",
          parent_path: "/project1/kit",
          type: "executeDAT",
          name: "ex",
          parameters: { framestart: true },
        },
        {
          action: "set_text",
          path: "/project1/kit/ex",
          text: "def onFrameStart(frame):\n    m = op('/project1/marker')\n    if m is not None:\n        m.text = 'ran'\n    return\n",
        },
        { action: "create", parent_path: "/project1/kit", type: "constantCHOP", name: "c" },
        {
          action: "set_mode",
          path: "/project1/kit/c",
          param: "const0value",
          mode: "expression",
          expr: "op('/project1/marker').store('expr', 1) if op('/project1/marker') is not None else 0",
        },
      ],
    };
    const made = await call(maker, "POST", "/api/batch", { body });
    expect(made.body.ok, JSON.stringify(made.body)).toBe(true);
    const file = join(folder, "export", "kit.tox");
    const started = await call(maker, "POST", "/api/artifacts/tox/exports", {
      body: { path: "/project1/kit", file_path: file },
    });
    expect(started.body.ok, JSON.stringify(started.body)).toBe(true);
    for (let i = 0; i < 600 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(file)).toBe(true);

    const job = await ok(host, "POST", "/api/artifacts/tox/roundtrip", { file_path: file });
    let done: Record<string, any> = job;
    for (let i = 0; i < 600 && ["scheduled", "verifying", "cooking", "cleaning"].includes(done.state); i++) {
      await new Promise((r) => setTimeout(r, 50));
      done = await ok(host, "GET", `/api/artifacts/tox/roundtrip/${job.operation_id}`);
    }
    expect(done).toMatchObject({ state: "done", verdict: "REFUSED", cleanup: "verified" });
    expect(done.error).toMatch(/^exec_disabled/);
    expect(done.carries_code.map((c: { path: string }) => c.path.split("/").slice(-1)[0]).sort()).toEqual(["c", "ex"]);
    // a few frames pass while the job runs: the marker must be as it was
    expect((await ok(host, "GET", `/api/nodes/${enc("/project1/marker")}/text`)).text).toBe("nothing ran yet.");
    expect((await ok(host, "GET", `/api/nodes/${enc("/project1/marker")}/storage`)).keys).toEqual([]);
  });

  it("with exec open the same .tox cooks and its code runs: the gate is the switch", async () => {
    const file = join(folder, "export", "kit.tox");
    expect(existsSync(file)).toBe(true); // exported by the test before
    const opened = await startHost({
      env: {
        SVC_BRIDGE_TOKEN: TOKEN,
        SVC_BRIDGE_EXPRESSIONS: "safe",
        SVC_PROJECT_RAG_QUARANTINE: "1",
        SVC_BRIDGE_ALLOW_EXEC: "1",
      },
    });
    try {
      await ok(opened, "POST", "/api/batch", {
        operations: [
          { action: "create", parent_path: "/project1", type: "textDAT", name: "marker" },
          { action: "set_text", path: "/project1/marker", text: "nothing ran yet." },
        ],
      });
      const job = await ok(opened, "POST", "/api/artifacts/tox/roundtrip", { file_path: file });
      let done: Record<string, any> = job;
      for (let i = 0; i < 600 && ["scheduled", "verifying", "cooking", "cleaning"].includes(done.state); i++) {
        await new Promise((r) => setTimeout(r, 50));
        done = await ok(opened, "GET", `/api/artifacts/tox/roundtrip/${job.operation_id}`);
      }
      expect(done).toMatchObject({ state: "done", cleanup: "verified" });
      expect(["PASS", "FAIL"]).toContain(done.verdict);
      expect(done.carries_code.length).toBe(2);
      expect((await ok(opened, "GET", `/api/nodes/${enc("/project1/marker")}/text`)).text).toBe("ran");
    } finally {
      await opened.stop();
    }
  });
});

describe("finding 7: an idempotency key after /api/dev/reload", () => {
  it("with exec closed the reload is refused and the retry is replayed", async () => {
    const create = () =>
      send(host, "POST", "/api/nodes", {
        body: { parent_path: "/project1", type: "textDAT", name: "once" },
        headers: { "idempotency-key": "once-closed" },
      });
    expect((await create()).body.ok).toBe(true);
    refused(await send(host, "POST", "/api/dev/reload", { body: {} }), 403, "exec_disabled");
    const again = await create();
    expect(again.body).toMatchObject({ ok: true, data: { replayed: true } });
  });

  it("with exec open the receipts survive the reload", async () => {
    const open = await startHost({ env: { SVC_BRIDGE_TOKEN: TOKEN, SVC_BRIDGE_ALLOW_EXEC: "1" } });
    try {
      const create = () =>
        send(open, "POST", "/api/nodes", {
          body: { parent_path: "/project1", type: "textDAT", name: "once" },
          headers: { "idempotency-key": "once-open" },
        });
      expect((await create()).body.ok).toBe(true);
      expect((await send(open, "POST", "/api/dev/reload", { body: { force: true } })).body.ok).toBe(true);
      const again = await create();
      expect(again.body).toMatchObject({ ok: true, data: { replayed: true } });
      const names = (await ok(open, "GET", `/api/nodes?parent=${enc("/project1")}`)).children.map(
        (c: { name: string }) => c.name,
      );
      expect(names.filter((n: string) => n.startsWith("once"))).toEqual(["once"]);
    } finally {
      await open.stop();
    }
  });
});
