import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { outDirInput } from "./output-folder.js";
import { packagingFailure } from "./packaging-failure.js";

const collected = z.object({
  source: z.string(),
  file: z.string(),
  sha256: z.string(),
  bytes: z.number(),
  usedBy: z.array(z.object({ node: z.string(), param: z.string() })),
});
const uncollected = z.object({
  node: z.string(),
  param: z.string(),
  value: z.string(),
  resolved: z.string(),
  reason: z.enum(["missing", "folder", "too-large", "not-regular"]),
});

export const bundleDependencies = defineTool({
  name: "bundle_dependencies",
  title: "Collect a network's external files",
  description:
    "Find the external files a live COMP references (every File or Folder parameter: movies, images, fonts, shaders, tables) and copy them into out_dir/files with a dependencies.json and SHA-256 checksums (SHA256SUMS). Missing files are listed, never skipped silently. dry_run only lists.",
  input: {
    path: tdPath("the COMP whose operators' files to collect"),
    out_dir: outDirInput("the bundle folder"),
    base_dir: z
      .string()
      .min(1)
      .max(1024)
      .optional()
      .describe(
        "where relative paths resolve (default: out_dir); TouchDesigner resolves them against the project folder",
      ),
    dry_run: z.boolean().default(false).describe("list what would be collected; copy nothing"),
  },
  output: {
    path: z.string(),
    outDir: z.string(),
    collected: z.array(collected),
    uncollected: z.array(uncollected),
    dryRun: z.boolean(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, out_dir, base_dir, dry_run }, ctx) {
    try {
      const { outputFolder } = await import("./output-folder.js");
      const { readLiveTree } = await import("../../../artifacts/live-tree.js");
      const { collectDependencies, fileReferences } = await import("../../../artifacts/dependencies.js");
      const { writeChecksums } = await import("../../../artifacts/checksums.js");
      const { writeJson } = await import("../../../artifacts/artifact.js");
      const dir = await outputFolder(out_dir, ctx.extra);
      const tree = await readLiveTree(await ctx.services.bridge(), path);
      const bundle = collectDependencies(fileReferences(tree, base_dir ?? dir), dir, dry_run);
      if (!dry_run) {
        writeJson(dir, "dependencies.json", {
          source: path,
          collected: bundle.collected,
          uncollected: bundle.uncollected,
        });
        writeChecksums(dir);
      }
      const missing = bundle.uncollected.length
        ? `; ${bundle.uncollected.length} not collected (${bundle.uncollected
            .map((u) => `${u.node}.${u.param}: ${u.reason}`)
            .slice(0, 5)
            .join(", ")})`
        : "";
      return success(
        { path, outDir: dir, collected: bundle.collected, uncollected: bundle.uncollected, dryRun: dry_run },
        `${dry_run ? "would collect" : "collected"} ${bundle.collected.length} file(s) of ${path}${missing}`,
      );
    } catch (err) {
      const known = packagingFailure(err);
      if (known) return known;
      throw err;
    }
  },
});
