/** svc install-bridge: staging, the textport line (run in tdsim), and --verify. */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dispatch } from "../../runtime/cli/dispatch.js";
import { installBridgeCommand } from "../../runtime/cli/commands/install-bridge.js";
import { bridgeVersion, stageBridge, textportLine } from "../../runtime/bridge-install/stage.js";
import { ROOT, startHost } from "./sim-host.js";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-install-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = "";
  let stderr = "";
  const code = await dispatch("svc", "", [installBridgeCommand], ["install-bridge", ...args], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    readStdin: async () => "",
    isTTY: false,
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env },
  });
  return { code, stdout, stderr };
}

describe("svc install-bridge", () => {
  it("stages the package and callbacks and prints the textport line", async () => {
    const dir = join(tempDir(), "stage");
    const { code, stdout } = await run(["--dir", dir, "--port", "9123"]);
    expect(code).toBe(0);
    for (const file of [
      "svc_bridge/__init__.py",
      "svc_bridge/app.py",
      "svc_bridge/routes/batch.py",
      "svc_bridge/install.py",
      "callbacks/webserver_callbacks.py",
      "VERSION_FINGERPRINT",
    ]) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    expect(readFileSync(join(dir, "svc_bridge/app.py"), "utf8")).toBe(
      readFileSync(join(ROOT, "bridge/svc_bridge/app.py"), "utf8"),
    );
    expect(stdout).toContain(`staged bridge ${bridgeVersion()}`);
    expect(stdout).toContain(textportLine(dir, 9123));
    expect(textportLine(dir, 9123).split("\n")).toHaveLength(1);
  });

  it("restages over an earlier staging but refuses a folder with other files", async () => {
    const dir = join(tempDir(), "stage");
    expect((await run(["--dir", dir])).code).toBe(0);
    writeFileSync(join(dir, "svc_bridge", "stale.py"), "x = 1\n");
    expect((await run(["--dir", dir])).code).toBe(0);
    expect(existsSync(join(dir, "svc_bridge", "stale.py"))).toBe(false);
    const foreign = tempDir();
    writeFileSync(join(foreign, "notes.txt"), "mine");
    const refused = await run(["--dir", foreign]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/holds other files \(notes\.txt\)/);
    expect(readFileSync(join(foreign, "notes.txt"), "utf8")).toBe("mine");
  });

  it("leaves an identical staging untouched, and swaps changed content in whole", async () => {
    const dir = join(tempDir(), "stage");
    expect(stageBridge(dir).written).toBe(true);
    const init = join(dir, "svc_bridge", "__init__.py");
    // A running bridge imports from this folder: staging the same files again must not rewrite it.
    const before = statSync(init);
    mkdirSync(join(dir, "svc_bridge", "__pycache__"));
    expect(stageBridge(dir).written).toBe(false);
    expect(statSync(init).ino).toBe(before.ino);
    expect(statSync(init).mtimeMs).toBe(before.mtimeMs);
    writeFileSync(join(dir, "callbacks", "webserver_callbacks.py"), "# edited\n");
    const again = stageBridge(dir);
    expect(again.written).toBe(true);
    expect(statSync(init).ino).not.toBe(before.ino); // a new folder was moved in, not the old one rewritten
    expect(readFileSync(join(dir, "callbacks", "webserver_callbacks.py"), "utf8")).toBe(
      readFileSync(join(ROOT, "bridge/callbacks/webserver_callbacks.py"), "utf8"),
    );
    expect(readdirSync(dir).sort()).toEqual(["VERSION_FINGERPRINT", "callbacks", "svc_bridge"]);
  });

  it("rejects bad flags", async () => {
    expect((await run(["--port", "0"])).code).toBe(2);
    expect((await run(["--wait"])).code).toBe(2);
    expect((await run(["--bogus"])).code).toBe(2);
  });

  it("the textport line installs a working bridge (run in tdsim)", async () => {
    const base = tempDir();
    const dir = join(base, "stage with space");
    mkdirSync(dir);
    expect((await run(["--dir", dir, "--port", "9345"])).code).toBe(0);
    const script = [
      "import sys, json",
      `sys.path.insert(0, ${JSON.stringify(join(ROOT, "bridge", "sim"))})`,
      "import tdsim; tdsim.reset()",
      textportLine(dir, 9345),
      "import td",
      "server = td.op('/svc_bridge/webserver')",
      "callbacks = td.op('/svc_bridge/callbacks')",
      "module = {'__name__': 'callbacks'}",
      "exec(compile(callbacks.text, 'callbacks', 'exec'), module)",
      "response = {}",
      "module['onHTTPRequest'](server, {'method': 'GET', 'uri': '/api/info', 'pars': {}, 'clientAddress': '127.0.0.1',",
      "    'serverAddress': '127.0.0.1', 'data': b''}, response)",
      "import svc_bridge",
      "print(json.dumps({'type': server.OPType, 'port': server.par.port.eval(), 'active': server.par.active.eval(),",
      "  'callbacks': getattr(server.par.callbacks.eval(), 'path', None), 'module_file': svc_bridge.__file__,",
      "  'status': response['statusCode'], 'body': json.loads(response['data'])}))",
    ].join("\n");
    const out = execFileSync("python3", ["-c", script], { encoding: "utf8", cwd: base });
    const result = JSON.parse(out.trim().split("\n").pop()!);
    expect(result).toMatchObject({ type: "webserverDAT", port: 9345, active: true, status: 200 });
    expect(result.callbacks).toBe("/svc_bridge/callbacks");
    expect(result.module_file.startsWith(dir)).toBe(true);
    expect(result.body.data.bridge_version).toBe(bridgeVersion());
  });

  it("--palette: the textport line also saves the bridge COMP as a .tox in the palette folder, which loads back (run in tdsim)", async () => {
    const base = tempDir();
    const dir = join(base, "stage");
    const palette = join(base, "My Palette");
    const { code, stdout } = await run([
      "--dir",
      dir,
      "--port",
      "9346",
      "--palette",
      "--palette-dir",
      palette,
      "--package-name",
      "svc_live",
    ]);
    expect(code).toBe(0);
    const line = textportLine(dir, 9346, { dir: palette, packageName: "svc_live" });
    expect(stdout).toContain(line);
    const script = [
      "import sys, json",
      `sys.path.insert(0, ${JSON.stringify(join(ROOT, "bridge", "sim"))})`,
      "import tdsim; tdsim.reset()",
      line,
      "import td",
      `loaded = td.op('/project1').loadTox(${JSON.stringify(join(palette, "svc_live.tox"))})`,
      "print(json.dumps({'loaded': loaded.path, 'server': loaded.op('webserver').OPType,",
      "  'dir_line': [l for l in loaded.op('callbacks').text.splitlines() if l.startswith('SVC_BRIDGE_DIR')][0]}))",
    ].join("\n");
    const out = execFileSync("python3", ["-c", script], { encoding: "utf8", cwd: base });
    expect(out).toContain(`svc bridge: saved /svc_bridge to the palette as ${join(palette, "svc_live.tox")}`);
    const result = JSON.parse(out.trim().split("\n").pop()!);
    expect(result).toMatchObject({ loaded: "/project1/svc_bridge", server: "webserverDAT" });
    expect(result.dir_line).toBe(`SVC_BRIDGE_DIR = ${JSON.stringify(dir).replaceAll('"', "'")}`);
  });

  it("--palette-dir and --package-name need --palette, and a package name is checked before anything is staged", async () => {
    const dir = join(tempDir(), "stage");
    const lone = await run(["--dir", dir, "--package-name", "x"]);
    expect(lone.code).toBe(2);
    expect(lone.stderr).toContain("go with --palette");
    const bad = await run(["--dir", dir, "--palette", "--package-name", "../escape"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--package-name '../escape'");
    expect(existsSync(dir)).toBe(false);
  });

  it("--verify confirms a running bridge of the staged version, and fails when none answers", async () => {
    const dir = join(tempDir(), "stage");
    expect((await run(["--dir", dir])).code).toBe(0);
    const host = await startHost({ callbacks: join(dir, "callbacks", "webserver_callbacks.py") });
    try {
      const ok = await run(["--dir", dir, "--verify"], { SVC_BRIDGE_URL: host.url });
      expect(ok.code, ok.stderr).toBe(0);
      expect(ok.stdout).toContain(`verified: ${host.url} runs bridge ${bridgeVersion()}`);
    } finally {
      await host.stop();
    }
    const down = await run(["--dir", dir, "--verify", "--wait", "--timeout", "1"], { SVC_BRIDGE_URL: host.url });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/not verified: cannot reach the bridge/);
  });
});
