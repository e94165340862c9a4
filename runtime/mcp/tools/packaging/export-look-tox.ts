import { z } from "zod";
import { segment, tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { outDirInput } from "./output-folder.js";
import { packagingFailure } from "./packaging-failure.js";

export const exportLookTox = defineTool({
  name: "export_look_tox",
  title: "A look as a .tox",
  description:
    "Save a look (a COMP that filters one image: exactly one In TOP and one Out TOP at its top level, its custom parameters as controls) as a drop-in .tox with look.json (input, output, controls), a README, provenance and SHA-256 checksums.",
  input: {
    path: tdPath("the look's COMP, e.g. /project1/grade"),
    out_dir: outDirInput("the artifact folder; must also be a folder the bridge may save to"),
    include_readme: z.boolean().default(true),
    overwrite: z.boolean().default(false),
    author: z.string().min(1).max(200).optional(),
  },
  output: {
    path: z.string(),
    tox: z.string(),
    toxSha256: z.string(),
    input: z.string(),
    output: z.string(),
    controls: z.array(z.object({ page: z.string(), name: z.string(), style: z.string() })),
    files: z.array(z.object({ file: z.string(), sha256: z.string(), bytes: z.number() })),
    evidence: z.string(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler({ path, out_dir, include_readme, overwrite, author }, ctx) {
    try {
      const { outputFolder } = await import("./output-folder.js");
      const { readLiveTree } = await import("../../../artifacts/live-tree.js");
      const { writeToxArtifact, TOX_EVIDENCE } = await import("./tox-artifact.js");
      const bridge = await ctx.services.bridge();
      // Checked before anything is written: a COMP that is not a look leaves no files behind.
      const top = (await readLiveTree(bridge, path, 1)).nodes;
      const ins = top.filter((n) => n.type === "inTOP");
      const outs = top.filter((n) => n.type === "outTOP");
      if (ins.length !== 1 || outs.length !== 1) {
        return failure(
          "not-a-look",
          `${path} has ${ins.length} In TOP(s) and ${outs.length} Out TOP(s) at its top level; a look has exactly one of each`,
          {
            details: { inTOPs: ins.map((n) => n.path), outTOPs: outs.map((n) => n.path) },
          },
        );
      }
      const custom = await bridge.get<{ pages: { name: string; pars: { name: string; style: string }[] }[] }>(
        `/api/nodes/${segment(path)}/custom_params`,
      );
      const controls = custom.pages.flatMap((p) => p.pars.map((g) => ({ page: p.name, name: g.name, style: g.style })));
      const dir = await outputFolder(out_dir, ctx.extra);
      const look = { input: ins[0]!.name, output: outs[0]!.name, controls };
      const artifact = await writeToxArtifact(bridge, {
        path,
        dir,
        overwrite,
        includeReadme: include_readme,
        ...(author === undefined ? {} : { author }),
        readmeSections: [
          {
            heading: "Look",
            body: `Feed an image into \`${look.input}\`; the graded image comes out of \`${look.output}\`. Controls: ${controls.length ? controls.map((c) => `\`${c.name}\``).join(", ") : "none"}.`,
          },
        ],
        manifests: (_tree, provenance) => ({
          "look.json": {
            name: path.slice(path.lastIndexOf("/") + 1),
            ...look,
            content_sha256: provenance.content_sha256,
          },
        }),
      });
      return success(
        {
          path,
          tox: artifact.tox.file,
          toxSha256: artifact.tox.sha256,
          ...look,
          files: artifact.files,
          evidence: TOX_EVIDENCE,
        },
        `saved the look ${path} as ${artifact.tox.file}: ${look.input} -> ${look.output}, ${controls.length} control(s)`,
      );
    } catch (err) {
      const known = packagingFailure(err);
      if (known) return known;
      throw err;
    }
  },
});
