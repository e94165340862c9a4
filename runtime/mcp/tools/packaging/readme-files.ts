/**
 * A live network's README and picture, made once for generate_readme and make_portable_tox: the
 * tree read, the picture drawn (when asked), the Markdown written into a folder when one is given.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BridgeClient } from "../../../engine/index.js";
import { leafName, readLiveTree, type LiveTree } from "../../../artifacts/live-tree.js";
import { networkReadme, type ReadmeOptions } from "../../../artifacts/readme.js";

export interface ReadmeRequest {
  path: string;
  includeMermaid: boolean;
  includePicture: boolean;
  maxNodes: number;
  title?: string;
  description?: string;
  sections?: ReadmeOptions["sections"];
  /** Folder to write README.md and the picture into. */
  outDir?: string;
}

export interface ReadmeFiles {
  tree: LiveTree;
  markdown: string;
  listed: number;
  cut: number;
  /** File name of the SVG beside the README, when drawn and written. */
  picture: string | null;
  pictureSvg: string | null;
  /** Why there is no picture, when one was asked for. */
  pictureProblem: string | null;
  written: string[];
}

export async function makeReadme(client: BridgeClient, req: ReadmeRequest): Promise<ReadmeFiles> {
  const tree = await readLiveTree(client, req.path);
  let svg: string | null = null;
  let problem: string | null = null;
  if (req.includePicture) {
    const { livePicture } = await import("../../../artifacts/live-picture.js");
    const picture = await livePicture(client, req.path);
    if (picture.ok) svg = picture.svg;
    else problem = picture.reason;
  }
  const pictureName = svg !== null ? `${leafName(req.path)}.svg` : undefined;
  const readme = networkReadme(tree, {
    includeMermaid: req.includeMermaid,
    maxNodes: req.maxNodes,
    ...(req.title === undefined ? {} : { title: req.title }),
    ...(req.description === undefined ? {} : { description: req.description }),
    ...(req.sections === undefined ? {} : { sections: req.sections }),
    ...(pictureName === undefined ? {} : { picture: pictureName }),
  });
  const written: string[] = [];
  if (req.outDir !== undefined) {
    writeFileSync(join(req.outDir, "README.md"), readme.markdown);
    written.push(join(req.outDir, "README.md"));
    if (svg !== null && pictureName !== undefined) {
      writeFileSync(join(req.outDir, pictureName), svg);
      written.push(join(req.outDir, pictureName));
    }
  }
  return {
    tree,
    markdown: readme.markdown,
    listed: readme.listed,
    cut: readme.cut,
    picture: pictureName ?? null,
    pictureSvg: svg,
    pictureProblem: problem,
    written,
  };
}
