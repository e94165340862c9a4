import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { success } from "../result.js";
import { outDirInput } from "./output-folder.js";
import { packagingFailure } from "./packaging-failure.js";

export const makePortableTox = defineTool({
  name: "make_portable_tox",
  title: "Portable .tox of a COMP",
  description:
    "Save a live COMP as a .tox in out_dir with a README and picture (include_readme:false leaves them out), its external files collected into files/ (collect_files), provenance.json and SHA-256 checksums. Lists absolute file paths the .tox still references.",
  input: {
    path: tdPath("the COMP to package"),
    out_dir: outDirInput(
      "the artifact folder; must also be a folder the bridge may save to (the project folder or SVC_BRIDGE_EXPORT_DIR)",
    ),
    include_readme: z.boolean().default(true).describe("write README.md and a picture beside the .tox"),
    collect_files: z.boolean().default(true).describe("copy the external files the COMP references into files/"),
    overwrite: z.boolean().default(false).describe("replace an existing .tox"),
    author: z.string().min(1).max(200).optional(),
  },
  output: {
    path: z.string(),
    tox: z.string(),
    toxSha256: z.string(),
    readme: z.boolean(),
    files: z.array(z.object({ file: z.string(), sha256: z.string(), bytes: z.number() })),
    absoluteReferences: z
      .array(z.object({ node: z.string(), param: z.string(), value: z.string() }))
      .describe(
        "parameters holding absolute paths: the .tox depends on this machine's files until they are made relative",
      ),
    evidence: z.string(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ path, out_dir, include_readme, collect_files, overwrite, author }, ctx) {
    try {
      const { outputFolder } = await import("./output-folder.js");
      const { writeToxArtifact, TOX_EVIDENCE } = await import("./tox-artifact.js");
      const { collectDependencies, fileReferences } = await import("../../../artifacts/dependencies.js");
      const { isAbsolute } = await import("node:path");
      const dir = await outputFolder(out_dir, ctx.extra);
      let absolute: { node: string; param: string; value: string }[] = [];
      const artifact = await writeToxArtifact(await ctx.services.bridge(), {
        path,
        dir,
        overwrite,
        includeReadme: include_readme,
        ...(author === undefined ? {} : { author }),
        manifests: (tree) => {
          const refs = fileReferences(tree, dir);
          absolute = refs
            .filter((r) => isAbsolute(r.value))
            .map((r) => ({ node: r.node, param: r.param, value: r.value }));
          if (!collect_files) return {};
          const bundle = collectDependencies(refs, dir);
          return {
            "dependencies.json": { source: path, collected: bundle.collected, uncollected: bundle.uncollected },
          };
        },
      });
      return success(
        {
          path,
          tox: artifact.tox.file,
          toxSha256: artifact.tox.sha256,
          readme: artifact.readme !== null,
          files: artifact.files,
          absoluteReferences: absolute,
          evidence: TOX_EVIDENCE,
        },
        `saved ${path} as ${artifact.tox.file} with ${artifact.files.length} checksummed file(s)${artifact.readme !== null ? " and a README" : ""}${absolute.length ? `; ${absolute.length} absolute file path(s) still referenced` : ""}`,
      );
    } catch (err) {
      const known = packagingFailure(err);
      if (known) return known;
      throw err;
    }
  },
});
