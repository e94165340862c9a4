import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allTools } from "../../runtime/mcp/tools/all-tools.js";
import { memoryClient } from "./helpers.js";

let client: Client;
beforeAll(async () => {
  client = await memoryClient();
});
afterAll(async () => {
  await client.close();
});

async function readJson<T>(uri: string): Promise<T> {
  const r = await client.readResource({ uri });
  expect(r.contents).toHaveLength(1);
  expect(r.contents[0]!.mimeType).toBe("application/json");
  return JSON.parse((r.contents[0] as { text: string }).text) as T;
}

async function complete(template: string, name: string, value: string): Promise<string[]> {
  const r = await client.complete({ ref: { type: "ref/resource", uri: template }, argument: { name, value } });
  return r.completion.values;
}

describe("resource listing", () => {
  it("lists the fixed resources and the knowledge templates", async () => {
    const fixed = (await client.listResources()).resources.map((r) => r.uri);
    expect(fixed).toEqual(expect.arrayContaining(["svc://commands", "svc://language", "svc://recipes"]));
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate);
    expect(templates).toEqual(
      expect.arrayContaining([
        "svc://operators/{name}",
        "svc://python-api/{class}",
        "svc://operator-connections/{operator}",
        "svc://td-versions/{version}",
        "svc://recipes/{name}",
        "svc://recipes/search/{query}",
        "svc://digest/{+path}",
        "svc://scene/{view}",
      ]),
    );
  });
});

describe("svc://operators/{name}", () => {
  it("lists a family", async () => {
    const body = await readJson<{ family: string; count: number; operators: { type: string }[] }>(
      "svc://operators/CHOP",
    );
    expect(body.family).toBe("CHOP");
    expect(body.count).toBe(body.operators.length);
    expect(body.operators.every((o) => o.type.endsWith("CHOP"))).toBe(true);
  });

  it("gives one operator's reference, by type or by percent-encoded label", async () => {
    const byType = await readJson<{ type: string; params: { name: string }[] }>("svc://operators/levelTOP");
    expect(byType.type).toBe("levelTOP");
    expect(byType.params.some((p) => p.name === "brightness1")).toBe(true);
    const byLabel = await readJson<{ type: string }>("svc://operators/Level%20TOP");
    expect(byLabel.type).toBe("levelTOP");
  });

  it("refuses an unknown name with suggestions", async () => {
    await expect(client.readResource({ uri: "svc://operators/levlTOP" })).rejects.toThrow(
      /no operator or family 'levlTOP'.*levelTOP/,
    );
  });

  it("completes families and operator types by prefix", async () => {
    const values = await complete("svc://operators/{name}", "name", "noi");
    expect(values).toContain("noiseTOP");
    expect(values.every((v) => v.toLowerCase().includes("noi"))).toBe(true);
    expect(await complete("svc://operators/{name}", "name", "CH")).toContain("CHOP");
  });
});

describe("svc://python-api/{class}", () => {
  it("serves a class with inherited members", async () => {
    const body = await readJson<{ name: string; inherits: string[]; members: { declaredBy: string }[] }>(
      "svc://python-api/textTOP",
    );
    expect(body.name).toBe("textTOP");
    expect(body.inherits).toContain("OP");
    expect(body.members.some((m) => m.declaredBy === "OP")).toBe(true);
  });

  it("refuses an unknown class and completes class names", async () => {
    await expect(client.readResource({ uri: "svc://python-api/Parr" })).rejects.toThrow(/no Python class 'Parr'/);
    const values = await complete("svc://python-api/{class}", "class", "Par");
    expect(values).toEqual(expect.arrayContaining(["Par", "ParCollection"]));
  });
});

describe("svc://operator-connections/{operator}", () => {
  it("shows wires within the family and reference links across families", async () => {
    const body = await readJson<{
      family: string;
      wireFamilies: string[];
      reads: { parameter: string; family: string }[];
      readBy: { family: string; operators: string[] }[];
    }>("svc://operator-connections/choptoTOP");
    expect(body.family).toBe("TOP");
    expect(body.wireFamilies).toEqual(["TOP"]);
    expect(body.reads).toContainEqual(expect.objectContaining({ family: "CHOP" }));
    const chopReaders = body.readBy.find((r) => r.family === "CHOP");
    expect(chopReaders?.operators).toContain("toptoCHOP");
  });

  it("describes component wiring through In and Out operators", async () => {
    const body = await readJson<{ wireFamilies: string[]; wiring: string }>("svc://operator-connections/baseCOMP");
    expect(body.wireFamilies).toEqual([]);
    expect(body.wiring).toMatch(/In and Out operators/);
  });
});

describe("svc://td-versions/{version}", () => {
  it("serves a profile by id or by build and completes both", async () => {
    const docs = await readJson<{ id: string; operatorTypes: string[]; operatorTypeCount: number }>(
      "svc://td-versions/docs-2026-02",
    );
    expect(docs.operatorTypes).toContain("noiseTOP");
    expect(docs.operatorTypeCount).toBe(docs.operatorTypes.length);
    const build = await readJson<{ id: string }>("svc://td-versions/2025.33070");
    expect(build.id).toBe("td-2025.33070");
    expect(await complete("svc://td-versions/{version}", "version", "docs")).toEqual(
      expect.arrayContaining(["docs-2026-02", "docs-2025-05"]),
    );
  });

  it("refuses an unknown version and lists the known ones", async () => {
    await expect(client.readResource({ uri: "svc://td-versions/2099.1" })).rejects.toThrow(/known: .*docs-2026-02/);
  });
});

describe("svc://commands", () => {
  it("lists the real registry with profiles and what this server offers", async () => {
    const body = await readJson<{
      profile: string;
      tools: { name: string; profiles: string[]; offered: boolean }[];
      prompts: { name: string; tools: string[] }[];
    }>("svc://commands");
    expect(body.profile).toBe("core");
    expect(body.tools.map((t) => t.name)).toEqual(allTools.map((t) => t.name));
    const listed = new Set((await client.listTools()).tools.map((t) => t.name));
    for (const t of body.tools) {
      expect(t.profiles).toContain("full");
      expect(t.offered).toBe(listed.has(t.name));
    }
    const prompts = (await client.listPrompts()).prompts.map((p) => p.name);
    expect(body.prompts.map((p) => p.name)).toEqual(prompts);
  });
});

describe("svc://language", () => {
  it("serves the language reference as Markdown", async () => {
    const r = await client.readResource({ uri: "svc://language" });
    const content = r.contents[0] as { mimeType: string; text: string };
    expect(content.mimeType).toBe("text/markdown");
    expect(content.text).toMatch(/svcnet/);
  });
});
