/**
 * A host that reads only inside given folders: what a server offers a client that sends source
 * text (the MCP server), so that `import` and `file()` cannot read the rest of the machine. A path
 * is refused when it lies outside every root or when its real location (links followed) does; the
 * refusal says why and never what the file holds. No roots: nothing is readable. With `extensions`,
 * only files whose name ends in one of them are read (an allow-list of source kinds).
 */
import { realpathSync } from "node:fs";
import { extname, isAbsolute, join, normalize, relative, sep } from "node:path";
import { diskHost, type CompilerHost, type ReadResult } from "./host.js";

function inside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel) && !rel.startsWith(sep));
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

export function confinedHost(
  roots: readonly string[],
  what = "the folders this server may read",
  extensions?: readonly string[],
): CompilerHost {
  const lexical = roots.map((r) => normalize(r));
  const real = lexical.map((r) => realOrUndefined(r) ?? r);
  const refuse = (): ReadResult => ({ ok: false, reason: "unreadable", message: `it is outside ${what}` });
  return {
    readFile(path) {
      if (lexical.length === 0) return refuse();
      const absolute = isAbsolute(path) ? normalize(path) : join(lexical[0]!, path);
      const notSource = (file: string) => extensions !== undefined && !extensions.includes(extname(file).toLowerCase());
      const refuseKind = (): ReadResult => ({
        ok: false,
        reason: "unreadable",
        message: `only source files are read here (${extensions!.join(", ")})`,
      });
      if (notSource(absolute)) return refuseKind();
      if (!lexical.some((r) => inside(absolute, r)) && !real.some((r) => inside(absolute, r))) return refuse();
      const resolved = realOrUndefined(absolute);
      if (resolved === undefined) return { ok: false, reason: "not-found" };
      if (!real.some((r) => inside(resolved, r))) return refuse();
      // A link named like source must lead to source too.
      if (notSource(resolved)) return refuseKind();
      return diskHost.readFile(resolved);
    },
    resolve: diskHost.resolve,
    spec: { kind: "confined", roots: [...roots], what, ...(extensions ? { extensions: [...extensions] } : {}) },
  };
}
