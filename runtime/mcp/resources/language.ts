import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { packageRoot } from "../../package-root.js";
import { ResourceNotFound, type FixedResource } from "./registry.js";

/**
 * `svc://language`: the .svcnet language for an assistant writing networks (docs/language.md): every
 * construct with an example, values, wires, controls, recipes, imports, layout and what apply does.
 */
export const languageResource: FixedResource = {
  name: "language",
  title: "The .svcnet language",
  description:
    "The .svcnet language: every construct with an example, values, wires, controls, recipes, imports, layout, and what apply does.",
  mimeType: "text/markdown",
  uri: "svc://language",
  async read() {
    try {
      return { text: await readFile(join(packageRoot(), "docs", "language.md"), "utf8"), mimeType: "text/markdown" };
    } catch {
      throw new ResourceNotFound("the language reference (docs/language.md) is missing from this installation");
    }
  },
};
