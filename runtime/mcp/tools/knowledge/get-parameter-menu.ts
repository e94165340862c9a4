import { z } from "zod";
import { didYouMean, loadKb, lookupOperator } from "../../knowledge/kb-access.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { tdPath } from "../live/live-input.js";
import { liveMenu } from "./live-menu.js";

export const getParameterMenu = defineTool({
  name: "get_parameter_menu",
  title: "Parameter menu entries",
  description:
    "A menu parameter's entries (names to write in .svcnet, and labels): of a live operator given a path (the running build's menu), else of an operator type in the knowledge base.",
  input: {
    operator: z.string().trim().min(1).max(100).optional().describe("operator type or label, e.g. 'compositeTOP'"),
    path: tdPath("a live operator: its menu as the running build has it").optional(),
    parameter: z.string().trim().min(1).max(64).describe("Python name of the parameter, e.g. 'operand'"),
  },
  output: {
    operator: z.string(),
    parameter: z.string(),
    label: z.string().nullable(),
    style: z.string().nullable(),
    names: z.array(z.string()),
    labels: z.array(z.string()),
    default: z.string().nullable(),
    acceptsOtherText: z.boolean(),
    incomplete: z.boolean(),
    source: z.enum(["live", "kb"]),
    current: z.string().nullable().describe("live: the entry the operator is set to"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ operator, path, parameter }, ctx) {
    if (path !== undefined) return liveMenu(await ctx.services.bridge(), path, parameter);
    if (operator === undefined)
      return failure(
        "missing-argument",
        "give operator (a type, read from the knowledge base) or path (a live operator)",
      );
    const kb = await loadKb();
    const found = lookupOperator(kb, operator);
    if (!found.found) {
      return failure("unknown-operator", `no operator named '${operator}'.${didYouMean(found.suggestions)}`, {
        details: { suggestions: found.suggestions },
      });
    }
    const op = found.operator;
    const ref = kb.getParam(op, parameter);
    if (!ref) {
      const near = kb.closestParameters(op, parameter, 3).map((m) => m.name);
      return failure("unknown-parameter", `${op.type} has no parameter '${parameter}'.${didYouMean(near)}`, {
        details: { suggestions: near },
      });
    }
    const p = ref.param;
    if (!p.menuNames) {
      const menus = op.params.filter((q) => q.menuNames).map((q) => q.name);
      const hint = menus.length
        ? ` Its menu parameters: ${menus.slice(0, 12).join(", ")}${menus.length > 12 ? ", …" : ""}.`
        : "";
      const why =
        p.style === "Menu" || p.style === "StrMenu"
          ? "its entries are not in the knowledge base"
          : `it is a ${p.style ?? "parameter of unknown style"}`;
      return failure("not-a-menu", `${op.type}.${p.name} has no menu: ${why}.${hint}`, {
        details: { style: p.style, menuParameters: menus },
      });
    }
    const data = {
      operator: op.type,
      parameter: p.name,
      label: p.label,
      style: p.style,
      names: [...p.menuNames],
      labels: [...(p.menuLabels ?? p.menuNames)],
      default: typeof p.default === "string" ? p.default : null,
      acceptsOtherText: p.style === "StrMenu",
      incomplete: p.menuIncomplete === true,
      source: "kb" as const,
      current: null,
    };
    return success(data, `${op.type}.${p.name}: ${data.names.join(", ")}`);
  },
});
