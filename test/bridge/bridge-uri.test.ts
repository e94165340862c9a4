/**
 * Node paths in URLs, against a tdsim host that passes `uri` as sent and one that decodes it
 * (TouchDesigner's documentation does not say which it does): nodes named like route suffixes
 * (`errors`, `params`, `text`) are reached as nodes, and the routes still answer for their parent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodePath } from "../../runtime/engine/bridge-client/path.js";
import { call, startHost, type SimHost } from "./sim-host.js";

for (const uri of ["as sent", "decoded"] as const) {
  describe(`node paths when the host passes the uri ${uri}`, () => {
    let host: SimHost;

    beforeAll(async () => {
      host = await startHost(uri === "decoded" ? { env: { TDSIM_URI: "decoded" } } : {});
      const made = await call(host, "POST", "/api/batch", {
        body: {
          operations: [
            { action: "create", parent_path: "/project1", type: "baseCOMP", name: "net" },
            { action: "create", parent_path: "/project1/net", type: "textDAT", name: "errors" },
            { action: "create", parent_path: "/project1/net", type: "noiseTOP", name: "params" },
            { action: "create", parent_path: "/project1/net", type: "textDAT", name: "text" },
            { action: "set_text", path: "/project1/net/text", text: "inside" },
          ],
        },
      });
      expect(made.body.ok, JSON.stringify(made.body)).toBe(true);
    });

    afterAll(async () => {
      await host?.stop();
    });

    it("reads nodes named errors, params and text as nodes", async () => {
      for (const [name, type] of [
        ["errors", "textDAT"],
        ["params", "noiseTOP"],
        ["text", "textDAT"],
      ]) {
        const reply = await call(host, "GET", `/api/nodes/${encodePath(`/project1/net/${name}`)}`);
        expect(reply.body.data, JSON.stringify(reply.body)).toMatchObject({ path: `/project1/net/${name}`, type });
      }
    });

    it("answers the suffix routes for the node they name", async () => {
      const text = await call(host, "GET", `/api/nodes/${encodePath("/project1/net/text")}/text`);
      expect(text.body.data).toMatchObject({ text: "inside" });
      const params = await call(host, "GET", `/api/nodes/${encodePath("/project1/net/params")}/params`, {});
      expect(params.body.data.params.map((p: { name: string }) => p.name)).toContain("period");
      const errors = await call(host, "GET", `/api/nodes/${encodePath("/project1/net")}/errors`);
      expect(errors.body.data).toMatchObject({ errors: [], warnings: [] });
    });

    it("writes the node, not its parent, through PATCH", async () => {
      const reply = await call(host, "PATCH", `/api/nodes/${encodePath("/project1/net/params")}`, {
        body: { parameters: { period: 3 } },
      });
      expect(reply.body, JSON.stringify(reply.body)).toMatchObject({
        ok: true,
        data: { path: "/project1/net/params" },
      });
    });
  });
}
