/**
 * The `.svcnet` network that runs one shader technique: a GLSL TOP reading the snippet from a Text DAT,
 * one Vectors-page block per uniform, a noise source on input 0 when the technique takes an image and
 * a Feedback TOP of its own output on input 1 when it reads its previous frame. `svc check` compiles
 * the shader in this context; the MCP resource `svc://glsl/{name}` shows the same text.
 */
import type { Technique } from "./schema.js";

function indent(text: string, spaces: number): string {
  const pad = " ".repeat(spaces);
  return text
    .trimEnd()
    .split("\n")
    .map((line) => (line ? pad + line : line))
    .join("\n");
}

export function techniqueNetwork(technique: Technique): string {
  const network = technique.name.replace(/-/g, "_");
  const uniforms = technique.uniforms.flatMap((u, i) => [
    `    vec${i}name: "${u.name}"`,
    `    vec${i}valuex: ${u.value === "time" ? "= absTime.seconds" : String(u.value)}`,
  ]);
  const lines = [
    "svcnet 1",
    `network ${network} {`,
    "  shader: glslTOP {",
    "    pixeldat: shader_code",
    // With a source wired in, the shader takes the source's size (Output Resolution: Use Input).
    ...(technique.inputs === 0 ? ["    resolution: 1280x720"] : []),
    ...uniforms,
    "  }",
    "  shader_code: textDAT {",
    "    text: ```glsl",
    indent(technique.glsl, 6),
    "      ```",
    "  }",
    "  out1: nullTOP [display]",
    "  shader -> out1",
  ];
  if (technique.inputs >= 1)
    lines.push("  source: noiseTOP { resolution: 1280x720, t4d: = absTime.seconds * 0.2 }", "  source -> shader[0]");
  if (technique.inputs === 2)
    lines.push("  previous: feedbackTOP { top: shader }", "  source -> previous -> shader[1]");
  lines.push("}", "");
  return lines.join("\n");
}
