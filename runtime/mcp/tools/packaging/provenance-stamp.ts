import { z } from "zod";
import { segment, tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

/** The custom page the stamp lives on, and its read-only parameters: visible in the COMP's parameter dialog. */
const PAGE = "Provenance";
const FIELDS = [
  ["Provsource", "Source", "source"],
  ["Provcontent", "Content SHA-256", "content_sha256"],
  ["Provsvc", "svc version", "svc_version"],
  ["Provbridge", "Bridge version", "bridge_version"],
  ["Provtd", "TouchDesigner version", "td_version"],
  ["Provcreated", "Stamped at", "created_at"],
  ["Provauthor", "Author", "author"],
] as const;

const provenanceShape = {
  source: z.string(),
  content_sha256: z.string(),
  operators: z.number(),
  svc_version: z.string(),
  bridge_version: z.string(),
  td_version: z.string(),
  created_at: z.string(),
  author: z.string().optional(),
};

export const provenanceStamp = defineTool({
  name: "provenance_stamp",
  title: "Stamp a COMP with its provenance",
  description:
    "Write where a COMP came from (its path, a SHA-256 of its content, svc, bridge and TouchDesigner versions, the time, an author) onto a 'Provenance' custom page of the COMP, in one undo step, replacing an earlier stamp; the values are read back.",
  input: {
    path: tdPath("the COMP to stamp"),
    author: z.string().min(1).max(200).optional().describe("who made it"),
  },
  output: {
    path: z.string(),
    provenance: z.object(provenanceShape),
    replaced: z.boolean().describe("an earlier stamp was replaced"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ path, author }, ctx) {
    const bridge = await ctx.services.bridge();
    const { readLiveTree } = await import("../../../artifacts/live-tree.js");
    const { provenanceOf } = await import("../../../artifacts/provenance.js");
    const node = await bridge.get<{ family: string }>(`/api/nodes/${segment(path)}`);
    if (node.family !== "COMP")
      return failure("not-a-comp", `${path} is a ${node.family}; provenance is stamped on a COMP`);
    const provenance = await provenanceOf(bridge, await readLiveTree(bridge, path), author);
    const current = await bridge.get<{ pages: { name: string }[] }>(`/api/nodes/${segment(path)}/custom_params`);
    const replaced = current.pages.some((p) => p.name === PAGE);
    const values = provenance as unknown as Record<string, string | number | undefined>;
    const operations = [
      ...(replaced ? [{ action: "delete", page: PAGE }] : []),
      { action: "add_page", page: PAGE },
      ...FIELDS.map(([name, label, key]) => ({
        action: "add",
        page: PAGE,
        name,
        style: "Str",
        label,
        value: String(values[key] ?? ""),
      })),
    ];
    await bridge.post(`/api/nodes/${segment(path)}/custom_params`, { operations });
    // Read back: the stamp is what the COMP now holds, not what was sent.
    const read = await bridge.get<{ params: { name: string; value: unknown }[] }>(
      `/api/nodes/${segment(path)}/params`,
      { keys: FIELDS.map(([n]) => n).join(",") },
    );
    for (const [name, , key] of FIELDS) {
      const got = read.params.find((p) => p.name === name)?.value;
      if (got !== String(values[key] ?? ""))
        return failure(
          "stamp-not-read-back",
          `${path}.par.${name} reads ${JSON.stringify(got)} after the stamp, not ${JSON.stringify(values[key] ?? "")}`,
        );
    }
    return success(
      { path, provenance, replaced },
      `stamped ${path}: content ${provenance.content_sha256.slice(0, 12)}, ${provenance.operators} operator(s)${replaced ? " (earlier stamp replaced)" : ""}`,
    );
  },
});
