import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { packageRoot } from "../../package-root.js";
import { ResourceNotFound, type FixedResource } from "./registry.js";

/** `svc://language`: the .svcnet language reference, the same text as grammar/README.md. */
export const languageResource: FixedResource = {
  name: "language",
  title: "The .svcnet language",
  description:
    "The .svcnet language reference: syntax, values, wiring, flags, components, recipes and layout, with examples.",
  mimeType: "text/markdown",
  uri: "svc://language",
  async read() {
    try {
      return { text: await readFile(join(packageRoot(), "grammar", "README.md"), "utf8"), mimeType: "text/markdown" };
    } catch {
      throw new ResourceNotFound("the language reference (grammar/README.md) is missing from this installation");
    }
  },
};
