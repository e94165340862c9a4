/**
 * SHA-256 checksums of the files of an artifact folder: computed, written as a `SHA256SUMS` file in
 * the format `sha256sum` reads (`<hex>  <relative path>`), and verified, so a bundle checked with
 * svc can also be checked with the standard tool.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, lstatSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CodedError } from "./coded-error.js";
import { writeFileAtomicSync } from "../atomic-write.js";

export const CHECKSUMS_FILE = "SHA256SUMS";

export function sha256(data: Uint8Array | string): string {
  return createHash("sha256").update(data).digest("hex");
}

export function sha256File(file: string): string {
  return sha256(readFileSync(file));
}

/** A symbolic or hard link inside an artifact: its files must be its own, never a path to another file. */
export class LinkInArtifactError extends CodedError {
  constructor(
    readonly file: string,
    readonly kind: "symbolic link" | "hard link",
  ) {
    super("link-in-artifact", `${file} is a ${kind}; an artifact holds regular files only`, { file, kind });
  }
}

/** Every regular file under `dir`, relative with '/' separators, sorted; links (symbolic or hard) are refused. */
export function listFiles(dir: string, skip: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at).sort()) {
      const full = join(at, entry);
      const rel = relative(dir, full).split(sep).join("/");
      if (skip.has(rel)) continue;
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) throw new LinkInArtifactError(rel, "symbolic link");
      if (stat.isDirectory()) walk(full);
      else if (stat.isFile()) {
        // A second name of a file elsewhere: changing that file would change the artifact unseen.
        if (stat.nlink > 1) throw new LinkInArtifactError(rel, "hard link");
        out.push(rel);
      }
    }
  };
  walk(dir);
  return out;
}

export interface ChecksumEntry {
  file: string;
  sha256: string;
  bytes: number;
}

/** Checksums every file of `dir` (but the checksums file itself and `skip`) and writes SHA256SUMS. */
export function writeChecksums(dir: string, skip: readonly string[] = []): ChecksumEntry[] {
  const entries = listFiles(dir, new Set([CHECKSUMS_FILE, ...skip])).map((file) => {
    const data = readFileSync(join(dir, file));
    return { file, sha256: sha256(data), bytes: data.length };
  });
  writeFileAtomicSync(join(dir, CHECKSUMS_FILE), entries.map((e) => `${e.sha256}  ${e.file}\n`).join(""));
  return entries;
}

export interface ChecksumProblem {
  file: string;
  problem: "missing" | "mismatch" | "unlisted" | "malformed";
  detail: string;
}

/** Compares `dir` with its SHA256SUMS: every listed file present and equal, nothing unlisted but `skip`. */
export function verifyChecksums(dir: string, skip: readonly string[] = []): ChecksumProblem[] {
  let text: string;
  try {
    text = readFileSync(join(dir, CHECKSUMS_FILE), "utf8");
  } catch {
    return [{ file: CHECKSUMS_FILE, problem: "missing", detail: `${CHECKSUMS_FILE} is missing` }];
  }
  const problems: ChecksumProblem[] = [];
  const listed = new Set<string>();
  for (const [i, line] of text.split("\n").entries()) {
    if (line === "") continue;
    const m = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!m || m[2]!.split("/").includes("..") || m[2]!.startsWith("/")) {
      problems.push({
        file: CHECKSUMS_FILE,
        problem: "malformed",
        detail: `line ${i + 1} is not '<sha256>  <relative path>'`,
      });
      continue;
    }
    const file = m[2]!;
    listed.add(file);
    let actual: string;
    try {
      const stat = lstatSync(join(dir, file));
      if (!stat.isFile()) throw new Error("not a regular file");
      actual = sha256File(join(dir, file));
    } catch {
      problems.push({ file, problem: "missing", detail: `${file} is listed but missing (or not a regular file)` });
      continue;
    }
    if (actual !== m[1])
      problems.push({ file, problem: "mismatch", detail: `${file}: expected ${m[1]}, found ${actual}` });
  }
  for (const file of listFiles(dir, new Set([CHECKSUMS_FILE, ...skip]))) {
    if (!listed.has(file)) problems.push({ file, problem: "unlisted", detail: `${file} is not in ${CHECKSUMS_FILE}` });
  }
  return problems;
}
