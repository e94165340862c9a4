import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { outDirInput } from "./output-folder.js";
import { packagingFailure } from "./packaging-failure.js";

export const exportExternalizedTree = defineTool({
  name: "export_externalized_tree",
  title: "A COMP tree as files",
  description:
    "Write a live COMP tree to disk: one folder per COMP, an operators.json in each (types, non-default parameters, inputs), every DAT's text as its own file, and the whole network as network.svcnet, with SHA-256 checksums.",
  input: {
    path: tdPath("the COMP to write out"),
    out_dir: outDirInput("the folder to write the tree into (a folder named after the COMP is made in it)"),
  },
  output: { path: z.string(), outDir: z.string(), folders: z.number(), files: z.array(z.string()), bytes: z.number() },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ path, out_dir }, ctx) {
    try {
      const { outputFolder } = await import("./output-folder.js");
      const { readLiveTree, leafName } = await import("../../../artifacts/live-tree.js");
      const { externalizeTree } = await import("../../../artifacts/externalize.js");
      const { writeChecksums } = await import("../../../artifacts/checksums.js");
      const { exportProgram, readExport } = await import("../../../engine/index.js");
      const { writeFileSync } = await import("node:fs");
      const { join, relative } = await import("node:path");
      const dir = await outputFolder(out_dir, ctx.extra);
      const bridge = await ctx.services.bridge();
      const tree = await readLiveTree(bridge, path);
      const written = externalizeTree(tree, dir);
      const top = join(dir, leafName(path));
      const exported = await readExport(bridge, path);
      if (exported !== undefined) {
        const svcnet = join(top, "network.svcnet");
        const text = await exportProgram([exported]);
        writeFileSync(svcnet, text);
        written.files.push(svcnet);
        written.bytes += Buffer.byteLength(text);
      }
      writeChecksums(top);
      return success(
        {
          path,
          outDir: top,
          folders: written.folders.length,
          files: written.files.map((f) => relative(top, f)),
          bytes: written.bytes,
        },
        `wrote ${path} to ${top}: ${written.folders.length} folder(s), ${written.files.length} file(s)`,
      );
    } catch (err) {
      const known = packagingFailure(err);
      if (known) return known;
      throw err;
    }
  },
});
