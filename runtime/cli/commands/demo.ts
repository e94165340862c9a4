import { writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { packageRoot } from "../../package-root.js";
import type { BridgeClient } from "../../engine/index.js";
import { intFlag } from "../args.js";
import type { Command } from "../command.js";
import { renderDiagnostics, renderPlans } from "../loop-output.js";

/** The demo's previews show the networks after this many frames, so feedback has built up. */
const DEMO_FRAMES = 60;
const SHADER_EXAMPLE = "glsl-shader.svcnet";

/** The GLSL example applied beside the main one, its shader run by tdsim, previewed after DEMO_FRAMES. */
async function previewShader(client: BridgeClient, io: Parameters<Command["run"]>[1], out: string): Promise<boolean> {
  const { applyFile } = await import("../../engine/index.js");
  const example = join(packageRoot(), "examples", SHADER_EXAMPLE);
  io.stdout(`\nApplying examples/${SHADER_EXAMPLE} (a GLSL TOP; tdsim runs its shader on a software OpenGL):\n`);
  const result = await applyFile(client, example, { previewSize: 256, previewFrames: DEMO_FRAMES });
  io.stdout(renderDiagnostics(result.diagnostics, result.sources, io.isTTY));
  if (!result.ok || result.preview === undefined) return false;
  const file = out.replace(/(\.png)?$/i, "-glsl.png");
  writeFileSync(resolve(io.cwd, file), result.preview.png);
  io.stdout(`Preview of ${result.preview.path} after ${DEMO_FRAMES} frames written to ${file}\n`);
  return true;
}

export const demoCommand: Command = {
  name: ["demo"],
  summary:
    "Start tdsim, apply the main example, print the plan and the verify result, save previews after 60 frames, stop.",
  usage: "[--out <file.png>] [--example <file.svcnet>] [--port <n>]",
  flags: {
    out: { type: "string", valueName: "file.png", description: "where to write the preview (default svc-demo.png)" },
    example: {
      type: "string",
      valueName: "file.svcnet",
      description: "another network to apply (default examples/feedback-tunnel.svcnet)",
    },
    port: { type: "string", valueName: "n", description: "tdsim's port on 127.0.0.1 (default: any free port)" },
  },
  details:
    "tdsim is svc's emulation of TouchDesigner (see bridge/sim/README.md); the same steps run against TouchDesigner with 'svc apply'.",
  async run(args, io) {
    const { BridgeClient, bridgeConfigFromEnv, applyFile } = await import("../../engine/index.js");
    const { SimStartError, startSim } = await import("../../sim/start-sim.js");
    const example =
      typeof args.flags.example === "string"
        ? resolve(io.cwd, args.flags.example)
        : join(packageRoot(), "examples", "feedback-tunnel.svcnet");
    const out = typeof args.flags.out === "string" ? args.flags.out : "svc-demo.png";
    const port = intFlag(args, "port", 0, 0, 65535);
    io.stdout("Starting tdsim (an emulation of TouchDesigner) with the svc bridge...\n");
    let sim;
    try {
      sim = await startSim({ port });
    } catch (err) {
      if (err instanceof SimStartError) {
        io.stderr(`svc demo: ${err.message}\n`);
        return 1;
      }
      throw err;
    }
    const client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
    try {
      io.stdout(`tdsim is listening on ${sim.url}\n\nApplying ${relative(io.cwd, example) || example}:\n\n`);
      const result = await applyFile(client, example, { previewSize: 256, previewFrames: DEMO_FRAMES });
      io.stdout(renderPlans(result));
      const requests = result.outcomes.reduce((n, o) => n + o.requests, 0);
      if (result.ok) io.stdout(`Applied in ${requests} request${requests === 1 ? "" : "s"}.\n`);
      const live = result.verified.reduce((n, v) => n + v.errors + v.warnings, 0);
      io.stdout(
        `\nVerify: ${live === 0 ? "the live network reports no errors or warnings." : `${live} problem(s) reported by the live network:`}\n`,
      );
      io.stdout(renderDiagnostics(result.diagnostics, result.sources, io.isTTY));
      if (result.preview) {
        writeFileSync(resolve(io.cwd, out), result.preview.png);
        io.stdout(
          `\nPreview of ${result.preview.path} (${result.preview.width}x${result.preview.height}) after ${DEMO_FRAMES} frames written to ${out}\n`,
        );
      }
      const again = await applyFile(client, example, { verify: false });
      const pending = again.plans.reduce((n, p) => n + p.operations.length, 0);
      io.stdout(
        `\nPlanning the same file again: ${pending === 0 ? "no changes, nothing sent." : `${pending} operations still pending (unexpected).`}\n`,
      );
      const shader = await previewShader(client, io, out);
      return result.ok && pending === 0 && shader && !result.diagnostics.some((d) => d.severity === "error") ? 0 : 1;
    } finally {
      await client.close();
      await sim.stop();
      io.stdout("tdsim stopped.\n");
    }
  },
};
