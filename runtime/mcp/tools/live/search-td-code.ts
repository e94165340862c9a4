import { z } from "zod";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { completeness, completenessNote, tdPath } from "./live-input.js";

interface CodeReply {
  results: {
    kind: "dat" | "expression";
    path: string;
    param: string | null;
    score: number;
    line: number | null;
    excerpt: string;
    matched: string[];
  }[];
  matching: number;
  complete: boolean;
  stopped_by: string | null;
  documents: number;
  bytes: number;
}

export const searchTdCode = defineTool({
  name: "search_td_code",
  title: "Search scripts and expressions",
  description:
    "Search the text of DATs (scripts, shaders, tables) and parameter expressions below a COMP by words, best matches first, with a one-line excerpt each; nothing is run, so it works with exec closed.",
  input: {
    query: z
      .string()
      .min(1)
      .max(1000)
      .describe("words to look for; identifiers also match by their parts (noiseAmp by amp)"),
    root: tdPath("the COMP to search below, default the whole project").optional(),
    kinds: z
      .array(z.enum(["dat", "expression"]))
      .min(1)
      .max(2)
      .optional()
      .describe("what to search: DAT text, expressions, or both (default)"),
    limit: z.number().int().min(1).max(200).default(20),
    depth: z.number().int().min(1).max(64).default(8).describe("COMP levels below root"),
    maxDocuments: z.number().int().min(1).max(50_000).default(5000).describe("most DAT texts and expressions read"),
  },
  output: {
    results: z.array(
      z.object({
        kind: z.enum(["dat", "expression"]),
        path: z.string(),
        param: z.string().nullable(),
        score: z.number(),
        line: z.number().nullable(),
        excerpt: z.string(),
      }),
    ),
    matching: z.number().describe("documents that matched, of which results lists the best"),
    documentsRead: z.number(),
    ...completeness,
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["safe"],
  async handler({ query, root, kinds, limit, depth, maxDocuments }, ctx) {
    const bridge = await ctx.services.bridge();
    const r = await bridge.post<CodeReply>("/api/code/search", {
      query,
      root: root ?? "/",
      ...(kinds ? { kinds } : {}),
      limit,
      max_depth: depth,
      max_documents: maxDocuments,
    });
    const results = r.results.map(({ kind, path, param, score, line, excerpt }) => ({
      kind,
      path,
      param,
      score,
      line,
      excerpt,
    }));
    const where = (x: (typeof results)[number]) =>
      x.kind === "dat" ? `${x.path}:${x.line ?? 1}` : `${x.path}.${x.param}`;
    const text = `${results.length} of ${r.matching} match(es) in ${r.documents} document(s) (${completenessNote(r.complete, r.stopped_by)})${
      results.length
        ? ":\n" +
          results
            .slice(0, 10)
            .map((x) => `${where(x)}  ${x.excerpt}`)
            .join("\n")
        : ""
    }`;
    return success(
      { results, matching: r.matching, documentsRead: r.documents, complete: r.complete, stoppedBy: r.stopped_by },
      text,
    );
  },
});
