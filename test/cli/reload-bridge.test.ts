/**
 * reload_bridge end to end: tdsim runs a staged copy of the bridge, the copy's files change, and
 * `svc-agent reload-bridge` (the MCP tool on the command line) makes the running bridge answer with
 * the new code; a broken file keeps the old code running; open work refuses a reload unless forced.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentCommands } from "../../runtime/cli/agent/index.js";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { stageBridge } from "../../runtime/bridge-install/stage.js";
import { createServices } from "../../runtime/services.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

let sim: RunningSim;
let home: string;
let staged: string;
const savedUrl = process.env.SVC_BRIDGE_URL;

async function agent(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: (t: string) => (stdout += t),
    stderr: (t: string) => (stderr += t),
    readStdin: async () => "",
    isTTY: false,
    cwd: home,
    env: process.env,
  };
  const code = await dispatch("svc-agent", "svc-agent", agentCommands, argv, io);
  return { code, stdout, stderr };
}

async function info(): Promise<{ bridge_version: string }> {
  const res = await fetch(`${sim.url}/api/info`);
  return ((await res.json()) as { data: { bridge_version: string } }).data;
}

// svc's own client of the bridge under test, for the requests the test sends itself.
const services = createServices(process.env);

const initFile = () => join(staged, "svc_bridge", "version.py");
function setVersion(version: string) {
  writeFileSync(
    initFile(),
    readFileSync(initFile(), "utf8").replace(/^BRIDGE_VERSION = ".*"$/m, `BRIDGE_VERSION = "${version}"`),
  );
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), "svc-reload-"));
  staged = stageBridge(join(home, "bridge")).dir;
  // the staged callbacks put the staged folder on sys.path, as in TouchDesigner
  // POST /api/dev/reload imports whatever the folder holds, so it is exec: the gate is open here
  sim = await startSim({
    port: 0,
    callbacks: join(staged, "callbacks", "webserver_callbacks.py"),
    env: { ...process.env, SVC_BRIDGE_ALLOW_EXEC: "1" },
  });
  process.env.SVC_BRIDGE_URL = sim.url;
}, 60_000);

afterAll(async () => {
  await services.close();
  await sim?.stop();
  if (savedUrl === undefined) delete process.env.SVC_BRIDGE_URL;
  else process.env.SVC_BRIDGE_URL = savedUrl;
  rmSync(home, { recursive: true, force: true });
});

describe("reload_bridge on tdsim", () => {
  it("imports the staged files again: the running bridge reports the version written since", async () => {
    const before = (await info()).bridge_version;
    setVersion("9.8.7");
    expect((await info()).bridge_version).toBe(before);
    const r = await agent(["reload-bridge", "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data).toMatchObject({ before, after: "9.8.7", bridgeStatus: "newer", dropped: [] });
    expect((await info()).bridge_version).toBe("9.8.7");
  });

  it("new code that does not import is refused and the running bridge keeps answering", async () => {
    const good = readFileSync(initFile(), "utf8");
    writeFileSync(initFile(), good.replace(/^BRIDGE_VERSION = ".*"$/m, 'BRIDGE_VERSION = "9.9.9"\nthis is not python'));
    try {
      const r = await agent(["reload-bridge"]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/did not import .*the running bridge 9\.8\.7 is kept/);
      expect((await info()).bridge_version).toBe("9.8.7");
      const made = await fetch(`${sim.url}/api/nodes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ parent_path: "/project1", type: "noiseTOP", name: "after_failed_reload" }),
      });
      expect(made.status).toBe(200);
    } finally {
      writeFileSync(initFile(), good);
    }
  });

  it("an open transaction refuses a reload with what it would drop; --force reloads and says what it dropped", async () => {
    // through svc's client, which sends a shed request again after Retry-After
    const client = await services.bridge();
    await client.post("/api/batch", {
      transaction: "t-reload",
      operations: [{ action: "create", parent_path: "/project1", type: "levelTOP", name: "in_transaction" }],
    });
    setVersion("9.8.8");
    const refused = await agent(["reload-bridge"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/a reload would drop 1 open transaction/);
    expect((await info()).bridge_version).toBe("9.8.7");
    const forced = await agent(["reload-bridge", "--force", "--json"]);
    expect(forced.code).toBe(0);
    expect(JSON.parse(forced.stdout).data).toMatchObject({ after: "9.8.8", dropped: ["1 open transaction(s)"] });
    expect((await info()).bridge_version).toBe("9.8.8");
  });
});
