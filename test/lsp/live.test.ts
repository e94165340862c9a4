/** With a bridge configured: plan/apply code lenses, run by the server against tdsim, and live errors as diagnostics. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodeLens, InitializeResult } from "vscode-languageserver";
import { useLiveSim } from "../support/live-sim.js";
import { fileUri, LspClient } from "./lsp-client.js";

// level1 filters nothing: the compiler warns, and the live project reports a cook error once built.
const SOURCE = "svcnet 1\nnetwork livecheck {\n  noise1: noiseTOP\n  level1: levelTOP [display]\n}\n";

const live = useLiveSim();

describe("svc lsp with a bridge", () => {
  let client: LspClient;
  let init: InitializeResult;
  let dir: string;
  beforeAll(async () => {
    ({ client, init } = await LspClient.start({ bridgeUrl: live.env.SVC_BRIDGE_URL }));
    dir = mkdtempSync(join(tmpdir(), "svc-lsp-"));
  });
  afterAll(async () => {
    await client.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("offers plan and apply on each network, plans, applies, and shows the live project's errors at the node's line", async () => {
    expect(init.capabilities.executeCommandProvider?.commands).toEqual(["svc.plan", "svc.apply"]);
    const uri = fileUri(join(dir, "live.svcnet"));
    await client.open(uri, SOURCE);
    const before = await client.diagnostics(uri);
    expect(before.map((d) => d.code)).toEqual(["required-input-unconnected"]);

    const lenses = await client.request<CodeLens[]>("textDocument/codeLens", { textDocument: { uri } });
    expect(lenses.map((l) => l.command?.title)).toEqual(["svc: plan", "svc: apply"]);
    expect(lenses[0]!.range.start).toEqual({ line: 1, character: 8 });

    const plan = await client.request<{ ok: boolean; text: string }>("workspace/executeCommand", lenses[0]!.command);
    expect(plan.text).toContain("Plan: 3 to add, 0 to change, 0 to destroy.");

    const published = client.publishedFor(uri).length;
    const apply = await client.request<{ ok: boolean; text: string }>("workspace/executeCommand", lenses[1]!.command);
    expect(apply.text).toContain("Applied.");
    const after = client.publishedFor(uri).slice(published).pop()!.diagnostics;
    const liveError = after.find((d) => d.code !== "required-input-unconnected");
    expect(liveError).toBeDefined();
    expect(liveError!.range.start.line).toBe(3);
    expect(liveError!.message).toMatch(/level1/);

    const again = await client.request<{ ok: boolean; text: string }>("workspace/executeCommand", lenses[0]!.command);
    expect(again.text).toContain("No changes.");
  });
});
