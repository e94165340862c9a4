/**
 * The exec gate from outside, over HTTP against tdsim: with SVC_BRIDGE_ALLOW_EXEC unset no route
 * may run client-authored Python, by rewriting the bridge's own operators, by writing files where
 * Python picks them up, or (in the safe mode) through expressions and DAT text.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, enc, startHost, type Reply, type SimHost } from "./sim-host.js";

const SERVER = "/local/webserver1";
const CALLBACKS = "/local/webserver1_callbacks";

function expectError(reply: Reply, status: number, code: string) {
  expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ ok: false, error: { code } });
  expect(reply.status).toBe(status);
}

function expectBatchCause(reply: Reply, code: string) {
  expectError(reply, 400, "batch_failed");
  expect((reply.body.error as unknown as { cause: { code: string } }).cause.code).toBe(code);
}

describe("the bridge's own operators are read-only", () => {
  let host: SimHost;
  let callbacksText: string;
  beforeAll(async () => {
    host = await startHost();
    callbacksText = (await call(host, "GET", `/api/nodes/${enc(CALLBACKS)}/text`)).body.data.text;
  });
  afterAll(async () => host?.stop());

  it("refuses rewriting the callbacks DAT, by route and by batch", async () => {
    const evil = "def onHTTPRequest(webServerDAT, request, response):\n    import os\n    return response\n";
    expectError(
      await call(host, "PUT", `/api/nodes/${enc(CALLBACKS)}/text`, { body: { text: evil } }),
      403,
      "bridge_read_only",
    );
    expectBatchCause(
      await call(host, "POST", "/api/batch", {
        body: { operations: [{ action: "set_text", path: CALLBACKS, text: evil }] },
      }),
      "bridge_read_only",
    );
    // the same path spelled over several segments, as a host that decodes %2F would pass it
    expectError(
      await call(host, "PUT", `/api/nodes${CALLBACKS}/text`, { body: { text: evil } }),
      403,
      "bridge_read_only",
    );
    expect((await call(host, "GET", `/api/nodes/${enc(CALLBACKS)}/text`)).body.data.text).toBe(callbacksText);
  });

  it("refuses retargeting, bypassing or rewiring the Web Server DAT", async () => {
    expectError(
      await call(host, "PATCH", `/api/nodes/${enc(SERVER)}`, { body: { parameters: { port: 1 } } }),
      403,
      "bridge_read_only",
    );
    expectError(
      await call(host, "PATCH", `/api/nodes/${enc(SERVER)}`, { body: { parameters: { callbacks: "/project1" } } }),
      403,
      "bridge_read_only",
    );
    expectError(await call(host, "DELETE", `/api/nodes/${enc(SERVER)}?mode=bypass`), 403, "bridge_read_only");
    expectError(
      await call(host, "PATCH", `/api/nodes/${enc(SERVER)}/params/active/mode`, {
        body: { mode: "expression", expr: "0" },
      }),
      403,
      "bridge_read_only",
    );
    const ops = [
      { action: "set_flags", path: SERVER, flags: { bypass: true } },
      { action: "update", path: CALLBACKS, parameters: { file: "/tmp/x.py" } },
      { action: "store", path: SERVER, key: "k", value: 1 },
      { action: "disconnect", to_path: SERVER },
      { action: "reset_param", path: SERVER, param: "port" },
    ];
    for (const op of ops) {
      expectBatchCause(
        await call(host, "POST", "/api/batch", {
          body: { operations: [{ action: "create", parent_path: "/project1", type: "noiseTOP", name: "n1" }, op] },
        }),
        "bridge_read_only",
      );
    }
    expectError(await call(host, "GET", `/api/nodes/${enc("/project1/n1")}`), 404, "node_not_found");
    const server = (await call(host, "GET", `/api/nodes/${enc(SERVER)}/params?keys=port,active,callbacks`)).body.data
      .params;
    expect(server.map((p: { name: string; value: unknown }) => [p.name, p.value])).toEqual([
      ["port", host.port],
      ["active", true],
      ["callbacks", "webserver1_callbacks"],
    ]);
  });

  it("refuses deleting or renaming them, and shadowing the modules the callbacks import", async () => {
    expectError(
      await call(host, "DELETE", `/api/nodes/${enc(CALLBACKS)}?confirmation_policy=yolo`),
      403,
      "bridge_read_only",
    );
    expectBatchCause(
      await call(host, "POST", "/api/batch", {
        body: { operations: [{ action: "rename", path: CALLBACKS, name: "other" }] },
      }),
      "bridge_read_only",
    );
    expectError(
      await call(host, "DELETE", `/api/nodes/${enc("/local")}?confirmation_policy=yolo`),
      400,
      "protected_node",
    );
    for (const name of ["svc_bridge", "os", "sys"]) {
      expectError(
        await call(host, "POST", "/api/nodes", { body: { parent_path: "/local", type: "textDAT", name } }),
        403,
        "bridge_read_only",
      );
    }
    expect(
      (await call(host, "POST", "/api/nodes", { body: { parent_path: "/project1", type: "textDAT", name: "os" } }))
        .status,
    ).toBe(200);
    expectError(
      await call(host, "POST", "/api/duplicate", { body: { source_path: "/project1/os", parent_path: "/local" } }),
      403,
      "bridge_read_only",
    );
    expectBatchCause(
      await call(host, "POST", "/api/batch", {
        body: {
          operations: [
            { action: "create", parent_path: "/local", type: "textDAT", name: "helper" },
            { action: "rename", path: "/local/helper", name: "sys" },
          ],
        },
      }),
      "bridge_read_only",
    );
    expectError(await call(host, "GET", `/api/nodes/${enc("/local/helper")}`), 404, "node_not_found");
  });

  it("keeps serving after every refusal", async () => {
    expect((await call(host, "GET", "/api/health")).status).toBe(200);
  });
});

describe("saves are confined to the project and export folders", () => {
  let host: SimHost;
  let root: string;
  let exportDir: string;
  let outside: string;
  const save = (body: unknown) => call(host, "POST", `/api/nodes/${enc("/project1/notes")}/save`, { body });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "svc-save-gate-"));
    exportDir = join(root, "export");
    outside = join(root, "outside");
    mkdirSync(exportDir);
    mkdirSync(outside);
    host = await startHost({ env: { SVC_BRIDGE_EXPORT_DIR: exportDir } });
    await call(host, "POST", "/api/batch", {
      body: {
        operations: [
          { action: "create", parent_path: "/project1", type: "textDAT", name: "notes" },
          { action: "set_text", path: "/project1/notes", text: "import os\n" },
        ],
      },
    });
  });
  afterAll(async () => {
    await host?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it("writes inside the export folder, making folders below it", async () => {
    const file = join(exportDir, "sub", "notes.py");
    expect((await save({ file_path: file })).status).toBe(200);
    expect(readFileSync(file, "utf8")).toBe("import os\n");
  });

  it("refuses any file outside, whatever the spelling", async () => {
    expectError(await save({ file_path: join(outside, "usercustomize.py") }), 403, "path_not_allowed");
    expectError(await save({ file_path: `${exportDir}/../outside/x.py` }), 400, "invalid_file_path");
    expectError(await save({ file_path: `${exportDir}/./../outside/x.py` }), 400, "invalid_file_path");
    expectError(await save({ file_path: `${exportDir}/x.py\u0000.txt` }), 400, "invalid_file_path");
    expectError(await save({ file_path: `${exportDir}x/a.py` }), 403, "path_not_allowed");
    expectError(await save({ file_path: "relative.py" }), 400, "invalid_file_path");
    expect(existsSync(join(outside, "usercustomize.py"))).toBe(false);
    expect(existsSync(join(outside, "x.py"))).toBe(false);
  });

  it("never follows a link out of the root", async () => {
    symlinkSync(outside, join(exportDir, "linked"));
    symlinkSync(join(outside, "target.py"), join(exportDir, "dangling.py"));
    expectError(await save({ file_path: join(exportDir, "linked", "x.py") }), 403, "path_not_allowed");
    expectError(await save({ file_path: join(exportDir, "dangling.py"), overwrite: true }), 403, "path_not_allowed");
    expect(existsSync(join(outside, "x.py"))).toBe(false);
    expect(existsSync(join(outside, "target.py"))).toBe(false);
  });

  it("replaces an existing file only when asked", async () => {
    const file = join(exportDir, "kept.txt");
    writeFileSync(file, "mine");
    expectError(await save({ file_path: file }), 409, "file_exists");
    expect(readFileSync(file, "utf8")).toBe("mine");
    expect((await save({ file_path: file, overwrite: true })).status).toBe(200);
    expect(readFileSync(file, "utf8")).toBe("import os\n");
  });
});

describe("SVC_BRIDGE_EXPRESSIONS=safe", () => {
  let safe: SimHost;
  let open: SimHost;
  const setMode = (host: SimHost, expr: string) =>
    call(host, "PATCH", `/api/nodes/${enc("/project1/n")}/params/period/mode`, { body: { mode: "expression", expr } });
  const setText = (host: SimHost, text: string) =>
    call(host, "PUT", `/api/nodes/${enc("/project1/ex")}/text`, { body: { text } });

  beforeAll(async () => {
    [safe, open] = await Promise.all([startHost({ env: { SVC_BRIDGE_EXPRESSIONS: "safe" } }), startHost()]);
    for (const host of [safe, open]) {
      await call(host, "POST", "/api/batch", {
        body: {
          operations: [
            { action: "create", parent_path: "/project1", type: "noiseTOP", name: "n" },
            { action: "create", parent_path: "/project1", type: "executeDAT", name: "ex" },
            { action: "create", parent_path: "/project1", type: "textDAT", name: "notes" },
          ],
        },
      });
    }
  });
  afterAll(async () => Promise.all([safe?.stop(), open?.stop()]));

  it.each([
    "__import__('os').system('id')",
    "op('ex').module.os.system('id')",
    "op('x').__class__",
    "eval('1')",
    "(lambda: 1)()",
    "[c for c in 'ab']",
    "me.parent().loadTox('/tmp/a.tox')",
    "op('ex').run()",
    "getattr(me, 'par')",
    "(x := 1)",
  ])("refuses %s", async (expr) => {
    expectError(await setMode(safe, expr), 403, "unsafe_python");
  });

  it("accepts the expressions networks are made of", async () => {
    for (const expr of [
      "absTime.seconds * 0.5",
      "math.sin(absTime.frame / 60) + op('n').par.period.eval()",
      "me.time.frame % 2 == 0 and 1 or 2",
      "tdu.clamp(1.5, 0, 1)",
    ]) {
      const reply = await setMode(safe, expr);
      expect(reply.body, expr).toMatchObject({ ok: true, data: { expr } });
    }
  });

  it("refuses any text for a DAT TouchDesigner runs, and code for any other DAT", async () => {
    const setNotes = (host: SimHost, text: string) =>
      call(host, "PUT", `/api/nodes/${enc("/project1/notes")}/text`, { body: { text } });
    for (const text of ["import os\nos.system('id')\n", "def onFrameStart(frame):\n    return\n", "1\n"]) {
      expectError(await setText(safe, text), 403, "exec_disabled");
    }
    expectBatchCause(
      await call(safe, "POST", "/api/batch", {
        body: { operations: [{ action: "set_text", path: "/project1/ex", text: "class A: pass\n" }] },
      }),
      "exec_disabled",
    );
    expectError(await setNotes(safe, "import os\n"), 403, "unsafe_python");
    expectError(await setNotes(safe, "def f():\n    return 1\n"), 403, "unsafe_python");
    expectError(await setNotes(safe, "name\tvalue\n__import__('os').getcwd()\t1\n"), 403, "unsafe_python");
    for (const text of [
      '{"a": true, "b": null}',
      "uniform float uTime;\nvoid main() {}\n",
      "name\tvalue\nspeed\t1\n",
    ]) {
      expect((await setNotes(safe, text)).status, text).toBe(200);
    }
    expect((await call(safe, "GET", `/api/nodes/${enc("/project1/notes")}/text`)).body.data.text).toBe(
      "name\tvalue\nspeed\t1\n",
    );
  });

  it("leaves the open mode as TouchDesigner has it", async () => {
    expect((await setMode(open, "__import__('math').pi")).status).toBe(200);
    expect((await setText(open, "import math\n")).status).toBe(200);
  });
});
