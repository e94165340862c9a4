/**
 * Publishing a recipe bundle into a local package folder: recipes checked (each file parses,
 * declares at least one recipe and compiles inside the bundle, so its imports travel with it),
 * components copied from a component library after their own checksums are checked, then the
 * bundle manifest, SHA256SUMS and the publish manifest written, and the publish manifest signed with
 * the user's ed25519 key (signing.ts). The version folder appears whole
 * (written beside it, then renamed) or not at all; a published version is never replaced.
 */
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { packageVersion } from "../package-root.js";
import { writeJson } from "../artifacts/artifact.js";
import { CHECKSUMS_FILE, sha256File, writeChecksums } from "../artifacts/checksums.js";
import { checkComponent, componentDir } from "../artifacts/component-library.js";
import {
  BUNDLE_MANIFEST,
  PACKAGE_NAME,
  PACKAGE_VERSION,
  PUBLISH_MANIFEST,
  PackageError,
  type BundleManifest,
  type PublishManifest,
} from "./bundle.js";
import { signBundle, type SignatureFile } from "./signing.js";

export interface PublishRequest {
  packageDir: string;
  name: string;
  version: string;
  description: string;
  /** Recipe files already read: their names in the bundle and their text. */
  recipes: { file: string; text: string }[];
  components: { library: string; name: string; version: string }[];
  publisher?: string;
  now?: Date;
  /** Where svc's folder (and the user's signing key) is found: SVC_HOME, else ~/.svc. */
  env?: NodeJS.ProcessEnv;
}

export interface Published {
  dir: string;
  manifest: BundleManifest;
  publish: PublishManifest;
  signature: SignatureFile;
  files: { file: string; sha256: string; bytes: number }[];
}

async function checkRecipes(
  staging: string,
  manifest: BundleManifest,
  recipes: PublishRequest["recipes"],
): Promise<void> {
  const { parse } = await import("../../grammar/parse.js");
  const { compile } = await import("../../compiler/index.js");
  for (const r of recipes) {
    const name = basename(r.file);
    if (!/^[A-Za-z0-9_.-]+\.svcnet$/.test(name))
      throw new PackageError(
        "bad-recipe-file",
        `${r.file}: a recipe file is a .svcnet file named with letters, digits, '.', '-' or '_'`,
      );
    if (manifest.recipes.some((m) => m.file === `recipes/${name}`))
      throw new PackageError("bad-recipe-file", `two recipe files are named ${name}`);
    const declared = parse(r.text, name)
      .ast.recipes.map((d) => d.name.name)
      .filter(Boolean);
    if (declared.length === 0) throw new PackageError("not-a-recipe", `${r.file} declares no recipe`);
    writeFileSync(join(staging, "recipes", name), r.text);
    for (const recipe of declared) manifest.recipes.push({ name: recipe, file: `recipes/${name}` });
  }
  for (const file of new Set(manifest.recipes.map((m) => m.file))) {
    const result = await compile(join(staging, file), { layout: false });
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0) {
      throw new PackageError(
        "recipe-does-not-compile",
        `${basename(file)} does not compile in the bundle: ${errors[0]!.code}: ${errors[0]!.message}`,
        {
          diagnostics: errors.slice(0, 20).map((d) => ({ code: d.code, message: d.message, line: d.range.start.line })),
        },
      );
    }
  }
}

export async function publishBundle(req: PublishRequest): Promise<Published> {
  if (!PACKAGE_NAME.test(req.name))
    throw new PackageError(
      "bad-name",
      `'${req.name}' is not a package name: lower-case letters, digits, '-' or '_', starting with a letter`,
    );
  if (!PACKAGE_VERSION.test(req.version))
    throw new PackageError("bad-version", `'${req.version}' is not major.minor.patch`);
  if (req.recipes.length === 0 && req.components.length === 0)
    throw new PackageError("empty-bundle", "a bundle needs at least one recipe or component");
  const dir = join(req.packageDir, req.name, req.version);
  if (existsSync(dir))
    throw new PackageError(
      "version-exists",
      `${req.name} ${req.version} is already published in ${req.packageDir}; publish a new version`,
    );
  const staging = join(req.packageDir, req.name, `.${req.version}.publishing-${process.pid}-${Date.now()}`);
  mkdirSync(join(staging, "recipes"), { recursive: true });
  try {
    const manifest: BundleManifest = {
      format: "svc-package",
      name: req.name,
      version: req.version,
      description: req.description,
      recipes: [],
      components: [],
    };
    await checkRecipes(staging, manifest, req.recipes);
    for (const c of req.components) {
      if (!existsSync(join(componentDir(c.library, c.name, c.version), "component.json")))
        throw new PackageError("unknown-component", `${c.library} holds no component ${c.name} ${c.version}`);
      const check = checkComponent(c.library, c.name, c.version);
      if (check.problems.length > 0)
        throw new PackageError(
          "checksum-mismatch",
          `component ${c.name} ${c.version} does not match its checksums: ${check.problems[0]!.detail}`,
        );
      const rel = `components/${c.name}/${c.version}`;
      cpSync(check.dir, join(staging, rel), { recursive: true, verbatimSymlinks: true });
      manifest.components.push({ name: c.name, version: c.version, dir: rel });
    }
    writeJson(staging, BUNDLE_MANIFEST, manifest);
    const files = writeChecksums(staging, [PUBLISH_MANIFEST]);
    const publish: PublishManifest = {
      format: "svc-publish",
      name: req.name,
      version: req.version,
      published_at: (req.now ?? new Date()).toISOString(),
      svc_version: packageVersion(),
      ...(req.publisher === undefined ? {} : { publisher: req.publisher }),
      files: files.length,
      checksums: CHECKSUMS_FILE,
      checksums_sha256: sha256File(join(staging, CHECKSUMS_FILE)),
    };
    writeJson(staging, PUBLISH_MANIFEST, publish);
    const signature = signBundle(staging, req.env ?? process.env);
    renameSync(staging, dir);
    return { dir, manifest, publish, signature, files };
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}
