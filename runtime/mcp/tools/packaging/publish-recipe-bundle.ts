import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";
import { outDirInput } from "./output-folder.js";
import { packagingFailure } from "./packaging-failure.js";

const version = z.string().regex(/^\d{1,6}\.\d{1,6}\.\d{1,6}$/);

export const publishRecipeBundle = defineTool({
  name: "publish_recipe_bundle",
  title: "Publish a recipe bundle",
  description:
    "Publish recipes (.svcnet files, or recipes of svc's library by name) and components of a component library as a versioned package in a local package folder: the bundle, svc-package.json, publish.json, SHA-256 checksums and the user's ed25519 signature (publish.sig). Each recipe must compile inside the bundle.",
  input: {
    package_dir: outDirInput("the local package folder to publish into"),
    name: z
      .string()
      .regex(/^[a-z][a-z0-9_-]{0,63}$/)
      .describe("the package's name"),
    version: version.describe("major.minor.patch; a published version is never replaced"),
    description: z.string().max(2000).default(""),
    recipe_files: z
      .array(z.string().min(2).max(1024))
      .max(200)
      .default([])
      .describe("absolute .svcnet files inside the client's roots or SVC_MCP_WORKSPACE"),
    library_recipes: z
      .array(z.string().min(1).max(100))
      .max(200)
      .default([])
      .describe("names of recipes in svc's library (svc recipes list)"),
    components: z
      .array(
        z.object({
          library: z.string().min(2).max(1024),
          name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/),
          version,
        }),
      )
      .max(100)
      .default([])
      .describe("components of a manage_component library"),
    publisher: z.string().min(1).max(200).optional(),
  },
  output: {
    dir: z.string(),
    recipes: z.array(z.object({ name: z.string(), file: z.string() })),
    components: z.array(z.object({ name: z.string(), version: z.string(), dir: z.string() })),
    files: z.array(z.object({ file: z.string(), sha256: z.string(), bytes: z.number() })),
    checksumsSha256: z.string(),
    signedBy: z.object({ key: z.string(), keyId: z.string() }),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  profiles: [],
  async handler(args, ctx) {
    try {
      const { outputFolder, writableRoots, confineInputFile, confineInputFolder } = await import("./output-folder.js");
      const { readFileSync } = await import("node:fs");
      const roots = await writableRoots(ctx.extra);
      const recipes = args.recipe_files.map((f) => {
        const path = confineInputFile(f, roots, [".svcnet"]);
        return { file: path, text: readFileSync(path, "utf8") };
      });
      if (args.library_recipes.length > 0) {
        const { findRecipe, loadLibrary } = await import("../../../recipes/library.js");
        const library = await loadLibrary();
        for (const name of args.library_recipes) {
          const recipe = findRecipe(library, name);
          if (recipe === undefined) return failure("unknown-recipe", `svc's library has no recipe '${name}'`);
          recipes.push({ file: recipe.path, text: readFileSync(recipe.path, "utf8") });
        }
      }
      const components = args.components.map((c) => ({ ...c, library: confineInputFolder(c.library, roots) }));
      const { publishBundle } = await import("../../../packages/publish.js");
      const published = await publishBundle({
        packageDir: await outputFolder(args.package_dir, ctx.extra),
        name: args.name,
        version: args.version,
        description: args.description,
        recipes,
        components,
        ...(args.publisher === undefined ? {} : { publisher: args.publisher }),
      });
      return success(
        {
          dir: published.dir,
          recipes: published.manifest.recipes,
          components: published.manifest.components,
          files: published.files,
          checksumsSha256: published.publish.checksums_sha256,
          signedBy: { key: published.signature.key, keyId: published.signature.key_id },
        },
        `published ${args.name} ${args.version} to ${published.dir}: ${published.manifest.recipes.length} recipe(s), ${published.manifest.components.length} component(s), ${published.files.length} checksummed file(s), signed by the user's key ${published.signature.key_id}`,
      );
    } catch (err) {
      const known = packagingFailure(err);
      if (known) return known;
      throw err;
    }
  },
});
