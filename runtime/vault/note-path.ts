/**
 * A note's name as callers give it: a relative path inside the vault with '/' between folders.
 * Checked as text before anything touches the disk, so `..`, absolute paths, drive letters,
 * backslashes and hidden folders (.git, .obsidian, svc's own temporary files) are refused with
 * their own code.
 */
import { MAX_NOTE_PATH_CHARS } from "./limits.js";
import { VaultError } from "./vault-error.js";

const NOTE_HELP = "name a note by its path inside the vault, with '/' between folders, e.g. 'shows/tunnel.md'";

/** The path's segments, or a VaultError saying what is wrong with it. `markdown`: it must name a .md note. */
export function noteSegments(path: string, what: "note" | "folder"): string[] {
  if (path.length === 0) throw new VaultError("vault-path-invalid", `the ${what} path is empty`, NOTE_HELP);
  if (path.length > MAX_NOTE_PATH_CHARS) {
    throw new VaultError(
      "vault-path-invalid",
      `the ${what} path is ${path.length} characters, more than ${MAX_NOTE_PATH_CHARS}`,
      "use a shorter name or fewer folders",
    );
  }
  if (/[\u0000-\u001f\u007f]/.test(path))
    throw new VaultError("vault-path-invalid", `the ${what} path holds a control character`, NOTE_HELP);
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path) || path.startsWith("~")) {
    throw new VaultError(
      "vault-path-absolute",
      `'${path}' is an absolute path; notes are named relative to the vault`,
      NOTE_HELP,
    );
  }
  if (path.includes("\\"))
    throw new VaultError("vault-path-invalid", `'${path}' uses '\\'; folders are separated by '/'`, NOTE_HELP);
  const segments = path.split("/");
  if (segments.some((s) => s === ".."))
    throw new VaultError(
      "vault-path-escapes",
      `'${path}' climbs out with '..'; only paths inside the vault are allowed`,
      NOTE_HELP,
    );
  if (segments.some((s) => s === "" || s === "."))
    throw new VaultError("vault-path-invalid", `'${path}' has an empty or '.' segment`, NOTE_HELP);
  if (segments.some((s) => s.startsWith("."))) {
    throw new VaultError(
      "vault-path-hidden",
      `'${path}' names a hidden file or folder; svc leaves those alone`,
      "keep notes in folders whose names do not start with '.'",
    );
  }
  if (what === "note" && !segments[segments.length - 1]!.toLowerCase().endsWith(".md")) {
    throw new VaultError(
      "vault-not-markdown",
      `'${path}' is not a Markdown note (.md)`,
      "vault notes are Markdown files ending in .md",
    );
  }
  return segments;
}
