/**
 * GLSL shaders compiled by `svc check` with TouchDesigner's environment before them: a compiler
 * message lands on the shader's own line (text block or external file), uniform names on the node
 * are compared with the shader, and a missing validator is said once. Needs glslang-tools.
 */
import { readdirSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { analyze } from "../../compiler/index.js";
import { glslTops, pixelShaderDat } from "../../compiler/check/glsl/shaders.js";
import { resetValidator, validateShader } from "../../compiler/check/glsl/validator.js";
import { checkFiles } from "../../runtime/cli/check-files.js";
import { memoryHost } from "../../compiler/resolve/host.js";
import { compileFiles, covered } from "./helpers.js";
import type { Diagnostic } from "../../diagnostics/index.js";

function network(shader: string, glslParams = "", wires = ""): string {
  const indented = shader
    .split("\n")
    .map((l) => `      ${l}`)
    .join("\n");
  return `svcnet 1
network net {
  noise1: noiseTOP
  noise2: noiseTOP
  glsl1: glslTOP {
    pixeldat: pixel1${glslParams}
  }
  pixel1: textDAT {
    text: \`\`\`glsl
${indented}
      \`\`\`
  }
  ${wires}
}
`;
}

const GOOD = `out vec4 fragColor;
void main() {
    fragColor = TDOutputSwizzle(vec4(vUV.st, 0.0, 1.0));
}`;

function glslDiagnostics(files: Record<string, string>) {
  return compileFiles(files).diagnostics.filter((d) => d.code.startsWith("glsl-"));
}

describe("GLSL compile errors", () => {
  it("a shader using TouchDesigner's environment compiles with no diagnostic", () => {
    expect(glslDiagnostics({ "main.svcnet": network(GOOD) })).toEqual([]);
  });

  it("points at the shader's line inside the .svcnet text block", () => {
    const source = network(GOOD.replace("void main() {", "void main() {\n    float broken = 1.0 +;"));
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": source });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("glsl-compile-error");
    expect(d!.severity).toBe("error");
    expect(covered(source, d!)).toBe("float broken = 1.0 +;");
    expect(d!.range.start.line).toBe(source.split("\n").findIndex((l) => l.includes("broken")) + 1);
    expect(d!.message).toContain("syntax error");
    expect(d!.help).toContain("in 'pixel1', line 3 of the shader");
  });

  it("points at the line that lacks its ';', not the next one where the compiler noticed", () => {
    const source = network(GOOD.replace("void main() {", "void main() {\n    float a = 1.0\n\n    float b = a;"));
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": source });
    expect(rest).toEqual([]);
    expect(d!.message).toMatch(/does not compile: syntax error, unexpected .*SEMICOLON/);
    expect(covered(source, d!)).toBe("float a = 1.0");
    expect(d!.help[0]).toBe(
      "in 'pixel1', line 3 of the shader: it does not end with ';' (the compiler noticed at line 5)",
    );
  });

  it("points at the line of the external file read with file()", () => {
    const shader = "out vec4 fragColor;\n\nvoid main() { fragColor = vec4(undeclaredThing); }\n";
    const main =
      'svcnet 1\nnetwork net {\n  glsl1: glslTOP { pixeldat: pixel1 }\n  pixel1: textDAT { text: file("shaders/look.frag") }\n}\n';
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": main, "shaders/look.frag": shader });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("glsl-compile-error");
    expect(d!.file).toBe("shaders/look.frag");
    expect(d!.range.start.line).toBe(3);
    expect(covered(shader, d!)).toBe("void main() { fragColor = vec4(undeclaredThing); }");
    expect(d!.message).toBe("the pixel shader of 'glsl1' does not compile: 'undeclaredThing': undeclared identifier");
  });

  it("sizes sTD2DInputs[] by the wired inputs, as TouchDesigner does", () => {
    const two = GOOD.replace(
      "vec4(vUV.st, 0.0, 1.0)",
      "texture(sTD2DInputs[0], vUV.st) + texture(sTD2DInputs[1], vUV.st)",
    );
    expect(glslDiagnostics({ "main.svcnet": network(two, "", "noise1 -> glsl1\n  noise2 -> glsl1[1]") })).toEqual([]);
    const [d] = glslDiagnostics({ "main.svcnet": network(two, "", "noise1 -> glsl1") });
    expect(d!.code).toBe("glsl-compile-error");
    expect(d!.message).toContain("index out of range");
  });

  it("compiles with the GLSL version the node picks", () => {
    const modern = GOOD.replace("void main() {", "void main() {\n    float b = bitCount(3u);"); // GLSL 4.00 and later
    expect(glslDiagnostics({ "main.svcnet": network(modern) })).toEqual([]);
    expect(
      glslDiagnostics({ "main.svcnet": network(modern, "\n    glslversion: glsl330") }).map((d) => d.code),
    ).toEqual(["glsl-compile-error"]);
  });
});

describe("GLSL compiler warnings and stages", () => {
  it("a compiler warning is a warning on its line", () => {
    const source = network(`#extension GL_ARB_no_such_extension : warn\n${GOOD}`);
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": source });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("glsl-compile-warning");
    expect(d!.severity).toBe("warning");
    expect(covered(source, d!)).toBe("#extension GL_ARB_no_such_extension : warn");
  });
});

/** A network with one GLSL node and its shader DATs, each shader in its own text block. */
function shaderNetwork(node: string, shaders: Record<string, string>, extra = ""): string {
  const dats = Object.entries(shaders).map(([name, text]) => {
    const indented = text
      .split("\n")
      .map((l) => `      ${l}`)
      .join("\n");
    return `  ${name}: textDAT {\n    text: \`\`\`glsl\n${indented}\n      \`\`\`\n  }`;
  });
  return `svcnet 1\nnetwork net {\n  ${node}\n${dats.join("\n")}\n${extra}}\n`;
}

describe("vertex and compute shaders", () => {
  /** glslang follows an undeclared name with messages about the same mistake: all on the line of the first. */
  function sameLine(first: Diagnostic, rest: Diagnostic[]): void {
    expect(rest.map((d) => [d.code, d.range.start.line])).toEqual(
      rest.map(() => ["glsl-compile-error", first.range.start.line]),
    );
  }
  const COMPUTE = `layout(local_size_x = 8, local_size_y = 8) in;
void main() {
    vec2 uv = (vec2(gl_GlobalInvocationID.xy) + 0.5) * uTDOutputInfo.res.xy;
    TDImageStoreOutput(0, ivec3(gl_GlobalInvocationID.xy, 0), vec4(uv, TDSimplexNoise(uv), 1.0));
}`;

  it("a GLSL TOP's compute shader compiles on the compute environment, its errors on its line", () => {
    const top = "glsl1: glslTOP { computedat: comp1, mode: compute }";
    expect(glslDiagnostics({ "main.svcnet": shaderNetwork(top, { comp1: COMPUTE }) })).toEqual([]);
    // No vUV in a compute shader (Write a GLSL TOP): the same line a pixel shader could write fails here.
    const source = shaderNetwork(top, { comp1: COMPUTE.replace("vec2 uv = ", "vec2 uv = vUV.st + ") });
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": source });
    sameLine(d!, rest);
    expect(d!.code).toBe("glsl-compile-error");
    expect(d!.message).toBe("the compute shader of 'glsl1' does not compile: 'vUV': undeclared identifier");
    expect(covered(source, d!)).toContain("vec2 uv = vUV.st +");
    expect(d!.help).toContain("in 'comp1', line 3 of the shader");
  });

  it("a GLSL TOP's vertex shader compiles beside its pixel shader; the unused one of the mode is said", () => {
    const vertex =
      "out vec3 texCoord;\nvoid main() {\n    texCoord = uv[0];\n    gl_Position = TDSOPToProj(vec4(P, 1.0));\n}";
    const pixel =
      "in vec3 texCoord;\nlayout(location = 0) out vec4 fragColor;\nvoid main() {\n    fragColor = TDOutputSwizzle(vec4(texCoord, 1.0));\n}";
    const top = "glsl1: glslTOP { vertexdat: vert1, pixeldat: pix1, computedat: comp1 }";
    const ok = shaderNetwork(top, { vert1: vertex, pix1: pixel, comp1: COMPUTE });
    expect(glslDiagnostics({ "main.svcnet": ok }).map((d) => [d.code, d.message])).toEqual([
      [
        "glsl-stage-not-checked",
        "the compute shader of 'glsl1' was not compiled: 'glsl1' is in vertex/pixel mode, where TouchDesigner does not use it",
      ],
    ]);
    const broken = shaderNetwork(top.replace(", computedat: comp1", ""), {
      vert1: vertex.replace("uv[0]", "uv[0] * vUV"),
      pix1: pixel,
    });
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": broken });
    expect(rest).toEqual([]);
    expect(d!.message).toBe("the vertex shader of 'glsl1' does not compile: 'vUV': undeclared identifier");
    expect(covered(broken, d!)).toBe("texCoord = uv[0] * vUV;");
  });

  it("a GLSL MAT's vertex and pixel shaders compile on the material environment, uniforms compared across both", () => {
    const vertex = `uniform float uWave;
out vec4 worldPos;
void main() {
    vec4 p = TDDeform(TDPos() + TDNormal() * uWave);
    worldPos = p;
    gl_Position = TDWorldToProj(p);
}`;
    const pixel = `in vec4 worldPos;
out vec4 fragColor;
void main() {
    TDCheckDiscard();
    vec4 c = TDLighting(0, worldPos.xyz, vec3(0.0, 0.0, 1.0), 1.0, vec3(0.0), vec3(0.0, 0.0, 1.0), 10.0, 10.0).diffuse.rgbr;
    TDAlphaTest(c.a);
    fragColor = TDOutputSwizzle(TDFog(c, worldPos.xyz, 0));
}`;
    const mat = 'mat1: glslMAT { vdat: vert1, pdat: pix1, vec0name: "uWave", vec0valuex: 0.2 }';
    expect(glslDiagnostics({ "main.svcnet": shaderNetwork(mat, { vert1: vertex, pix1: pixel }) })).toEqual([]);
    const broken = shaderNetwork(mat, {
      vert1: vertex.replace("TDWorldToProj(p)", "TDWorldToProj(p, 1.0)"),
      pix1: pixel,
    });
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": broken });
    sameLine(d!, rest);
    expect(d!.code).toBe("glsl-compile-error");
    expect(d!.message).toContain("the vertex shader of 'mat1' does not compile: 'TDWorldToProj'");
    expect(covered(broken, d!)).toBe("gl_Position = TDWorldToProj(p, 1.0);");
    // A MAT's geometry shader has no environment in svc: said, not passed in silence.
    const geometry = shaderNetwork("mat1: glslMAT { pdat: pix1, gdat: geo1 }", { pix1: pixel, geo1: "void main() {}" });
    expect(glslDiagnostics({ "main.svcnet": geometry }).map((d) => [d.code, d.severity, d.message])).toEqual([
      [
        "glsl-stage-not-checked",
        "info",
        "the geometry shader of 'mat1' was not compiled: svc checks the vertex and pixel shaders of a GLSL MAT, not its geometry shader",
      ],
    ]);
  });

  it("a GLSL POP's compute shader compiles with the attributes the node writes and makes", () => {
    const shader = `void main() {
    const uint id = TDIndex();
    if (id >= TDNumElements()) return;
    vec3 p = TDIn_P(0, id);
    P[id] = p + TDIn_N() * TDSimplexNoise(vec4(p, uTime));
    life[id] = uTime;
}`;
    const pop =
      'pop1: glslPOP { computedat: comp1, outputattrs: "P", attr0name: custom, attr0customname: "life", vec0name: "uTime", vec0valuex: 1 }';
    expect(glslDiagnostics({ "main.svcnet": shaderNetwork(pop, { comp1: shader }) })).toEqual([]);
    // P is written but not listed in Output Attributes: TouchDesigner allocates no P to write.
    const unlisted = shaderNetwork(pop.replace('outputattrs: "P", ', ""), { comp1: shader });
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": unlisted });
    sameLine(d!, rest);
    expect(d!.message).toBe("the compute shader of 'pop1' does not compile: 'P': undeclared identifier");
    expect(covered(unlisted, d!)).toContain("P[id] = p +");
    // An attribute only an input POP makes has a type svc cannot see: the shader is not compiled, and that is said.
    const foreign = shaderNetwork(pop, { comp1: shader.replace("TDIn_N()", "TDIn_PartVel()") });
    expect(glslDiagnostics({ "main.svcnet": foreign }).map((d) => [d.code, d.message])).toEqual([
      [
        "glsl-stage-not-checked",
        "the compute shader of 'pop1' was not compiled: it uses attribute(s) PartVel, which an input POP makes: svc cannot see their types",
      ],
    ]);
  });

  it("the GLSL POPs svc has no environment for are said, not passed in silence", () => {
    const source = shaderNetwork("pop1: glslcopyPOP { ptcomputedat: comp1 }", { comp1: "void main() {}" });
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": source });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("glsl-stage-not-checked");
    expect(d!.severity).toBe("info");
    expect(covered(source, d!)).toBe("ptcomputedat");
  });
});

describe("uniform names", () => {
  const shader = `uniform vec4 uSpeed;
uniform vec4 uSpare;
out vec4 fragColor;
void main() {
    fragColor = TDOutputSwizzle(vec4(uSpeed.x + uSpare.x));
}`;

  it("a uniform the shader uses but no parameter names is a warning on its declaration", () => {
    const source = network(shader, '\n    vec0name: "uSpeed"');
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": source });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("glsl-uniform-not-on-node");
    expect(d!.severity).toBe("warning");
    expect(covered(source, d!)).toBe("uniform vec4 uSpare;");
  });

  it("a uniform named on the node that the shader never declares or uses is a warning on the parameter", () => {
    const source = network(shader, '\n    vec0name: "uSpeed"\n    vec1name: "uSpare"\n    color0name: "uMissing"');
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": source });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("glsl-uniform-unused");
    expect(covered(source, d!)).toBe("color0name");
    expect(d!.message).toContain("does not declare");
  });
});

describe("without the validator", () => {
  afterEach(() => {
    delete process.env.SVC_GLSLANG;
    resetValidator();
  });

  it("svc check says once that shaders were not compiled, and fails nothing", () => {
    process.env.SVC_GLSLANG = "/nonexistent/glslangValidator";
    resetValidator();
    const broken = network(GOOD.replace("void main() {", "void main() {\n    float broken = ;"));
    const host = memoryHost({ "/w/a.svcnet": broken, "/w/b.svcnet": broken });
    const report = checkFiles(["/w/a.svcnet", "/w/b.svcnet"], { host, cwd: "/w" });
    expect(report.diagnostics.map((d) => [d.code, d.severity])).toEqual([["glsl-validator-unavailable", "info"]]);
    expect(report.diagnostics[0]!.message).toContain("is not installed");
  });
});

describe("the recipe library", () => {
  function svcnetFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? svcnetFiles(path) : path.endsWith(".svcnet") ? [path] : [];
    });
  }

  it("every pixel shader of recipes/ and examples/ compiles, with no uniform warning", { timeout: 600_000 }, () => {
    expect(validateShader("#version 460\nvoid main() {}\n", "frag").status).toBe("compiled");
    let shaders = 0;
    // A recipe is analysed as one use of it, so its nodes are in the program's networks.
    const uses = svcnetFiles("recipes").map((file) => ({
      file: join(dirname(file), "use.svcnet"),
      text: `svcnet 1\nimport "${basename(file)}"\nnetwork use { r1: ${basename(file, ".svcnet")} }\n`,
    }));
    for (const file of [...uses, ...svcnetFiles("examples")]) {
      const { program, diagnostics } = analyze(file);
      const glsl = diagnostics.filter((d) => d.code.startsWith("glsl-"));
      expect(glsl.map((d) => `${typeof file === "string" ? file : file.text}: ${d.message}`)).toEqual([]);
      shaders += glslTops(program).filter(({ node }) => pixelShaderDat(node) !== undefined).length;
    }
    expect(shaders).toBeGreaterThanOrEqual(40);
  });
});
