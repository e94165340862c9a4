import { describe, expect, test } from "vitest";
import { allMembers, getPythonClass, moduleMembers } from "../../kb/index.js";
import { getReleaseProfile, profileHasOperator, releaseProfiles } from "../../kb/releases.js";

describe("python classes", () => {
  test("core classes carry their members", () => {
    const par = getPythonClass("Par")!;
    expect(par.members.find((m) => m.name === "val")).toMatchObject({ kind: "attribute", readOnly: false });
    expect(par.members.find((m) => m.name === "menuNames")).toBeDefined();
    for (const name of ["OP", "COMP", "TOP", "CHOP", "DAT", "Connector", "Page", "ParGroup"])
      expect(getPythonClass(name), name).toBeDefined();
  });

  test("operator classes inherit the members of their bases", () => {
    const members = allMembers("geometryCOMP");
    expect(members.find((m) => m.member.name === "par")?.declaredBy).toBe("OP");
    expect(getPythonClass("geometryCOMP")?.inherits).toEqual(["ObjectCOMP", "COMP", "OP"]);
  });

  test("td and tdu module members are listed", () => {
    expect(moduleMembers("td").map((m) => m.name)).toEqual(expect.arrayContaining(["op", "me", "absTime", "parent"]));
    expect(moduleMembers("tdu").find((m) => m.name === "clamp")?.signature).toBe("clamp(inputVal, min, max)");
  });
});

describe("release profiles", () => {
  test("docs snapshots list their operator types", () => {
    const newer = getReleaseProfile("docs-2026-02")!;
    expect(newer.operatorTypes).toContain("noiseTOP");
    expect(newer.operatorTypes).not.toContain("displaceTOP");
    const older = getReleaseProfile("docs-2025-05")!;
    expect(older.operatorTypes).toContain("displaceTOP");
    expect(older.experimentalTypes).toContain("attributeconvertPOP");
  });

  test("the live build's operator list is recorded as unknown, not guessed", () => {
    const live = getReleaseProfile("2025.33070")!;
    expect(live.operatorTypes).toBeNull();
    expect(live.operatorTypeCount).toBe(685);
    expect(profileHasOperator("2025.33070", "noiseTOP")).toBeUndefined();
    const pops = getReleaseProfile("2025.32460")!;
    expect(pops.families).toEqual(["POP"]);
    expect(pops.operatorTypes?.length).toBeGreaterThanOrEqual(100);
    expect(profileHasOperator("2025.32460", "noiseTOP")).toBeUndefined();
    expect(profileHasOperator("2025.32460", "noisePOP")).toBe(true);
    expect(releaseProfiles().map((p) => p.id)).toEqual([
      "docs-2026-02",
      "docs-2025-05",
      "td-2025.32460",
      "td-2025.33070",
      "td-2023.11510",
      "td-2025.32280",
      "td-2025.33230",
    ]);
    // A published build's operator list is unknown: availability there is never guessed.
    expect(profileHasOperator("td-2023.11510", "noiseTOP")).toBeUndefined();
  });
});
