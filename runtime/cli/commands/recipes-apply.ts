import { writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { UsageError, intFlag } from "../args.js";
import { withBridge, progressTo } from "../bridge-session.js";
import type { Command } from "../command.js";
import { recipeFromArgs } from "../recipe-argument.js";
import { loopToJson, renderDiagnostics, renderPlans } from "../loop-output.js";
import { argumentLiteral } from "../../recipes/arguments.js";
import { useOutputPath, useSource, type RecipeInfo } from "../../recipes/library.js";
import { journalDir } from "../../onboarding/places.js";

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `--set key=value` words checked against the recipe's params and written as `.svcnet` values. */
function argumentsFrom(recipe: RecipeInfo, sets: readonly string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const known = recipe.params.map((p) => p.name);
  for (const set of sets) {
    const eq = set.indexOf("=");
    if (eq <= 0) throw new UsageError(`--set takes key=value (got '${set}')`);
    const key = set.slice(0, eq).trim();
    const param = recipe.params.find((p) => p.name === key);
    if (param === undefined) {
      throw new UsageError(
        `'${recipe.name}' has no parameter '${key}'; its parameters: ${known.join(", ") || "(none)"}`,
      );
    }
    if (out.some(([k]) => k === key)) throw new UsageError(`--set ${key} is given twice`);
    const value = argumentLiteral(param, set.slice(eq + 1));
    if (!value.ok) throw new UsageError(value.message);
    out.push([key, value.literal]);
  }
  return out;
}

export const recipesApplyCommand: Command = {
  name: ["recipes", "apply"],
  summary:
    "Build a recipe in the live project: a one-node network using it, applied, verified and optionally previewed.",
  usage: "<name> [--set key=value]... [--network NAME] [--preview out.png] [--json]",
  flags: {
    set: {
      type: "string",
      multiple: true,
      valueName: "key=value",
      description: "a recipe argument (repeat for more); values are read by the parameter's type",
    },
    network: {
      type: "string",
      valueName: "NAME",
      description: "the network (COMP) to build it in (default: the recipe's name)",
    },
    preview: { type: "string", valueName: "out.png", description: "write the recipe's output image to this PNG file" },
    size: {
      type: "string",
      valueName: "N",
      description: "advisory preview size in pixels (default 256, at most 1024)",
    },
    root: {
      type: "string",
      valueName: "path",
      description: "where the network is built, with {network} for its name (default /project1/{network})",
    },
    force: { type: "boolean", description: "overwrite live edits (drift) instead of leaving them alone" },
    json: { type: "boolean", description: "print the result as JSON" },
  },
  details:
    "Exit codes: 0 applied (warnings allowed), 1 errors (compile, a failed request, live errors), 2 bad usage (unknown recipe, parameter or value).",
  async run(args, io, services) {
    const { fetchPreview } = await import("../../engine/index.js");
    const { applyFile } = await import("../../engine/index.js");
    const recipe = await recipeFromArgs(args);
    const network = typeof args.flags.network === "string" ? args.flags.network : recipe.name;
    if (!NAME.test(network))
      throw new UsageError(
        `--network must be a name (letters, digits, _; not starting with a digit), not '${network}'`,
      );
    const sets = (args.flags.set as string[] | undefined) ?? [];
    const use = useSource(recipe, network, argumentsFrom(recipe, sets));
    // Messages name the generated file relative to where svc runs, as for files given by hand.
    const input = io.cwd === process.cwd() ? { ...use, file: relative(io.cwd, use.file) } : use;
    const size = intFlag(args, "size", 256, 1, 1024);
    const previewFile = typeof args.flags.preview === "string" ? args.flags.preview : undefined;

    return withBridge("svc recipes apply", io, services, async (client) => {
      const progress = progressTo(io, "svc recipes apply");
      const result = await applyFile(client, input, {
        force: Boolean(args.flags.force),
        // Journalled like 'svc apply': cut off, the next command finishes or undoes it.
        journalDir: journalDir(io.env),
        ...(typeof args.flags.root === "string" ? { rootPath: args.flags.root } : {}),
        progress,
      });
      const root = result.plans[0]?.root;
      const failed = !result.ok || result.diagnostics.some((d) => d.severity === "error");
      // The use is a COMP, so the network's own level holds no TOP: the preview is the recipe's out1.
      const preview =
        previewFile !== undefined && !failed && root !== undefined
          ? await fetchPreview(client, useOutputPath(root), size)
          : undefined;
      if (preview && previewFile !== undefined) writeFileSync(resolve(io.cwd, previewFile), preview.png);
      if (args.flags.json) {
        const shownPreview = preview
          ? { path: preview.path, width: preview.width, height: preview.height, file: previewFile }
          : null;
        io.stdout(
          JSON.stringify(
            {
              recipe: recipe.name,
              network,
              root: root ?? null,
              source: input.text,
              ...loopToJson(result),
              preview: shownPreview,
            },
            null,
            2,
          ) + "\n",
        );
      } else {
        io.stdout(renderPlans(result));
        const requests = result.outcomes.filter((o) => o.ok).reduce((n, o) => n + o.requests, 0);
        if (result.ok && result.outcomes.length > 0)
          io.stdout(`Applied ${recipe.name} as ${root}/r1 in ${requests} request${requests === 1 ? "" : "s"}.\n`);
        io.stdout(renderDiagnostics(result.diagnostics, result.sources, io.isTTY));
        if (preview)
          io.stdout(`Preview of ${preview.path} (${preview.width}x${preview.height}) written to ${previewFile}\n`);
      }
      return failed ? 1 : 0;
    });
  },
};
