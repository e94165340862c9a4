import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { packagingFailure } from "./packaging-failure.js";

export const managePackages = defineTool({
  name: "manage_packages",
  title: "Recipe and component packages",
  description:
    "svc packages over MCP: search, info (checksums checked) a local package folder (SVC_PACKAGES_DIR); list, install (checksums verified, recipes compiled, all or nothing), uninstall (exactly what install put), doctor and path in svc's data folder (SVC_DATA_DIR, else ~/.svc).",
  input: {
    action: z.enum(["search", "list", "info", "install", "uninstall", "doctor", "path"]),
    name: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("package name, name@version for info and install; words for search"),
    dry_run: z.boolean().default(false).describe("install and uninstall: check and report, change nothing"),
    force: z.boolean().default(false).describe("uninstall: also remove package files changed since install"),
  },
  output: { action: z.string(), result: z.unknown() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  profiles: [],
  async handler({ action, name, dry_run, force }) {
    const { PackageError, findPublished, verifyBundle } = await import("../../../packages/bundle.js");
    const installed = await import("../../../packages/installed.js");
    const { dataFolder, packageFolder } = await import("../../../packages/locations.js");
    const env = process.env;
    const cwd = process.cwd();
    const needName = () => {
      if (name === undefined) throw new PackageError("missing-argument", `${action} needs name`);
      return name;
    };
    try {
      switch (action) {
        case "search": {
          const { searchPublished } = await import("../../../packages/search.js");
          const found = searchPublished(packageFolder(undefined, env, cwd), needName()).map((p) => ({
            name: p.name,
            version: p.version,
            description: p.manifest.description,
            recipes: p.manifest.recipes,
          }));
          return success({ action, result: found }, `${found.length} package(s) match '${name}'`);
        }
        case "info": {
          const found = findPublished(packageFolder(undefined, env, cwd), needName());
          const problems = verifyBundle(found.dir);
          return success(
            { action, result: { dir: found.dir, manifest: found.manifest, problems } },
            `${found.name} ${found.version}: ${problems.length === 0 ? "checksums match" : `${problems.length} checksum problem(s)`}`,
          );
        }
        case "install": {
          const r = await installed.installPackage(
            packageFolder(undefined, env, cwd),
            dataFolder(undefined, env, cwd),
            needName(),
            { dryRun: dry_run },
          );
          return success(
            { action, result: r },
            `${r.dryRun ? "would install" : "installed"} ${r.name} ${r.version} in ${r.dir}`,
          );
        }
        case "uninstall": {
          const r = installed.uninstallPackage(dataFolder(undefined, env, cwd), needName(), { dryRun: dry_run, force });
          return success(
            { action, result: r },
            `${r.dryRun ? "would remove" : "removed"} ${r.name} ${r.version} (${r.removed} files${r.kept.length ? `, ${r.kept.length} added by hand kept` : ""})`,
          );
        }
        case "list": {
          const list = installed
            .listInstalled(dataFolder(undefined, env, cwd))
            .map((r) => ({ name: r.name, version: r.version, installed_at: r.installed_at }));
          return success({ action, result: list }, `${list.length} package(s) installed`);
        }
        case "doctor": {
          const data = dataFolder(undefined, env, cwd);
          const health = installed.listInstalled(data).map((r) => installed.checkInstalled(data, r));
          const bad = health.filter((h) => h.missing.length + h.modified.length > 0).length;
          return success(
            { action, result: health },
            bad === 0
              ? `${health.length} installed package(s), all files as installed`
              : `${bad} package(s) with missing or changed files`,
          );
        }
        case "path": {
          const data = dataFolder(undefined, env, cwd);
          if (name === undefined)
            return success({ action, result: installed.packagesRoot(data) }, installed.packagesRoot(data));
          if (installed.readInstalled(data, name) === undefined)
            return failure("not-installed", `'${name}' is not installed`);
          return success({ action, result: installed.installedDir(data, name) }, installed.installedDir(data, name));
        }
      }
    } catch (err) {
      const known = packagingFailure(err);
      if (known) return known;
      throw err;
    }
  },
});
