/** With a bridge configured: plan/apply code lenses, run by the server against tdsim, and live errors as diagnostics. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CodeLens } from "vscode-languageserver";
import { useLiveSim } from "../support/live-sim.js";
import { fileUri, useLsp } from "./lsp-client.js";

// level1 filters nothing: the compiler warns, and the live project reports a cook error once built.
const SOURCE = "svcnet 1\nnetwork livecheck {\n  noise1: noiseTOP\n  level1: levelTOP [display]\n}\n";

const live = useLiveSim();

const lsp = useLsp(() => ({ bridgeUrl: live.env.SVC_BRIDGE_URL }));

describe("svc lsp with a bridge", () => {
  it("offers plan and apply on each network, plans, applies, and shows the live project's errors at the node's line", async () => {
    expect(lsp.init.capabilities.executeCommandProvider?.commands).toEqual(["svc.plan", "svc.apply"]);
    const uri = fileUri(join(lsp.dir, "live.svcnet"));
    await lsp.client.open(uri, SOURCE);
    const before = await lsp.client.diagnostics(uri);
    expect(before.map((d) => d.code)).toEqual(["required-input-unconnected"]);

    const lenses = await lsp.client.request<CodeLens[]>("textDocument/codeLens", { textDocument: { uri } });
    expect(lenses.map((l) => l.command?.title)).toEqual(["svc: plan", "svc: apply"]);
    expect(lenses[0]!.range.start).toEqual({ line: 1, character: 8 });

    const plan = await lsp.client.request<{ ok: boolean; text: string }>(
      "workspace/executeCommand",
      lenses[0]!.command,
    );
    expect(plan.text).toContain("Plan: 3 to add, 0 to change, 0 to destroy.");

    const published = lsp.client.publishedFor(uri).length;
    const apply = await lsp.client.request<{ ok: boolean; text: string }>(
      "workspace/executeCommand",
      lenses[1]!.command,
    );
    expect(apply.text).toContain("Applied.");
    const after = lsp.client.publishedFor(uri).slice(published).pop()!.diagnostics;
    const liveError = after.find((d) => d.code !== "required-input-unconnected");
    expect(liveError).toBeDefined();
    expect(liveError!.range.start.line).toBe(3);
    expect(liveError!.message).toMatch(/level1/);

    const again = await lsp.client.request<{ ok: boolean; text: string }>(
      "workspace/executeCommand",
      lenses[0]!.command,
    );
    expect(again.text).toContain("No changes.");
  });
});
