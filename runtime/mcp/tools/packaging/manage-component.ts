import { z } from "zod";
import { tdPath } from "../live/live-input.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { outDirInput } from "./output-folder.js";
import { packagingFailure } from "./packaging-failure.js";

const listed = z.object({
  name: z.string(),
  versions: z.array(z.string()),
  latest: z.string(),
  description: z.string(),
});

export const manageComponent = defineTool({
  name: "manage_component",
  title: "Reusable components",
  description:
    "A library folder of versioned COMPs. save: a live COMP as <name>/<version>/ (.tox, .svcnet, component.json with provenance, SHA-256 checksums); list; info; load: check the checksums, then apply the component's .svcnet under a parent COMP and verify it.",
  input: {
    action: z.enum(["save", "list", "info", "load"]),
    library: outDirInput("the component library folder; for save also a folder the bridge may save to"),
    path: tdPath("save: the COMP to save").optional(),
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/)
      .optional()
      .describe("the component's name (save: default the COMP's name)"),
    version: z
      .string()
      .regex(/^\d{1,6}\.\d{1,6}\.\d{1,6}$/)
      .optional()
      .describe("major.minor.patch; save needs it, info and load default to the latest"),
    description: z.string().max(2000).optional().describe("save: what it is for"),
    parent: tdPath("load: the COMP to build it in, e.g. /project1").optional(),
  },
  output: {
    action: z.string(),
    components: z.array(listed).optional(),
    name: z.string().optional(),
    version: z.string().optional(),
    dir: z.string().optional(),
    manifest: z.record(z.string(), z.unknown()).optional(),
    loadedAt: z.string().optional(),
    problems: z.array(z.object({ file: z.string(), problem: z.string(), detail: z.string() })).optional(),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  profiles: [],
  async handler(args, ctx) {
    try {
      const { outputFolder } = await import("./output-folder.js");
      const lib = await import("../../../artifacts/component-library.js");
      const library = await outputFolder(args.library, ctx.extra);
      if (args.action === "list") {
        const components = lib.listComponents(library);
        return success({ action: "list", components }, `${components.length} component(s) in ${library}`);
      }
      if (args.action === "save") {
        if (args.path === undefined || args.version === undefined)
          return failure("missing-argument", "save needs path (the COMP) and version (major.minor.patch)");
        const { saveComponent } = await import("./component-save.js");
        const saved = await saveComponent(await ctx.services.bridge(), library, {
          path: args.path,
          version: args.version,
          ...(args.name === undefined ? {} : { name: args.name }),
          description: args.description ?? "",
        });
        return success(
          {
            action: "save",
            name: saved.name,
            version: saved.version,
            dir: saved.dir,
            manifest: saved.manifest as unknown as Record<string, unknown>,
          },
          `saved ${args.path} as component ${saved.name} ${saved.version} in ${saved.dir}`,
        );
      }
      if (args.name === undefined) return failure("missing-argument", `${args.action} needs name`);
      const found = lib.listComponents(library).find((c) => c.name === args.name);
      if (found === undefined)
        return failure("unknown-component", `no component '${args.name}' in ${library}`, {
          details: { components: lib.listComponents(library).map((c) => c.name) },
        });
      const version = args.version ?? found.latest;
      if (!found.versions.includes(version))
        return failure(
          "unknown-version",
          `component '${args.name}' has no version ${version}; it has ${found.versions.join(", ")}`,
        );
      const check = lib.checkComponent(library, args.name, version);
      if (args.action === "info") {
        return success(
          {
            action: "info",
            name: args.name,
            version,
            dir: check.dir,
            manifest: check.manifest as unknown as Record<string, unknown>,
            problems: check.problems,
          },
          `${args.name} ${version}: ${check.problems.length === 0 ? "checksums match" : `${check.problems.length} checksum problem(s)`}`,
        );
      }
      if (args.parent === undefined)
        return failure("missing-argument", "load needs parent (the COMP to build the component in)");
      if (check.problems.length > 0)
        return failure(
          "checksum-mismatch",
          `${args.name} ${version} does not match its checksums; nothing was loaded: ${check.problems[0]!.detail}`,
          { details: { problems: check.problems } },
        );
      const { loadComponent } = await import("./component-load.js");
      const { journalDir } = await import("../../../onboarding/places.js");
      const loadedAt = await loadComponent(
        await ctx.services.bridge(),
        check.dir,
        check.manifest,
        args.parent,
        journalDir(ctx.services.env),
      );
      return success(
        { action: "load", name: args.name, version, dir: check.dir, loadedAt },
        `loaded ${args.name} ${version} at ${loadedAt}, verified`,
      );
    } catch (err) {
      const known = packagingFailure(err);
      if (known) return known;
      throw err;
    }
  },
});
