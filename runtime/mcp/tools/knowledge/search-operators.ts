import { z } from "zod";
import { FAMILIES } from "../../../../kb/types.js";
import { loadKb } from "../../knowledge/kb-access.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";

export const searchOperators = defineTool({
  name: "search_operators",
  title: "Search operators",
  description:
    "Find TouchDesigner operator types by name, label or keyword, best match first. Use it to pick the opType to write in .svcnet.",
  input: {
    query: z
      .string()
      .trim()
      .min(1, "query must not be empty")
      .max(100)
      .describe("words, a label or a type, e.g. 'feedback' or 'noise top'"),
    family: z.enum(FAMILIES).optional().describe("only this family"),
    limit: z.number().int().min(1).max(50).default(10),
  },
  output: {
    query: z.string(),
    matches: z.array(z.object({ type: z.string(), family: z.string(), label: z.string(), score: z.number() })),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["core", "safe"],
  async handler({ query, family, limit }) {
    const kb = await loadKb();
    const matches = kb.searchOperators(query, { limit, ...(family ? { family } : {}) });
    const where = family ? ` among ${family}s` : "";
    const text = matches.length
      ? `${matches.length} operator${matches.length === 1 ? "" : "s"} for '${query}'${where}: ${matches.map((m) => m.type).join(", ")}`
      : `no operator matches '${query}'${where}; try fewer or other words`;
    return success({ query, matches }, text);
  },
});
