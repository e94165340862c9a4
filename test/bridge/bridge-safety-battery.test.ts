/**
 * The safety battery of issue #38, over HTTP against tdsim: every finding and every way in the new
 * design closes (each route that takes a value or text, each way to reach the bridge's operators),
 * tried on a bridge with SVC_BRIDGE_EXPRESSIONS=safe, a token and the exec gate closed. Each attempt
 * must be refused with its code and change nothing: the whole project (every operator with its
 * parameters, modes, text and custom parameters, and the bridge's storage) and the files it could
 * write are read back after it. The same battery then runs on an identical bridge with the exec
 * gate open: every case refused for running code then works, and only the bridge's own operators
 * stay refused, so the gate is the only switch.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, enc, startHost, type CallOptions, type Reply, type SimHost } from "./sim-host.js";

const TOKEN = "battery-token";
const AUTH = { authorization: `Bearer ${TOKEN}` };
const SERVER = "/local/webserver1";
const CALLBACKS = "/local/webserver1_callbacks";

let root: string; // holds pylib/ (on the hosts' PYTHONPATH), project/ (the saved project) and export/
let closed: SimHost;
let open: SimHost;

function send(host: SimHost, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  return call(host, method, path, { ...options, headers: { ...AUTH, ...(options.headers ?? {}) } });
}

async function ok(host: SimHost, method: string, path: string, body?: unknown) {
  const reply = await send(host, method, path, body === undefined ? {} : { body });
  expect(reply.body.ok, `${method} ${path}: ${JSON.stringify(reply.body)}`).toBe(true);
  return reply.body.data;
}

const codeOf = (reply: Reply) => {
  const error = reply.body.error as { code: string; cause?: { code: string } } | undefined;
  return error?.code === "batch_failed" ? error.cause?.code : error?.code;
};

/** Everything a request could change, read over HTTP: the whole project, page by page, and the bridge's storage. */
async function project(host: SimHost) {
  const nodes: unknown[] = [];
  const wires: unknown[] = [];
  let after = "";
  for (let page = 0; page < 100; page++) {
    const data = await ok(
      host,
      "GET",
      `/api/network/${enc("/")}/topology?paged=true&depth=64&params=true&text=true&custom=true&after=${enc(after)}`,
    );
    nodes.push(...data.nodes);
    wires.push(...data.wires);
    if (data.next_after === null) break;
    after = data.next_after;
  }
  const storage = await ok(host, "GET", `/api/nodes/${enc(SERVER)}/storage`);
  return { nodes, wires, storage };
}

type Send = (host: SimHost) => Promise<Reply>;
interface Case {
  name: string;
  status: number;
  code: string;
  /** With the exec gate open: "works", or still refused (the bridge's own operators). */
  open: "works" | "refused";
  send: Send;
  /** Files the request would write, which must not exist after the refusal. */
  files?: () => string[];
}

const put =
  (path: string, text: string): Send =>
  (h) =>
    send(h, "PUT", `/api/nodes/${enc(path)}/text`, { body: { text } });
const patch =
  (path: string, parameters: Record<string, unknown>): Send =>
  (h) =>
    send(h, "PATCH", `/api/nodes/${enc(path)}`, { body: { parameters } });
const mode =
  (path: string, param: string, m: string, expr: string): Send =>
  (h) =>
    send(h, "PATCH", `/api/nodes/${enc(path)}/params/${param}/mode`, { body: { mode: m, expr } });
const batch =
  (...operations: unknown[]): Send =>
  (h) =>
    send(h, "POST", "/api/batch", { body: { operations } });
const post =
  (path: string, body: unknown): Send =>
  (h) =>
    send(h, "POST", path, { body });
const pulse =
  (path: string, param: string): Send =>
  (h) =>
    send(h, "POST", `/api/nodes/${enc(path)}/params/${param}/pulse`, { body: {} });

async function fingerprinted(host: SimHost, context: string, body: (fingerprint: string) => unknown, target: string) {
  const read = await ok(host, "POST", context, { parent: "/local" });
  return send(host, "POST", target, { body: body(read.fingerprint) });
}

