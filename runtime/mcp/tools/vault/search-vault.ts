import { z } from "zod";
import { SEARCH_DEFAULT_RESULTS, SEARCH_MAX_QUERY_CHARS, SEARCH_MAX_RESULTS } from "../../../vault/limits.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { folderPath, withVault } from "./vault-tool.js";

export const searchVault = defineTool({
  name: "search_vault",
  title: "Search the vault",
  description:
    "Find the vault's notes holding every word of a query (case ignored), most hits first, with up to 3 short line snippets each. Bounded in notes, bytes, time and results; says which bound stopped it.",
  input: {
    query: z.string().trim().min(1).max(SEARCH_MAX_QUERY_CHARS).describe("words a note must all hold"),
    folder: folderPath,
    limit: z
      .number()
      .int()
      .min(1)
      .max(SEARCH_MAX_RESULTS)
      .default(SEARCH_DEFAULT_RESULTS)
      .describe("most notes to return"),
  },
  output: {
    query: z.string(),
    results: z.array(
      z.object({
        path: z.string(),
        score: z.number(),
        snippets: z.array(z.object({ line: z.number(), text: z.string() })),
      }),
    ),
    complete: z.boolean(),
    stopped_by: z.string().nullable().describe("results, files, bytes, time or entries when incomplete"),
    notes_read: z.number(),
    bytes_read: z.number(),
    skipped: z.object({ too_large: z.number(), not_text: z.number(), links: z.number(), unreadable: z.number() }),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["safe"],
  async handler({ query, folder, limit }) {
    return withVault(async (vault) => {
      const search = await import("../../../vault/search.js");
      const r = search.searchVault(vault, query, { limit, ...(folder === undefined ? {} : { folder }) });
      const lines = r.results.flatMap((h) => [
        `${h.path} (${h.score})`,
        ...h.snippets.map((s) => `  ${s.line}: ${s.text}`),
      ]);
      const tail = r.complete ? "" : `\n(incomplete: stopped by ${r.stopped_by})`;
      return success(r, `${r.results.length} note(s) match${lines.length ? `\n${lines.join("\n")}` : ""}${tail}`);
    });
  },
});
