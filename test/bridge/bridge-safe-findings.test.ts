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
