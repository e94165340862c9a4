import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { notePath, withVault } from "./vault-tool.js";

export const linkVaultNote = defineTool({
  name: "link_vault_note",
  title: "Link a vault note and an operator",
  description:
    "Link a vault note and a live operator both ways: the note's front matter lists the operator's path under `nodes`, the operator gets the tag `vault:<note path>` (kept by svc's plans), both read back. `unlink` removes both.",
  input: {
    note: notePath(),
    node: tdPath("the operator, e.g. /project1/tunnel/out1"),
    unlink: z.boolean().default(false).describe("remove the link instead"),
  },
  output: {
    note: z.string(),
    node: z.string(),
    tag: z.string(),
    linked: z.boolean(),
    node_tags: z.array(z.string()).describe("the operator's tags, read back"),
    note_nodes: z.array(z.string()).describe("the note's `nodes`, read back"),
    node_changed: z.boolean().describe("false when the operator already had (or, unlinking, lacked) the tag"),
    note_changed: z.boolean(),
    warning: z.string().optional().describe("set when svc's next plan will report the tag as a live edit"),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ note, node, unlink }, ctx) {
    return withVault(async (vault) => {
      const { linkNoteAndNode } = await import("./node-link.js");
      const bridge = await ctx.services.bridge();
      const r = await linkNoteAndNode(vault, bridge, note, node, unlink);
      if (r.node_tags.includes(r.tag) === unlink || r.note_nodes.includes(node) === unlink) {
        return failure(
          "link-not-read-back",
          `the ${unlink ? "unlink" : "link"} of ${note} and ${node} did not read back: tags ${JSON.stringify(r.node_tags)}, note nodes ${JSON.stringify(r.note_nodes)}`,
        );
      }
      const verb = unlink ? "unlinked" : "linked";
      return success(
        r,
        `${verb} ${note} and ${node} (tag ${r.tag}${r.node_changed ? "" : ", already so on the operator"})${r.warning ? `\nwarning: ${r.warning}` : ""}`,
      );
    });
  },
});
