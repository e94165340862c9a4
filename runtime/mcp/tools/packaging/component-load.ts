/** manage_component load: the component's .svcnet applied under a parent COMP, read back and verified. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BridgeClient } from "../../../engine/index.js";
import type { ComponentManifest } from "../../../artifacts/component-library.js";
import { PackagingError } from "./packaging-failure.js";

export async function loadComponent(
  client: BridgeClient,
  dir: string,
  manifest: ComponentManifest,
  parent: string,
): Promise<string> {
  const { applyFile } = await import("../../../engine/index.js");
  const file = join(dir, manifest.svcnet);
  const text = readFileSync(file, "utf8");
  const result = await applyFile(client, { text, file }, { rootPath: `${parent === "/" ? "" : parent}/{network}` });
  if (!result.ok) {
    const first = result.diagnostics.find((d) => d.severity === "error");
    throw new PackagingError(
      "load-failed",
      `${manifest.name} ${manifest.version} did not apply at ${parent}${first ? `: ${first.code}: ${first.message}` : ""}`,
      {
        diagnostics: result.diagnostics.slice(0, 20).map((d) => ({ code: d.code, message: d.message })),
      },
    );
  }
  return result.plans[0]?.desired.root ?? `${parent}/${manifest.name}`;
}
