/**
 * Every workflow pattern's .svcnet and every shader technique's GLSL pass `svc check` (the compiler's
 * analysis, with glslangValidator compiling shaders on TouchDesigner's GLSL environment), and every
 * operator a pattern names exists in the knowledge base and is used by its snippet.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyze } from "../../compiler/index.js";
import { getOperator } from "../../kb/index.js";
import { patterns, techniquePacks, techniques } from "../../kb/guide/patterns.js";
import { techniqueNetwork } from "../../kb/guide/technique-network.js";

const HERE = join(process.cwd(), "kb", "guide");

function problems(text: string, name: string): string[] {
  const { diagnostics } = analyze({ text, file: join(HERE, `${name}.svcnet`) });
  // Info is fine except the one saying shaders were not compiled: then nothing was checked.
  return diagnostics
    .filter(
      (d) => d.severity !== "info" || d.code === "glsl-validator-unavailable" || d.code === "glsl-stage-not-checked",
    )
    .map((d) => `${d.severity} ${d.code} line ${d.range.start.line}: ${d.message}`);
}

describe("workflow patterns", () => {
  it("are at least 30 and cover every category the spec names", () => {
    expect(patterns().length).toBeGreaterThanOrEqual(30);
    expect(new Set(patterns().map((p) => p.category))).toEqual(
      new Set(["feedback", "instancing", "audio", "render", "ui", "data", "performance"]),
    );
    expect(new Set(patterns().map((p) => p.name)).size).toBe(patterns().length);
  });

  it.each(patterns().map((p) => [p.name, p] as const))("%s passes svc check with no warning", (name, pattern) => {
    expect(problems(pattern.svcnet, name)).toEqual([]);
  });

  it.each(patterns().map((p) => [p.name, p] as const))(
    "%s names real operators that its snippet uses",
    (_name, pattern) => {
      for (const type of pattern.operators) {
        expect(getOperator(type)?.type, type).toBe(type);
        expect(pattern.svcnet, type).toMatch(new RegExp(`:\\s*${type}\\b`));
      }
    },
  );

  it("catches a misspelt parameter (the check is not vacuous)", () => {
    const broken = patterns()[0]!.svcnet.replace("opacity:", "opacityy:");
    expect(problems(broken, "broken").join("\n")).toMatch(/unknown-parameter.*opacityy/);
  });
});

describe("shader techniques", () => {
  it("are 7 packs with at least 39 techniques, names unique", () => {
    expect(techniquePacks()).toHaveLength(7);
    expect(techniques().length).toBeGreaterThanOrEqual(39);
    expect(new Set(techniques().map((t) => t.name)).size).toBe(techniques().length);
  });

  it.each(techniques().map((t) => [t.name, t] as const))(
    "%s compiles in svc check with its uniforms on the node",
    (name, technique) => {
      expect(problems(techniqueNetwork(technique), name)).toEqual([]);
    },
  );

  it("catches a shader that does not compile", () => {
    const broken = {
      ...techniques()[0]!,
      glsl: techniques()[0]!.glsl.replace("out vec4 fragColor;", "out vec4 fragColor"),
    };
    expect(problems(techniqueNetwork(broken), "broken").join("\n")).toMatch(/glsl-compile-error/);
  });
});
