/**
 * manage_component load: the component's .svcnet applied under a parent COMP, read back and verified.
 * Only source is read: the manifest must name a `.svcnet` file in the component's own folder, and
 * its imports and `file()` read only source inside that folder (as source sent over MCP does), or
 * recipes of svc's own library (`import "svc:recipes/..."`, how an export names them). The apply is
 * journalled like apply_network's: one cut off is finished by the next apply of that network.
 */
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
  journalDir?: string,
): Promise<string> {
  const { applyFile } = await import("../../../engine/index.js");
  const { confinedHost } = await import("../../../../compiler/resolve/confined-host.js");
  const { MCP_SOURCE_EXTENSIONS } = await import("../language/source-host.js");
  const { libraryRecipesDir } = await import("../../../../compiler/resolve/library.js");
  if (typeof manifest.svcnet !== "string" || !/^[A-Za-z0-9_.-]+\.svcnet$/.test(manifest.svcnet))
    throw new PackagingError(
      "bad-manifest",
      `${manifest.name} ${manifest.version}: component.json's svcnet must name a .svcnet file in the component's folder`,
    );
  const file = join(dir, manifest.svcnet);
  const text = readFileSync(file, "utf8");
  const result = await applyFile(
    client,
    { text, file },
    {
      rootPath: `${parent === "/" ? "" : parent}/{network}`,
      host: confinedHost([dir, libraryRecipesDir()], "the component's folder", MCP_SOURCE_EXTENSIONS),
      ...(journalDir === undefined ? {} : { journalDir }),
    },
  );
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
