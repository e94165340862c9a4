import { z } from "zod";
import { classDoc, classDocSchema, classLine } from "../../knowledge/class-doc.js";
import { didYouMean, loadKb, lookupOperator, lookupPythonClass } from "../../knowledge/kb-access.js";
import { operatorDoc, operatorDocSchema, operatorText } from "../../knowledge/operator-doc.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

export const getTdDocs = defineTool({
  name: "get_td_docs",
  title: "Operator or Python class reference",
  description:
    "Reference for an operator (inputs, outputs, every parameter with style, default, range and menu) or for a TouchDesigner Python class (bases and members).",
  input: {
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .describe("operator type or label ('noiseTOP', 'Noise TOP') or Python class ('Par', 'OP')"),
    kind: z.enum(["operator", "python-class"]).optional().describe("which, when a name is both (default: operator)"),
    page: z.string().max(60).optional().describe("operators: only parameters on this page"),
    match: z.string().max(60).optional().describe("only parameters or members whose name or label contains this"),
  },
  output: {
    kind: z.enum(["operator", "python-class"]),
    operator: operatorDocSchema.optional(),
    pythonClass: classDocSchema.optional(),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["core", "safe"],
  async handler({ name, kind, page, match }) {
    const kb = await loadKb();
    const suggestions: string[] = [];
    if (kind !== "python-class") {
      const found = lookupOperator(kb, name);
      if (found.found) {
        const doc = operatorDoc(kb, found.operator, { ...(page ? { page } : {}), ...(match ? { match } : {}) });
        if (page && doc.params.length === 0 && !doc.pages.some((p) => p.toLowerCase() === page.toLowerCase())) {
          return failure("unknown-page", `${doc.type} has no page '${page}'; its pages are ${doc.pages.join(", ")}`, {
            details: { pages: doc.pages },
          });
        }
        return success({ kind: "operator" as const, operator: doc }, operatorText(doc));
      }
      suggestions.push(...found.suggestions);
    }
    if (kind !== "operator") {
      const cls = lookupPythonClass(kb, name);
      if (cls.found) {
        const doc = classDoc(kb, cls.name, match)!;
        return success({ kind: "python-class" as const, pythonClass: doc }, classLine(doc));
      }
      suggestions.push(...cls.suggestions);
    }
    const what =
      kind === "operator" ? "operator" : kind === "python-class" ? "Python class" : "operator or Python class";
    const unique = [...new Set(suggestions)].slice(0, 5);
    return failure("unknown-name", `no ${what} named '${name}'.${didYouMean(unique)}`, {
      details: { suggestions: unique },
    });
  },
});
