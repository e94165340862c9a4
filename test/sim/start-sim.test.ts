import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServices } from "../../runtime/services.js";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseArgs } from "../../runtime/cli/args.js";
import { simCommand } from "../../runtime/cli/commands/sim.js";
import { SimStartError, startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

const work = mkdtempSync(join(tmpdir(), "svc-sim-"));
const callbacks = join(work, "callbacks.py");
writeFileSync(
  callbacks,
  [
    "import json",
    "def onHTTPRequest(webServerDAT, request, response):",
    "    response['statusCode'] = 200",
    "    response['content-type'] = 'application/json'",
    "    response['data'] = json.dumps({'uri': request['uri'], 'product': app.product, 'body': request['data'].decode()})",
    "    return response",
  ].join("\n"),
);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function holdPort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => resolve({ server, port: (server.address() as { port: number }).port }));
  });
}

describe("startSim", () => {
  it("starts tdsim on a free port and serves the callbacks module", async () => {
    const sim: RunningSim = await startSim({ port: 0, callbacks });
    try {
      expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`);
      const res = await fetch(`${sim.url}/api/echo`, { method: "POST", body: "hello" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ uri: "/api/echo", product: "tdsim", body: "hello" });
      // tdsim says how many parameter defaults it invents, before it serves.
      expect(sim.assumedDefaults!.assumed).toBeGreaterThan(0);
      expect(sim.assumedDefaults!.total).toBeGreaterThan(sim.assumedDefaults!.assumed);
    } finally {
      await sim.stop();
    }
    expect(sim.process.exitCode).toBe(0);
    await sim.stop(); // a second stop is harmless
  }, 60_000);

  it("reports a taken port", async () => {
    const held = await holdPort();
    try {
      const err = await startSim({ port: held.port, callbacks }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SimStartError);
      expect((err as SimStartError).code).toBe("port-in-use");
      expect((err as SimStartError).message).toBe(`port ${held.port} is already in use`);
    } finally {
      held.server.close();
    }
  }, 60_000);

  it("reports a missing python", async () => {
    const err = await startSim({ python: join(work, "no-such-python") }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SimStartError);
    expect((err as SimStartError).code).toBe("python-missing");
  });

  it("reports a missing state file", async () => {
    const err = await startSim({ port: 0, state: join(work, "missing.json") }).catch((e: unknown) => e);
    expect((err as SimStartError).code).toBe("bad-input");
    expect((err as SimStartError).message).toMatch(/^state file not found/);
  }, 60_000);
});

describe("svc sim", () => {
  it("prints one line and exits 1 when the port is taken", async () => {
    const held = await holdPort();
    const out: string[] = [];
    const err: string[] = [];
    try {
      const code = await simCommand.run(
        parseArgs(["--port", String(held.port)], simCommand.flags),
        {
          stdout: (t) => out.push(t),
          stderr: (t) => err.push(t),
          readStdin: async () => "",
          isTTY: false,
          cwd: process.cwd(),
          env: process.env,
        },
        createServices(process.env),
      );
      expect(code).toBe(1);
      expect(out).toEqual([]);
      expect(err.join("")).toBe(`svc sim: port ${held.port} is already in use\n`);
    } finally {
      held.server.close();
    }
  }, 60_000);

  it("says so in one line when python3 is missing", async () => {
    const err: string[] = [];
    const code = await simCommand.run(
      parseArgs(["--port", "0"], simCommand.flags),
      {
        stdout: () => undefined,
        stderr: (t) => err.push(t),
        readStdin: async () => "",
        isTTY: false,
        cwd: process.cwd(),
        env: { ...process.env, SVC_PYTHON: join(work, "no-such-python") },
      },
      createServices(process.env),
    );
    expect(code).toBe(1);
    expect(err.join("")).toMatch(/^svc sim: .*no-such-python was not found; tdsim needs Python 3\.11 or newer\n$/);
  });
});
