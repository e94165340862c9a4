import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorOf, memoryClient, textOf } from "./helpers.js";

let client: Client;
beforeAll(async () => {
  client = await memoryClient();
});
afterAll(async () => {
  await client.close();
});

const call = (name: string, args: Record<string, unknown>) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

describe("search_operators", () => {
  it("ranks the operator named by the query first and honours family and limit", async () => {
    const r = await call("search_operators", { query: "feedback", family: "CHOP", limit: 3 });
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as { matches: { type: string; family: string }[] };
    expect(s.matches[0]!.type).toBe("feedbackCHOP");
    expect(s.matches.every((m) => m.family === "CHOP")).toBe(true);
    expect(s.matches.length).toBeLessThanOrEqual(3);
    expect(textOf(r)).toContain("feedbackCHOP");
  });

  it("answers a query nothing matches with an empty list, not an error", async () => {
    const r = await call("search_operators", { query: "qqqzzzxxx" });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { matches: unknown[] }).matches).toEqual([]);
    expect(textOf(r)).toMatch(/no operator matches/);
  });

  it("rejects an empty query, an unknown family and an out-of-range limit", async () => {
    for (const args of [{ query: "  " }, { query: "noise", family: "XYZ" }, { query: "noise", limit: 500 }]) {
      const r = await call("search_operators", args);
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/Input validation error/);
    }
  });
});

describe("get_td_docs", () => {
  it("returns an operator's parameters with style, menu and inputs, filtered by match", async () => {
    const r = await call("get_td_docs", { name: "compositeTOP", match: "operand" });
    expect(r.isError).toBeFalsy();
    const doc = r.structuredContent as {
      kind: string;
      operator: {
        type: string;
        params: { name: string; style: string; menu?: { names: string[] } }[];
        paramCount: number;
        inputs: unknown;
      };
    };
    expect(doc.kind).toBe("operator");
    expect(doc.operator.type).toBe("compositeTOP");
    const operand = doc.operator.params.find((p) => p.name === "operand")!;
    expect(operand.style).toBe("Menu");
    expect(operand.menu!.names).toContain("add");
    expect(doc.operator.paramCount).toBeGreaterThan(doc.operator.params.length);
    expect(doc.operator.inputs).not.toBeNull();
  });

  it("finds an operator by its label and filters by page", async () => {
    const r = await call("get_td_docs", { name: "Noise TOP", page: "noise" });
    const op = (r.structuredContent as { operator: { type: string; params: { page: string }[] } }).operator;
    expect(op.type).toBe("noiseTOP");
    expect(op.params.length).toBeGreaterThan(0);
    expect(op.params.every((p) => p.page === "Noise")).toBe(true);
  });

  it("refuses a page the operator does not have and lists its pages", async () => {
    const r = await call("get_td_docs", { name: "noiseTOP", page: "Nowhere" });
    expect(r.isError).toBe(true);
    const err = errorOf(r);
    expect(err.code).toBe("unknown-page");
    expect(err.details!.pages).toContain("Noise");
  });

  it("documents a Python class with inherited members", async () => {
    const r = await call("get_td_docs", { name: "noiseTOP", kind: "python-class", match: "cook" });
    const cls = r.structuredContent as {
      kind: string;
      pythonClass: { name: string; inherits: string[]; members: { name: string; declaredBy: string }[] };
    };
    expect(cls.kind).toBe("python-class");
    expect(cls.pythonClass.inherits).toEqual(["TOP", "OP"]);
    expect(cls.pythonClass.members.some((m) => m.declaredBy === "OP")).toBe(true);
    expect(cls.pythonClass.members.every((m) => m.name.toLowerCase().includes("cook"))).toBe(true);
  });

  it("falls back to a Python class when no operator has the name", async () => {
    const r = await call("get_td_docs", { name: "Par" });
    expect((r.structuredContent as { kind: string }).kind).toBe("python-class");
  });

  it("answers an unknown name with suggestions", async () => {
    const r = await call("get_td_docs", { name: "noiseTPO" });
    expect(r.isError).toBe(true);
    const err = errorOf(r);
    expect(err.code).toBe("unknown-name");
    expect(err.details!.suggestions).toContain("noiseTOP");
    expect(textOf(r)).toMatch(/Did you mean/);
  });
});

describe("check_operator_availability", () => {
  it("says which release profiles list a known operator", async () => {
    const r = await call("check_operator_availability", { operator: "noiseTOP" });
    const s = r.structuredContent as {
      known: boolean;
      family: string;
      releases: { id: string; available: boolean | null }[];
    };
    expect(s.known).toBe(true);
    expect(s.family).toBe("TOP");
    expect(s.releases.find((x) => x.id === "docs-2026-02")!.available).toBe(true);
  });

  it("reports an unknown type as unknown, with the closest types", async () => {
    const r = await call("check_operator_availability", { operator: "noiseTP" });
    expect(r.isError).toBeFalsy();
    const s = r.structuredContent as { known: boolean; suggestions: string[] };
    expect(s.known).toBe(false);
    expect(s.suggestions).toContain("noiseTOP");
  });

  it("narrows to one release and refuses an unknown release", async () => {
    const one = await call("check_operator_availability", { operator: "noiseTOP", release: "docs-2025-05" });
    expect((one.structuredContent as { releases: unknown[] }).releases).toHaveLength(1);
    const bad = await call("check_operator_availability", { operator: "noiseTOP", release: "1999.1" });
    expect(bad.isError).toBe(true);
    expect(errorOf(bad).code).toBe("unknown-release");
  });

  it("rejects a type name with characters an operator type cannot have", async () => {
    const r = await call("check_operator_availability", { operator: "noise TOP; rm" });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/letter followed by letters/);
  });
});

describe("get_parameter_menu", () => {
  it("lists entry names and labels of a menu parameter", async () => {
    const r = await call("get_parameter_menu", { operator: "compositeTOP", parameter: "operand" });
    const s = r.structuredContent as { names: string[]; labels: string[]; acceptsOtherText: boolean };
    expect(s.names).toContain("multiply");
    expect(s.labels).toHaveLength(s.names.length);
    expect(s.acceptsOtherText).toBe(false);
  });

  it("suggests the nearest parameter for a misspelt one", async () => {
    const r = await call("get_parameter_menu", { operator: "compositeTOP", parameter: "operan" });
    expect(errorOf(r)).toMatchObject({ code: "unknown-parameter", details: { suggestions: ["operand"] } });
  });

  it("says a non-menu parameter has no menu and names the ones that do", async () => {
    const r = await call("get_parameter_menu", { operator: "noiseTOP", parameter: "period" });
    const err = errorOf(r);
    expect(err.code).toBe("not-a-menu");
    expect((err.details!.menuParameters as string[]).length).toBeGreaterThan(0);
  });

  it("refuses an unknown operator", async () => {
    const r = await call("get_parameter_menu", { operator: "nosieTOP", parameter: "type" });
    expect(errorOf(r)).toMatchObject({ code: "unknown-operator" });
    expect(textOf(r)).toContain("noiseTOP");
  });
});