const CASES: Case[] = [
  // -- the findings of #38 ----------------------------------------------------------------------
  {
    name: "finding 1: tdu.builtins.eval through the mode route",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/n", "period", "expression", "tdu.builtins.eval('1 + 1')"),
  },
  {
    name: "finding 1: tdu.shlex.os through a bind",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/n", "period", "bind", "tdu.shlex.os.getpid()"),
  },
  {
    name: "finding 1: tdu.builtins through batch set_mode",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: batch({
      action: "set_mode",
      path: "/project1/n",
      param: "period",
      mode: "expression",
      expr: "tdu.builtins.abs(-1)",
    }),
  },
  {
    name: "finding 2: an Execute DAT assigning op('b').text",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: put("/project1/ex", "def onFrameStart(frame):\n    op('notes').text = 'import os'\n    return\n"),
  },
  {
    name: "finding 2: an Execute DAT assigning par.expr",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: put("/project1/ex", "def onFrameStart(frame):\n    op('n').par.period.expr = 'tdu.builtins'\n    return\n"),
  },
  {
    name: "finding 3: a .py saved into a folder on sys.path",
    status: 403,
    code: "path_not_allowed",
    open: "works",
    send: (h) =>
      send(h, "POST", `/api/nodes/${enc("/project1/notes")}/save`, {
        body: { file_path: join(root, "pylib", `evil_${h.port}.py`) },
      }),
    files: () => [join(root, "pylib", `evil_${closed.port}.py`)],
  },
  {
    name: "finding 3: a .py saved beside the project's .toe",
    status: 403,
    code: "path_not_allowed",
    open: "works",
    send: (h) =>
      send(h, "POST", `/api/nodes/${enc("/project1/notes")}/save`, {
        body: { file_path: join(root, "project", `helper_${h.port}.py`) },
      }),
    files: () => [join(root, "project", `helper_${closed.port}.py`)],
  },
  {
    name: "finding 4: a bind onto the Web Server DAT",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: mode("/project1/t", "customext", "bind", `op('${SERVER}').par.customext`),
  },

  // -- values TouchDesigner evaluates as Python ----------------------------------------------------
  {
    name: "an expression reaching a DAT's module",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/n", "period", "expression", "len(str(op('notes').module))"),
  },
  {
    name: "an expression reaching mod",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/n", "period", "expression", "1 if me.mod else 0"),
  },
  {
    name: "a bind through an extension",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/t", "customext", "bind", "parent().ext"),
  },
  {
    name: "a dunder inside an f-string",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/t", "customext", "expression", "f'{me.__class__}'"),
  },
  {
    name: "str.format reaching attributes",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/t", "customext", "expression", "'{0.__class__}'.format(me)"),
  },
  {
    name: "a lambda",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/n", "period", "expression", "(lambda: 2)()"),
  },
  {
    name: "a tower of powers",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: mode("/project1/n", "period", "expression", "min(9 ** 2 ** 3, 1)"),
  },
  {
    name: "an extension object that imports its DAT's module",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: patch("/project1/tool", { ext0object: "op('./ToolExt').module" }),
  },
  {
    name: "an Evaluate DAT expression",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: patch("/project1/eval1", { expr: "__import__('os').getcwd()" }),
  },
  {
    name: "a Table DAT cell expression",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: patch("/project1/table1", { cellexpr: "__import__('os').getcwd()" }),
  },
  {
    name: "a new Evaluate DAT created with an expression",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: post("/api/nodes", {
      parent_path: "/project1",
      type: "evaluateDAT",
      name: "ev2",
      parameters: { expr: "eval('1')" },
    }),
  },
  {
    name: "a custom Python parameter's default",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: post(`/api/nodes/${enc("/project1/tool")}/custom_params`, {
      operations: [{ action: "add", page: "P", name: "Code", style: "Python", default: "__import__('os')" }],
    }),
  },
  {
    name: "a structured operation whose preview evaluates Python",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: post("/api/operations/preview", {
      operation: { kind: "set_parameters", path: "/project1/eval1", parameters: { expr: "eval('1')" } },
    }),
  },

  // -- DAT text --------------------------------------------------------------------------------------
  {
    name: "code in a plain Text DAT",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: put("/project1/notes", "import os\n"),
  },
  {
    name: "a function in a plain Text DAT",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: put("/project1/notes", "def f():\n    return 1\n"),
  },
  {
    name: "a table cell of code",
    status: 403,
    code: "unsafe_python",
    open: "works",
    send: batch({ action: "set_text", path: "/project1/table1", text: "a\tb\n__import__('os').getcwd()\t1\n" }),
  },
  {
    name: "the text of a Script DAT's callbacks",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: put("/project1/script1_callbacks", "def onCook(scriptOp):\n    return\n"),
  },
  {
    name: "the text of an extension's DAT",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: put("/project1/tool/ToolExt", "class ToolExt:\n    pass\n"),
  },
  {
    name: "data text into an Execute DAT",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: put("/project1/ex", "1\n"),
  },
  {
    name: "text of a table an Evaluate DAT evaluates",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: put("/project1/cells", "1\n"),
  },

  // -- turning code on, retargeting it, loading it ---------------------------------------------------
  {
    name: "an Execute DAT's callbacks switched on",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: patch("/project1/ex", { framestart: true }),
  },
  {
    name: "an Execute DAT turned on",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: patch("/project1/exoff", { active: true }),
  },
  {
    name: "a Timer CHOP's callbacks pointed at a DAT",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: patch("/project1/timer1", { callbacks: "notes" }),
  },
  {
    name: "an expression choosing a callbacks DAT",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: mode("/project1/timer1", "callbacks", "expression", "'notes'"),
  },
  {
    name: "a panel's drag script",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: patch("/project1/panel", { dragscript: "notes" }),
  },
  {
    name: "an Evaluate DAT's expressions table",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: patch("/project1/eval1", { datexpr: "notes" }),
  },
  {
    name: "an external .tox",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: patch("/project1/tool", { externaltox: "/nowhere/kit.tox" }),
  },
  {
    name: "incoming pipe scripts",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: patch("/project1/pipe", { allowscripts: true }),
  },
  {
    name: "a wire into an Evaluate DAT",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: post("/api/connect", { source_path: "/project1/notes", target_path: "/project1/eval1" }),
  },
  {
    name: "a copy of an Execute DAT",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: post("/api/duplicate", { source_path: "/project1/ex" }),
  },
  {
    name: "a copy of a COMP with code inside",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: post("/api/duplicate", { source_path: "/project1/codekit", name: "codekit_copy" }),
  },
  {
    name: "a rename into the name a callbacks parameter looks for",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: batch({ action: "rename", path: "/project1/spare", name: "script2_callbacks" }),
  },
  {
    name: "a pulse on a DAT that runs",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: pulse("/project1/script1_callbacks", "loadonstartpulse"),
  },

  // -- files TouchDesigner writes -------------------------------------------------------------------
  {
    name: "a File Out DAT writing into the import path",
    status: 403,
    code: "path_not_allowed",
    open: "works",
    send: (h) => patch("/project1/out1", { file: join(root, "pylib", "out.py") })(h),
  },
  {
    name: "a Text DAT synced to a module beside the .toe",
    status: 403,
    code: "path_not_allowed",
    open: "works",
    send: (h) => patch("/project1/t", { file: join(root, "project", "synced.py") })(h),
  },
  {
    name: "an expression choosing the file a DAT writes",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: mode("/project1/out1", "file", "expression", "'out.txt'"),
  },
  {
    name: "a .tox exported into the import path",
    status: 403,
    code: "path_not_allowed",
    open: "works",
    send: (h) =>
      post("/api/artifacts/tox/exports", {
        path: "/project1/codekit",
        file_path: join(root, "pylib", `kit_${h.port}.tox`),
      })(h),
    files: () => [join(root, "pylib", `kit_${closed.port}.tox`)],
  },
  {
    name: "the project saved into the import path",
    status: 403,
    code: "path_not_allowed",
    open: "works",
    send: (h) => post("/api/project/save", { file_path: join(root, "pylib", `project_${h.port}.toe`) })(h),
    files: () => [join(root, "pylib", `project_${closed.port}.toe`)],
  },

  // -- the bridge's own operators -----------------------------------------------------------------------
  {
    name: "the Web Server DAT's port",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: patch(SERVER, { port: 1 }),
  },
  {
    name: "the callbacks DAT's text",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: put(CALLBACKS, "import os\n"),
  },
  {
    name: "the callbacks DAT's file",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: batch({ action: "update", path: CALLBACKS, parameters: { file: "/tmp/x.py" } }),
  },
  {
    name: "storage on the Web Server DAT",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: batch({ action: "store", path: SERVER, key: "k", value: 1 }),
  },
  {
    name: "the Web Server DAT's restart pulse",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: pulse(SERVER, "restart"),
  },
  {
    name: "the Web Server DAT bypassed",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: batch({ action: "set_flags", path: SERVER, flags: { bypass: true } }),
  },
  {
    name: "the Web Server DAT's metadata",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: (h) => send(h, "PATCH", `/api/nodes/${enc(SERVER)}/metadata`, { body: { comment: "mine" } }),
  },
  {
    name: "the Web Server DAT repositioned",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: (h) =>
      fingerprinted(
        h,
        "/api/editor/reposition/context",
        (fingerprint) => ({ parent: "/local", fingerprint, positions: [{ path: SERVER, x: 5, y: 5 }] }),
        "/api/editor/reposition",
      ),
  },
  {
    name: "the Web Server DAT in an annotation layout",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: (h) =>
      fingerprinted(
        h,
        "/api/editor/annotation-layout/context",
        (fingerprint) => ({ parent: "/local", fingerprint, nodes: [{ path: SERVER, x: 5, y: 5 }] }),
        "/api/editor/annotation-layout/apply",
      ),
  },
  {
    name: "a wire into the Web Server DAT",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: post("/api/connect", { source_path: "/project1/notes", target_path: SERVER }),
  },
  {
    name: "a copy of the Web Server DAT",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: post("/api/duplicate", { source_path: SERVER, parent_path: "/project1" }),
  },
  {
    name: "the callbacks DAT deleted",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: (h) => send(h, "DELETE", `/api/nodes/${enc(CALLBACKS)}?confirmation_policy=yolo`),
  },
  {
    name: "the callbacks DAT renamed",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: batch({ action: "rename", path: CALLBACKS, name: "other" }),
  },
  {
    name: "the COMP holding them deleted",
    status: 400,
    code: "protected_node",
    open: "refused",
    send: (h) => send(h, "DELETE", `/api/nodes/${enc("/local")}?confirmation_policy=yolo`),
  },
  {
    name: "a module DAT beside the callbacks",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: post("/api/nodes", { parent_path: "/local", type: "textDAT", name: "json" }),
  },
  {
    name: "a module DAT in local/modules",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: batch(
      { action: "create", parent_path: "/local", type: "baseCOMP", name: "modules" },
      { action: "create", parent_path: "/local/modules", type: "textDAT", name: "os" },
    ),
  },
  {
    name: "a COMP of modules moved onto the search path",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: (h) =>
      send(h, "PATCH", `/api/nodes/${enc("/project1/kit")}/metadata`, {
        body: { parent_path: "/local", name: "local" },
      }),
  },
  {
    name: "a write through a bind that reached the bridge later",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: patch("/project1/bound", { customext: "evil" }),
  },
  {
    name: "the bridge's parameter in a structured operation",
    status: 403,
    code: "bridge_read_only",
    open: "refused",
    send: post("/api/operations/preview", {
      operation: { kind: "set_parameters", path: SERVER, parameters: { port: 1 } },
    }),
  },

  // -- reload ----------------------------------------------------------------------------------------
  {
    name: "finding 3: /api/dev/reload",
    status: 403,
    code: "exec_disabled",
    open: "works",
    send: post("/api/dev/reload", { force: true }),
  },
];

