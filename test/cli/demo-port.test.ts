import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Runs the built `svc` and collects its output. */
function svc(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["dist/runtime/cli/svc.js", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("svc demo --port", () => {
  let taken: Server;
  let port = 0;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    port = (taken.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it("starts tdsim on the port it is given: a taken one is said in one line, exit 1", async () => {
    const run = await svc(["demo", "--port", String(port)]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(new RegExp(`svc demo: .*${port}.*(in use|taken)`, "i"));
  });

  it("refuses a port that is not one, as bad usage", async () => {
    const run = await svc(["demo", "--port", "70000"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--port");
  });
});
