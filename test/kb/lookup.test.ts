import { describe, expect, test } from "vitest";
import {
  findOperatorsByLabel,
  getOperator,
  getOperatorByType,
  getParam,
  listFamilyEntries,
  resolveTuplet,
  scalarNames,
} from "../../kb/index.js";

describe("operator lookup", () => {
  test.each([
    ["noiseTOP", "noiseTOP"],
    ["NOISETOP", "noiseTOP"],
    ["Noise TOP", "noiseTOP"],
    ["noise top", "noiseTOP"],
    ["noise", "noiseTOP"],
    ["Movie File In TOP", "moviefileinTOP"],
    ["movie file in", "moviefileinTOP"],
    ["Audio Spectrum", "audiospectrumCHOP"],
    ["geometry", "geometryCOMP"],
    ["math chop", "mathCHOP"],
  ])("%s → %s", (name, type) => {
    expect(getOperator(name)?.type).toBe(type);
  });

  test("a family narrows a shared label", () => {
    expect(getOperator("noise", "CHOP")?.type).toBe("noiseCHOP");
    expect(getOperator("noiseTOP", "CHOP")).toBeUndefined();
    expect(findOperatorsByLabel("noise").map((e) => e.type)).toEqual(["noiseTOP", "noiseCHOP", "noiseSOP", "noisePOP"]);
  });

  test("exact type lookup is case-sensitive and unknown names give undefined", () => {
    expect(getOperatorByType("levelTOP")?.label).toBe("Level");
    expect(getOperatorByType("leveltop")).toBeUndefined();
    expect(getOperator("no such operator")).toBeUndefined();
  });

  test("a family lists its entries", () => {
    const mats = listFamilyEntries("MAT").map((e) => e.type);
    expect(mats).toContain("pbrMAT");
    expect(mats).toHaveLength(13);
  });
});

describe("parameter lookup", () => {
  test("a scalar component name finds its tuplet and index", () => {
    const w = getParam("noiseTOP", "resolutionw");
    const h = getParam("noiseTOP", "resolutionh");
    expect(w?.param.name).toBe("resolution");
    expect(w?.component).toBe(0);
    expect(h?.component).toBe(1);
  });

  test("the tuplet name and plain names are found too", () => {
    expect(getParam("noiseTOP", "resolution")).toMatchObject({
      component: null,
      param: { components: ["resolutionw", "resolutionh"] },
    });
    expect(getParam("noiseTOP", "period")).toMatchObject({
      component: null,
      param: { name: "period", style: "Float" },
    });
    expect(getParam("noiseTOP", "Period")).toBeUndefined();
  });

  test("tuplets resolve both ways", () => {
    expect(resolveTuplet("transformTOP", "t")).toEqual({ tuplet: "t", components: ["tx", "ty"], index: null });
    expect(resolveTuplet("transformTOP", "ty")).toEqual({ tuplet: "t", components: ["tx", "ty"], index: 1 });
    expect(resolveTuplet("transformTOP", "rotate")).toBeUndefined();
  });

  test("scalar names expand tuplets in order", () => {
    const names = scalarNames("noiseTOP");
    expect(names.slice(names.indexOf("resolutionw"), names.indexOf("resolutionw") + 2)).toEqual([
      "resolutionw",
      "resolutionh",
    ]);
    expect(names).not.toContain("resolution");
  });
});
