import { describe, expect, test } from "vitest";
import { closestOperators, closestParameters, searchOperators } from "../../kb/index.js";

// Realistic queries, typos included, and the operator each must put first.
const FIRST_HIT: [string, string][] = [
  ["noize", "noiseTOP"],
  ["feedbak top", "feedbackTOP"],
  ["audio spectrum", "audiospectrumCHOP"],
  ["Noise TOP", "noiseTOP"],
  ["noiseTOP", "noiseTOP"],
  ["blur", "blurTOP"],
  ["kaleidoscope", "mirrorTOP"],
  ["movie file in", "moviefileinTOP"],
  ["moviefilein", "moviefileinTOP"],
  ["osc in", "oscinCHOP"],
  ["osc in dat", "oscinDAT"],
  ["glsl", "glslTOP"],
  ["glsl mat", "glslMAT"],
  ["render", "renderTOP"],
  ["camera", "cameraCOMP"],
  ["geometry comp", "geometryCOMP"],
  ["lfo", "lfoCHOP"],
  ["math chop", "mathCHOP"],
  ["constnat", "constantTOP"],
  ["webcam", "videodeviceinTOP"],
  ["hsv", "hsvadjustTOP"],
  ["level", "levelTOP"],
  ["compsite", "compositeTOP"],
  ["select chop", "selectCHOP"],
  ["web server", "webserverDAT"],
  ["instancing", "geometryCOMP"],
  ["noise sop", "noiseSOP"],
  ["box pop", "boxPOP"],
  ["chop to top", "choptoTOP"],
  ["top to chop", "toptoCHOP"],
  ["audio file in", "audiofileinCHOP"],
  ["audiodevicein", "audiodeviceinCHOP"],
  ["midi", "midiinCHOP"],
  ["table", "tableDAT"],
  ["execute", "executeDAT"],
  ["chop execute", "chopexecuteDAT"],
  ["phong", "phongMAT"],
  ["trasnform", "transformTOP"],
  ["text", "textTOP"],
  ["container", "containerCOMP"],
  ["pbr material", "pbrMAT"],
  ["video device in", "videodeviceinTOP"],
];

describe("operator search", () => {
  test.each(FIRST_HIT)("%s → %s", (query, type) => {
    expect(searchOperators(query, { limit: 5 })[0]?.type).toBe(type);
  });

  test("a keyword lists the matching operators, common ones first", () => {
    const types = searchOperators("audio", { limit: 6 }).map((m) => m.type);
    expect(types).toContain("audiofileinCHOP");
    expect(types).toContain("audiodeviceinCHOP");
    expect(types.every((t) => t.startsWith("audio"))).toBe(true);
  });

  test("the family filter and the limit hold", () => {
    const results = searchOperators("noise", { family: "CHOP", limit: 3 });
    expect(results[0]?.type).toBe("noiseCHOP");
    expect(results.every((m) => m.family === "CHOP")).toBe(true);
    expect(searchOperators("transform", { limit: 2 })).toHaveLength(2);
  });

  test("nonsense finds nothing", () => {
    expect(searchOperators("qqqqzzzz")).toEqual([]);
    expect(searchOperators("   ")).toEqual([]);
  });
});

describe("did you mean", () => {
  test("closestOperators ranks the intended type first", () => {
    expect(closestOperators("noiseTOPP", 3)[0]?.type).toBe("noiseTOP");
    expect(closestOperators("levleTOP", 3)[0]?.type).toBe("levelTOP");
    expect(closestOperators("moviefileTOP", 3)[0]?.type).toBe("moviefileinTOP");
    expect(closestOperators("zzzzzzzzzzzz", 3)).toEqual([]);
  });

  test("closestParameters matches misspelt names and labels", () => {
    expect(closestParameters("noiseTOP", "perod")[0]?.name).toBe("period");
    expect(closestParameters("noiseTOP", "monochrome")[0]?.name).toBe("mono");
    expect(closestParameters("noiseTOP", "resolutionx")[0]?.name).toMatch(/^resolution[wh]?$/);
    expect(closestParameters("levelTOP", "brightness")[0]?.name).toBe("brightness1");
    expect(closestParameters("lfoCHOP", "amplitude")[0]?.name).toBe("amp");
    expect(closestParameters("compositeTOP", "operation")[0]?.name).toBe("operand");
  });
});
