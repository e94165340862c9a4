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

function network(shader: string, glslParams = "", wires = ""): string {
  const indented = shader.split("\n").map((l) => `      ${l}`).join("\n");
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

  it("points at the line of the external file read with file()", () => {
    const shader = "out vec4 fragColor;\n\nvoid main() { fragColor = vec4(undeclaredThing); }\n";
    const main = "svcnet 1\nnetwork net {\n  glsl1: glslTOP { pixeldat: pixel1 }\n  pixel1: textDAT { text: file(\"shaders/look.frag\") }\n}\n";
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": main, "shaders/look.frag": shader });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("glsl-compile-error");
    expect(d!.file).toBe("shaders/look.frag");
    expect(d!.range.start.line).toBe(3);
    expect(covered(shader, d!)).toBe("void main() { fragColor = vec4(undeclaredThing); }");
    expect(d!.message).toBe("the pixel shader of 'glsl1' does not compile: 'undeclaredThing': undeclared identifier");
  });

  it("sizes sTD2DInputs[] by the wired inputs, as TouchDesigner does", () => {
    const two = GOOD.replace("vec4(vUV.st, 0.0, 1.0)", "texture(sTD2DInputs[0], vUV.st) + texture(sTD2DInputs[1], vUV.st)");
    expect(glslDiagnostics({ "main.svcnet": network(two, "", "noise1 -> glsl1\n  noise2 -> glsl1[1]") })).toEqual([]);
    const [d] = glslDiagnostics({ "main.svcnet": network(two, "", "noise1 -> glsl1") });
    expect(d!.code).toBe("glsl-compile-error");
    expect(d!.message).toContain("index out of range");
  });

  it("compiles with the GLSL version the node picks", () => {
    const modern = GOOD.replace("void main() {", "void main() {\n    float b = bitCount(3u);");   // GLSL 4.00 and later
    expect(glslDiagnostics({ "main.svcnet": network(modern) })).toEqual([]);
    expect(glslDiagnostics({ "main.svcnet": network(modern, "\n    glslversion: glsl330") }).map((d) => d.code)).toEqual(["glsl-compile-error"]);
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

  it("a compute shader is reported as not compiled, not passed in silence", () => {
    const source = "svcnet 1\nnetwork net {\n  glsl1: glslTOP { computedat: comp1, mode: compute }\n  comp1: textDAT { text: \"void main() {}\" }\n}\n";
    const [d, ...rest] = glslDiagnostics({ "main.svcnet": source });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("glsl-stage-not-checked");
    expect(d!.severity).toBe("info");
    expect(covered(source, d!)).toBe("computedat");
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