/** The same project on every host: built once on a plain bridge, saved, and loaded by each. */
async function buildProject(): Promise<string> {
  const maker = await startHost({ env: { SVC_BRIDGE_EXPORT_DIR: root } });
  try {
    const made = await call(maker, "POST", "/api/batch", {
      body: {
        operations: [
          { action: "create", parent_path: "/project1", type: "noiseTOP", name: "n" },
          { action: "create", parent_path: "/project1", type: "executeDAT", name: "ex" },
          {
            action: "create",
            parent_path: "/project1",
            type: "executeDAT",
            name: "exoff",
            parameters: { active: false },
          },
          { action: "create", parent_path: "/project1", type: "textDAT", name: "notes" },
          { action: "set_text", path: "/project1/notes", text: "speed\t1\n" },
          { action: "create", parent_path: "/project1", type: "textDAT", name: "t" },
          { action: "create", parent_path: "/project1", type: "textDAT", name: "spare" },
          { action: "create", parent_path: "/project1", type: "tableDAT", name: "table1" },
          { action: "create", parent_path: "/project1", type: "tableDAT", name: "cells" },
          { action: "create", parent_path: "/project1", type: "timerCHOP", name: "timer1" },
          { action: "create", parent_path: "/project1", type: "baseCOMP", name: "tool" },
          { action: "create", parent_path: "/project1/tool", type: "textDAT", name: "ToolExt" },
          {
            action: "update",
            path: "/project1/tool",
            parameters: { ext0object: "op('./ToolExt').module.ToolExt(me)" },
          },
          { action: "create", parent_path: "/project1", type: "textDAT", name: "script1_callbacks" },
          {
            action: "create",
            parent_path: "/project1",
            type: "scriptDAT",
            name: "script1",
            parameters: { callbacks: "script1_callbacks" },
          },
          {
            action: "create",
            parent_path: "/project1",
            type: "scriptDAT",
            name: "script2",
            parameters: { callbacks: "script2_callbacks" },
          },
          { action: "create", parent_path: "/project1", type: "evaluateDAT", name: "eval1" },
          { action: "create", parent_path: "/project1", type: "evaluateDAT", name: "eval2" },
          { action: "connect", source_path: "/project1/cells", target_path: "/project1/eval2" },
          { action: "create", parent_path: "/project1", type: "fileoutDAT", name: "out1" },
          { action: "create", parent_path: "/project1", type: "containerCOMP", name: "panel" },
          { action: "create", parent_path: "/project1", type: "pipeinCHOP", name: "pipe" },
          { action: "create", parent_path: "/project1", type: "baseCOMP", name: "codekit" },
          { action: "create", parent_path: "/project1/codekit", type: "executeDAT", name: "inner" },
          { action: "create", parent_path: "/project1", type: "baseCOMP", name: "kit" },
          { action: "create", parent_path: "/project1/kit", type: "baseCOMP", name: "modules" },
          { action: "create", parent_path: "/project1/kit/modules", type: "textDAT", name: "os" },
          { action: "create", parent_path: "/project1", type: "textDAT", name: "sel" },
          { action: "set_text", path: "/project1/sel", text: "/project1/t" },
          { action: "create", parent_path: "/project1", type: "textDAT", name: "bound" },
          {
            action: "set_mode",
            path: "/project1/bound",
            param: "customext",
            mode: "bind",
            expr: "op(op('/project1/sel').text.strip()).par.customext",
          },
          { action: "set_text", path: "/project1/sel", text: SERVER },
        ],
      },
    });
    expect(made.body.ok, JSON.stringify(made.body)).toBe(true);
    const file = join(root, "project", "battery.toe");
    const saved = await call(maker, "POST", "/api/project/save", { body: { file_path: file } });
    expect(saved.body.ok, JSON.stringify(saved.body)).toBe(true);
    return file;
  } finally {
    await maker.stop();
  }
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "svc-battery-"));
  for (const folder of ["pylib", "project", "export"]) mkdirSync(join(root, folder));
  const state = await buildProject();
  const env = {
    SVC_BRIDGE_TOKEN: TOKEN,
    SVC_BRIDGE_EXPRESSIONS: "safe",
    SVC_BRIDGE_EXPORT_DIR: root,
    PYTHONPATH: join(root, "pylib"),
  };
  [closed, open] = await Promise.all([
    startHost({ env, state }),
    startHost({ env: { ...env, SVC_BRIDGE_ALLOW_EXEC: "1" }, state }),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([closed?.stop(), open?.stop()]);
  rmSync(root, { recursive: true, force: true });
});

describe("exec closed: every case is refused with its code and changes nothing", () => {
  it("has the findings and at least 40 more cases", () => {
    expect(CASES.filter((c) => !c.name.startsWith("finding")).length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const before = await project(closed);
    const reply = await c.send(closed);
    expect(codeOf(reply), JSON.stringify(reply.body)).toBe(c.code);
    expect(reply.status).toBe(codeOf(reply) === reply.body.error?.code ? c.status : 400); // a batch wraps its cause
    expect(await project(closed)).toEqual(before);
    for (const file of c.files?.() ?? []) expect(existsSync(file), file).toBe(false);
  });
});

describe("exec open: the gate is the only switch", () => {
  it.each(CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const reply = await c.send(open);
    if (c.open === "works") {
      expect(reply.body.ok, JSON.stringify(reply.body)).toBe(true);
    } else {
      expect(codeOf(reply), JSON.stringify(reply.body)).toBe(c.code);
    }
  });
});
