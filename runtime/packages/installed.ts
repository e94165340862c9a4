/**
 * Packages installed into a data folder: `<data>/packages/<name>/` is a verified copy of one
 * published version plus `installed.json`, which lists every file install put there with its
 * SHA-256. Install refuses a bundle holding a link, then checks its signature under a key the user
 * trusts (signing.ts; the bundle's own checksums prove nothing about who made it), its checksums
 * and publish seal, copies it beside the target,
 * checks the copy again and that its recipes compile, then renames it into place: a failure at any
 * step leaves the data folder as it was. Uninstall removes exactly the files install listed
 * (a file changed since is kept unless forced; files added by hand always stay).
 */
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeJson } from "../artifacts/artifact.js";
import { listFiles, sha256File } from "../artifacts/checksums.js";
import {
  PACKAGE_NAME,
  PackageError,
  assertNoLinks,
  findPublished,
  verifyBundle,
  type BundleManifest,
} from "./bundle.js";
import { verifySignature, type TrustedKey } from "./signing.js";

const INSTALLED_MANIFEST = "installed.json";

export interface InstalledRecord {
  format: "svc-installed";
  name: string;
  version: string;
  source: string;
  /** The trusted key whose signature the bundle carried. */
  publisher_key_id?: string;
  installed_at: string;
  files: { file: string; sha256: string }[];
}

export function packagesRoot(dataDir: string): string {
  return join(dataDir, "packages");
}

export function installedDir(dataDir: string, name: string): string {
  if (!PACKAGE_NAME.test(name)) throw new PackageError("bad-name", `'${name}' is not a package name`);
  return join(packagesRoot(dataDir), name);
}

export function readInstalled(dataDir: string, name: string): InstalledRecord | undefined {
  const file = join(installedDir(dataDir, name), INSTALLED_MANIFEST);
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8")) as InstalledRecord;
}

export function listInstalled(dataDir: string): InstalledRecord[] {
  const root = packagesRoot(dataDir);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((n) => PACKAGE_NAME.test(n))
    .sort()
    .flatMap((n) => readInstalled(dataDir, n) ?? []);
}

async function recipesCompile(dir: string, manifest: BundleManifest): Promise<void> {
  const { compile } = await import("../../compiler/index.js");
  for (const file of new Set(manifest.recipes.map((r) => r.file))) {
    const errors = (await compile(join(dir, file), { layout: false })).diagnostics.filter(
      (d) => d.severity === "error",
    );
    if (errors.length > 0)
      throw new PackageError(
        "recipe-does-not-compile",
        `${file} does not compile here: ${errors[0]!.code}: ${errors[0]!.message}`,
      );
  }
}

export interface InstallResult {
  name: string;
  version: string;
  dir: string;
  files: number;
  dryRun: boolean;
  manifest: BundleManifest;
  publisher: TrustedKey;
}

/** A line for each step of an install, counted, for a progress display. */
export type InstallProgress = (message: string, step: { done: number; total: number }) => void;

