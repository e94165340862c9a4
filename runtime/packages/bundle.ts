/**
 * A published package: `<package folder>/<name>/<version>/` holding recipes (`recipes/*.svcnet`)
 * and components (`components/<name>/<version>/`), the bundle manifest `svc-package.json`, the
 * SHA-256 checksums of every file (`SHA256SUMS`) and the publish manifest `publish.json`, which
 * records when and by what it was published and the checksum of SHA256SUMS itself, and `publish.sig`,
 * the publisher's signature of publish.json (signing.ts): the checksums say the files are whole, the
 * signature says who made them.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { compareVersions } from "../bridge-version.js";
import { CodedError } from "../artifacts/coded-error.js";
import {
  CHECKSUMS_FILE,
  LinkInArtifactError,
  listFiles,
  sha256File,
  verifyChecksums,
  type ChecksumProblem,
} from "../artifacts/checksums.js";

export const BUNDLE_MANIFEST = "svc-package.json";
export const PUBLISH_MANIFEST = "publish.json";
/** The publisher's ed25519 signature of publish.json (signing.ts); outside SHA256SUMS, which it seals. */
export const SIGNATURE_FILE = "publish.sig";
export const PACKAGE_NAME = /^[a-z][a-z0-9_-]{0,63}$/;
export const PACKAGE_VERSION = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

export interface BundleManifest {
  format: "svc-package";
  name: string;
  version: string;
  description: string;
  recipes: { name: string; file: string }[];
  components: { name: string; version: string; dir: string }[];
}

export interface PublishManifest {
  format: "svc-publish";
  name: string;
  version: string;
  published_at: string;
  svc_version: string;
  publisher?: string;
  files: number;
  checksums: typeof CHECKSUMS_FILE;
  checksums_sha256: string;
}

export class PackageError extends CodedError {}

function readJson<T>(file: string, what: string): T {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch (err) {
    throw new PackageError("bad-manifest", `${what} ${file} is not readable JSON: ${(err as Error).message}`);
  }
}

/** The bundle manifest of a package folder, checked field by field. */
function readBundleManifest(dir: string): BundleManifest {
  const m = readJson<Partial<BundleManifest>>(join(dir, BUNDLE_MANIFEST), "the bundle manifest");
  const bad = (field: string, why: string) =>
    new PackageError("bad-manifest", `${join(dir, BUNDLE_MANIFEST)}: '${field}' ${why}`);
  if (m.format !== "svc-package") throw bad("format", 'must be "svc-package"');
  if (typeof m.name !== "string" || !PACKAGE_NAME.test(m.name))
    throw bad("name", "must be lower-case letters, digits, '-' or '_', starting with a letter");
  if (typeof m.version !== "string" || !PACKAGE_VERSION.test(m.version))
    throw bad("version", "must be major.minor.patch");
  if (!Array.isArray(m.recipes) || !Array.isArray(m.components)) throw bad("recipes", "and 'components' must be lists");
  for (const r of m.recipes)
    if (typeof r?.file !== "string" || !/^recipes\/[A-Za-z0-9_.-]+\.svcnet$/.test(r.file))
      throw bad("recipes", `holds a file outside recipes/: ${JSON.stringify(r?.file)}`);
  for (const c of m.components)
    if (typeof c?.dir !== "string" || !/^components\/[A-Za-z0-9_]+\/\d+\.\d+\.\d+$/.test(c.dir))
      throw bad("components", `holds a folder outside components/: ${JSON.stringify(c?.dir)}`);
  return {
    format: "svc-package",
    name: m.name,
    version: m.version,
    description: typeof m.description === "string" ? m.description : "",
    recipes: m.recipes,
    components: m.components,
  };
}

export function readPublishManifest(dir: string): PublishManifest {
  return readJson<PublishManifest>(join(dir, PUBLISH_MANIFEST), "the publish manifest");
}

/** Refuses a bundle holding a symbolic or hard link anywhere: a clear `link-in-bundle` error, not a crash. */
export function assertNoLinks(dir: string, what: string): void {
  try {
    listFiles(dir);
  } catch (err) {
    if (!(err instanceof LinkInArtifactError)) throw err;
    throw new PackageError(
      "link-in-bundle",
      `${what}: ${err.file} is a ${err.kind}; a bundle holds regular files only, so it is refused and nothing was installed. Ask its publisher to publish it again from plain files`,
      { file: err.file, kind: err.kind },
    );
  }
}

/** Everything wrong with a published bundle's files: checksums, the publish manifest's seal, the manifest's files. */
export function verifyBundle(dir: string): ChecksumProblem[] {
  assertNoLinks(dir, dir);
  const problems = verifyChecksums(dir, [PUBLISH_MANIFEST, SIGNATURE_FILE]);
  if (!existsSync(join(dir, PUBLISH_MANIFEST))) {
    problems.push({
      file: PUBLISH_MANIFEST,
      problem: "missing",
      detail: `${PUBLISH_MANIFEST} is missing: the bundle was not published`,
    });
  } else if (existsSync(join(dir, CHECKSUMS_FILE))) {
    const publish = readPublishManifest(dir);
    const manifest = existsSync(join(dir, BUNDLE_MANIFEST)) ? readBundleManifest(dir) : undefined;
    // A signed publish manifest of one package must not vouch for another name or version.
    if (manifest && (publish.name !== manifest.name || publish.version !== manifest.version))
      problems.push({
        file: PUBLISH_MANIFEST,
        problem: "mismatch",
        detail: `${PUBLISH_MANIFEST} was published for ${publish.name} ${publish.version}, not ${manifest.name} ${manifest.version}`,
      });
    const actual = sha256File(join(dir, CHECKSUMS_FILE));
    if (publish.checksums_sha256 !== actual)
      problems.push({
        file: CHECKSUMS_FILE,
        problem: "mismatch",
        detail: `${CHECKSUMS_FILE} is not the one published (expected ${publish.checksums_sha256}, found ${actual})`,
      });
  }
  return problems;
}

export interface PublishedPackage {
  name: string;
  version: string;
  dir: string;
  manifest: BundleManifest;
}

/** Every version of every package in a package folder, newest version last; unreadable ones skipped. */
export function listPublished(packageDir: string): PublishedPackage[] {
  if (!existsSync(packageDir)) return [];
  const out: PublishedPackage[] = [];
  for (const name of readdirSync(packageDir).sort()) {
    if (!PACKAGE_NAME.test(name)) continue;
    const versions = readdirSync(join(packageDir, name))
      .filter((v) => PACKAGE_VERSION.test(v))
      .sort(compareVersions);
    for (const version of versions) {
      const dir = join(packageDir, name, version);
      try {
        out.push({ name, version, dir, manifest: readBundleManifest(dir) });
      } catch {
        // A half-written or foreign folder is not a package.
      }
    }
  }
  return out;
}

/** `name` or `name@version` in a package folder: the version asked for, or the newest. */
export function findPublished(packageDir: string, spec: string): PublishedPackage {
  const [name, version] = spec.split("@") as [string, string | undefined];
  const all = listPublished(packageDir).filter((p) => p.name === name);
  if (all.length === 0)
    throw new PackageError("unknown-package", `no package '${name}' in ${packageDir}`, {
      packages: [...new Set(listPublished(packageDir).map((p) => p.name))],
    });
  const found = version === undefined ? all[all.length - 1]! : all.find((p) => p.version === version);
  if (found === undefined)
    throw new PackageError(
      "unknown-version",
      `package '${name}' has no version ${version}; it has ${all.map((p) => p.version).join(", ")}`,
    );
  return found;
}
