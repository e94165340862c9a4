import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { outDirInput } from "./output-folder.js";
import { packagingFailure } from "./packaging-failure.js";

export const generateReadme = defineTool({
  name: "generate_readme",
  title: "README of a live network",
  description:
    "Write a Markdown README for a live COMP: its operators in a table (max_nodes, with a footer saying how many were cut), an optional Mermaid graph of its wires and an SVG picture of the network. Returns the Markdown; with out_dir also writes README.md and the picture.",
  input: {
    path: tdPath("the COMP to describe, e.g. /project1/tunnel"),
    include_mermaid: z.boolean().default(true).describe("add a Mermaid flowchart of the wires"),
    include_picture: z
      .boolean()
      .default(true)
      .describe("draw an SVG picture of the network (svc draw) beside the README"),
    max_nodes: z
      .number()
      .int()
      .min(1)
      .max(5000)
      .default(200)
      .describe("operators listed at most; the rest are counted in a footer"),
    title: z.string().min(1).max(200).optional().describe("the README's heading (default: the COMP's name)"),
    description: z.string().max(4000).optional().describe("a paragraph on what the network is for"),
    out_dir: outDirInput("write README.md and <name>.svg here").optional(),
  },
  output: {
    path: z.string(),
    markdown: z.string(),
    nodes: z.number().describe("operators in the network"),
    listed: z.number(),
    cut: z.number().describe("operators not listed because of max_nodes"),
    picture: z.string().nullable().describe("the picture's file name, when drawn"),
    pictureProblem: z.string().nullable(),
    written: z.array(z.string()),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ path, include_mermaid, include_picture, max_nodes, title, description, out_dir }, ctx) {
    try {
      const { outputFolder } = await import("./output-folder.js");
      const dir = out_dir === undefined ? undefined : await outputFolder(out_dir, ctx.extra);
      const { makeReadme } = await import("./readme-files.js");
      const r = await makeReadme(await ctx.services.bridge(), {
        path,
        includeMermaid: include_mermaid,
        includePicture: include_picture,
        maxNodes: max_nodes,
        ...(title === undefined ? {} : { title }),
        ...(description === undefined ? {} : { description }),
        ...(dir === undefined ? {} : { outDir: dir }),
      });
      const cutNote = r.cut > 0 ? `, ${r.cut} cut by max_nodes` : "";
      return success(
        {
          path,
          markdown: r.markdown,
          nodes: r.tree.nodes.length,
          listed: r.listed,
          cut: r.cut,
          picture: r.picture,
          pictureProblem: r.pictureProblem,
          written: r.written,
        },
        `README of ${path}: ${r.listed} operator(s) listed${cutNote}${r.written.length ? `; wrote ${r.written.join(", ")}` : ""}`,
      );
    } catch (err) {
      const known = packagingFailure(err);
      if (known) return known;
      throw err;
    }
  },
});
