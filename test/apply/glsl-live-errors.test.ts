/**
 * A shader that fails to compile in the live project (here: svc check could not compile it first,
 * its validator being missing) is reported by verify on the shader's own line of the .svcnet file,
 * from the error tdsim raises on the GLSL TOP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetValidator } from "../../compiler/check/glsl/validator.js";
import { BridgeClient, bridgeConfigFromEnv } from "../../runtime/engine/bridge-client/index.js";
import { applyFile } from "../../runtime/engine/loop/run-loop.js";
import { startSim, type RunningSim } from "../../runtime/sim/start-sim.js";

const SOURCE = `svcnet 1
network shader {
  glsl1: glslTOP { pixeldat: pixel1, resolution: 32x16 }
  pixel1: textDAT {
    text: \`\`\`glsl
      out vec4 fragColor;
      void main() {
          fragColor = vec4(notDeclared);
      }
      \`\`\`
  }
}
`;

describe("a live shader compile error", () => {
  let sim: RunningSim;
  let client: BridgeClient;

  beforeAll(async () => {
    process.env.SVC_GLSLANG = "/nonexistent/glslangValidator";
    resetValidator();
    sim = await startSim({ port: 0 });
    client = new BridgeClient(bridgeConfigFromEnv({ SVC_BRIDGE_URL: sim.url }));
  });

  afterAll(async () => {
    delete process.env.SVC_GLSLANG;
    resetValidator();
    await client?.close();
    await sim?.stop();
  });

  it("is a diagnostic on the shader's line in the .svcnet file", async () => {
    const result = await applyFile(client, { text: SOURCE, file: "shader.svcnet" });
    expect(result.diagnostics.map((d) => d.code)).toContain("glsl-validator-unavailable");
    const live = result.diagnostics.filter((d) => d.code === "live-cook-error");
    expect(live.length).toBeGreaterThan(0);
    const d = live[0]!;
    expect(d.file).toBe("shader.svcnet");
    expect(d.range.start.line).toBe(SOURCE.split("\n").findIndex((l) => l.includes("notDeclared")) + 1);
    expect(SOURCE.slice(d.range.start.offset, d.range.end.offset)).toBe("fragColor = vec4(notDeclared);");
    expect(d.message).toContain("line 3");
    expect(d.message).toContain("notDeclared");
  });
});