export async function installPackage(
  packageDir: string,
  dataDir: string,
  spec: string,
  options: { dryRun?: boolean; now?: Date; progress?: InstallProgress; env?: NodeJS.ProcessEnv } = {},
): Promise<InstallResult> {
  const env = options.env ?? process.env;
  const found = findPublished(packageDir, spec);
  const what = `${found.name} ${found.version}`;
  const step = (done: number, message: string) => options.progress?.(`${what}: ${message}`, { done, total: 5 });
  step(1, "verifying the publisher's signature and the published files");
  assertNoLinks(found.dir, what);
  const publisher = verifySignature(found.dir, env, what);
  const problems = verifyBundle(found.dir);
  if (problems.length > 0)
    throw new PackageError(
      "checksum-mismatch",
      `${found.name} ${found.version} does not match its checksums; nothing was installed: ${problems[0]!.detail}`,
      { problems },
    );
  const target = installedDir(dataDir, found.name);
  const current = readInstalled(dataDir, found.name);
  if (current !== undefined) {
    throw new PackageError(
      "already-installed",
      `${found.name} ${current.version} is installed in ${target}; uninstall it first to install ${found.version}`,
      { installed: current.version },
    );
  }
  if (existsSync(target))
    throw new PackageError("target-exists", `${target} exists but holds no installed package; move it away first`);
  const files = listFiles(found.dir);
  if (options.dryRun)
    return {
      name: found.name,
      version: found.version,
      dir: target,
      files: files.length + 1,
      dryRun: true,
      manifest: found.manifest,
      publisher,
    };
  const staging = join(packagesRoot(dataDir), `.${found.name}.installing-${process.pid}-${Date.now()}`);
  try {
    step(2, "copying");
    cpSync(found.dir, staging, { recursive: true, verbatimSymlinks: true });
    // The copy is checked, not the source: what lands in the data folder is what was published.
    step(3, "verifying the copy");
    verifySignature(staging, env, `the copy of ${what}`);
    const copied = verifyBundle(staging);
    if (copied.length > 0)
      throw new PackageError(
        "checksum-mismatch",
        `the copy of ${found.name} ${found.version} does not match its checksums: ${copied[0]!.detail}`,
        { problems: copied },
      );
    step(4, "compiling its recipes");
    await recipesCompile(staging, found.manifest);
    step(5, "recording the install");
    const record: InstalledRecord = {
      format: "svc-installed",
      name: found.name,
      version: found.version,
      source: found.dir,
      publisher_key_id: publisher.key_id,
      installed_at: (options.now ?? new Date()).toISOString(),
      files: listFiles(staging).map((file) => ({ file, sha256: sha256File(join(staging, file)) })),
    };
    writeJson(staging, INSTALLED_MANIFEST, record);
    renameSync(staging, target);
    return {
      name: found.name,
      version: found.version,
      dir: target,
      files: record.files.length + 1,
      dryRun: false,
      manifest: found.manifest,
      publisher,
    };
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}

export interface PackageHealth {
  name: string;
  version: string;
  dir: string;
  missing: string[];
  modified: string[];
  /** Files in the folder install did not put there. */
  foreign: string[];
}

export function checkInstalled(dataDir: string, record: InstalledRecord): PackageHealth {
  const dir = installedDir(dataDir, record.name);
  const listed = new Set([...record.files.map((f) => f.file), INSTALLED_MANIFEST]);
  const health: PackageHealth = {
    name: record.name,
    version: record.version,
    dir,
    missing: [],
    modified: [],
    foreign: [],
  };
  for (const f of record.files) {
    const path = join(dir, f.file);
    if (!existsSync(path) || !statSync(path).isFile()) health.missing.push(f.file);
    else if (sha256File(path) !== f.sha256) health.modified.push(f.file);
  }
  health.foreign = listFiles(dir).filter((f) => !listed.has(f));
  return health;
}

export interface UninstallResult {
  name: string;
  version: string;
  removed: number;
  kept: string[];
  dryRun: boolean;
}

export function uninstallPackage(
  dataDir: string,
  name: string,
  options: { force?: boolean; dryRun?: boolean } = {},
): UninstallResult {
  const record = readInstalled(dataDir, name);
  if (record === undefined)
    throw new PackageError("not-installed", `'${name}' is not installed in ${packagesRoot(dataDir)}`, {
      installed: listInstalled(dataDir).map((r) => r.name),
    });
  const health = checkInstalled(dataDir, record);
  if (health.modified.length > 0 && !options.force) {
    throw new PackageError(
      "modified-files",
      `${name}'s files changed since install (${health.modified.join(", ")}); nothing was removed: pass force to remove them too`,
      { modified: health.modified },
    );
  }
  const dir = installedDir(dataDir, name);
  const doomed = [...record.files.map((f) => f.file).filter((f) => !health.missing.includes(f)), INSTALLED_MANIFEST];
  if (options.dryRun)
    return { name, version: record.version, removed: doomed.length, kept: health.foreign, dryRun: true };
  for (const file of doomed) rmSync(join(dir, file));
  // Folders install made go when empty; a folder holding a file added by hand stays with it.
  const folders = new Set<string>();
  for (const file of doomed) for (let d = dirname(file); d !== "."; d = dirname(d)) folders.add(d);
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    if (readdirSync(join(dir, folder)).length === 0) rmdirSync(join(dir, folder));
  }
  if (readdirSync(dir).length === 0) rmdirSync(dir);
  return { name, version: record.version, removed: doomed.length, kept: health.foreign, dryRun: false };
}
