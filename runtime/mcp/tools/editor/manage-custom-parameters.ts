import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { segment, tdPath } from "../live/live-input.js";

const parName = z
  .string()
  .regex(/^[A-Z][a-z0-9]*$/, "a capital letter then lower-case letters or digits, e.g. Gain")
  .max(64);
const pageName = z.string().min(1).max(64);
const scalar = z.union([z.number(), z.string().max(1000), z.boolean()]);
const scalarOrList = z.union([scalar, z.array(scalar).max(4)]);
const numbers = z.union([z.number(), z.array(z.number()).max(4)]);
const flags = z.union([z.boolean(), z.array(z.boolean()).max(4)]);
const STYLES = [
  "Float",
  "Int",
  "Str",
  "Toggle",
  "Pulse",
  "Momentary",
  "Menu",
  "StrMenu",
  "RGB",
  "RGBA",
  "XY",
  "XYZ",
  "XYZW",
  "WH",
  "UV",
  "UVW",
  "OP",
  "COMP",
  "Object",
  "PanelCOMP",
  "TOP",
  "CHOP",
  "SOP",
  "POP",
  "MAT",
  "DAT",
  "File",
  "FileSave",
  "Folder",
  "Python",
  "Header",
] as const;
const range = {
  min: numbers.optional(),
  max: numbers.optional(),
  norm_min: numbers.optional(),
  norm_max: numbers.optional(),
  clamp_min: flags.optional(),
  clamp_max: flags.optional(),
};
const menu = {
  menu_names: z.array(z.string().max(200)).max(1000).optional(),
  menu_labels: z.array(z.string().max(200)).max(1000).optional(),
};

const operation = z.discriminatedUnion("action", [
  z
    .object({
      action: z.literal("add"),
      page: pageName,
      name: parName,
      style: z.enum(STYLES),
      label: z.string().max(200).optional(),
      size: z.number().int().min(1).max(4).optional(),
      default: scalarOrList.optional(),
      value: scalarOrList.optional(),
      ...range,
      ...menu,
    })
    .strict(),
  z.object({ action: z.literal("add_page"), page: pageName }).strict(),
  z
    .object({
      action: z.literal("edit"),
      name: parName,
      label: z.string().max(200).optional(),
      help: z.string().max(2000).optional(),
      default: scalarOrList.optional(),
      ...range,
      ...menu,
    })
    .strict(),
  z.object({ action: z.literal("delete"), name: parName.optional(), page: pageName.optional() }).strict(),
  z
    .object({
      action: z.literal("sort"),
      page: pageName.optional(),
      order: z.array(z.string().max(64)).max(1000).optional(),
      pages: z.array(pageName).max(200).optional(),
    })
    .strict(),
  z
    .object({
      action: z.literal("rename"),
      name: parName.optional(),
      page: pageName.optional(),
      new_name: z.string().min(1).max(64),
    })
    .strict(),
]);

interface Group {
  name: string;
  style: string;
  label: string;
  pars: string[];
}
interface Pages {
  pages: { name: string; pars: Group[] }[];
}

export const manageCustomParameters = defineTool({
  name: "manage_custom_parameters",
  title: "Custom parameters of a COMP",
  description:
    "Read a COMP's custom pages and parameters, or add, edit, delete, sort and rename them in one undo step: every operation happens or none does.",
  input: {
    path: tdPath("the COMP, e.g. /project1/controls"),
    operations: z
      .array(operation)
      .max(100)
      .optional()
      .describe(
        "leave out to read; each: add, add_page, edit, delete (name or page), sort (page + order, or pages), rename (name or page, new_name)",
      ),
  },
  output: {
    path: z.string(),
    pages: z.array(
      z.object({
        name: z.string(),
        parameters: z.array(
          z.object({ name: z.string(), style: z.string(), label: z.string(), pars: z.array(z.string()) }),
        ),
      }),
    ),
    complete: z.boolean(),
    applied: z.number().describe("operations applied (0 for a read)"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ path, operations }, ctx) {
    const bridge = await ctx.services.bridge();
    const shape = (pages: Pages["pages"]) =>
      pages.map((p) => ({
        name: p.name,
        parameters: p.pars.map((g) => ({ name: g.name, style: g.style, label: g.label, pars: g.pars })),
      }));
    if (operations === undefined) {
      const r = await bridge.get<Pages & { complete: boolean; total: number }>(
        `/api/nodes/${segment(path)}/custom_params`,
      );
      return success(
        { path, pages: shape(r.pages), complete: r.complete, applied: 0 },
        `${r.total} custom parameter(s) on ${r.pages.length} page(s) of ${path}`,
      );
    }
    if (operations.length === 0)
      return failure("nothing-to-change", "operations is empty: leave it out to read the custom parameters");
    const r = await bridge.post<Pages & { path: string }>(`/api/nodes/${segment(path)}/custom_params`, { operations });
    return success(
      { path: r.path, pages: shape(r.pages), complete: true, applied: operations.length },
      `${operations.length} change(s) to the custom parameters of ${r.path}`,
    );
  },
});
