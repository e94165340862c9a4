/**
 * A note's YAML front matter (between '---' lines at its top), read and edited with the `yaml`
 * package's document model so the artist's comments, order and quoting survive an edit. The key
 * `nodes` lists the TouchDesigner operators the note is about.
 */
import { isMap, parseDocument, type Document } from "yaml";
import { VaultError } from "./vault-error.js";

export interface SplitNote {
  /** The YAML between the fences, or undefined when the note has no front matter. */
  yaml?: string;
  /** Everything after the closing fence (the whole note without front matter). */
  body: string;
  /** 1-based line of the first body line. */
  bodyLine: number;
}

const OPEN = /^---[ \t]*\r?\n/;
const CLOSE = /^(---|\.\.\.)[ \t]*$/;

export function splitFrontMatter(text: string): SplitNote {
  const open = OPEN.exec(text);
  if (!open) return { body: text, bodyLine: 1 };
  const lines = text.slice(open[0].length).split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (CLOSE.test(lines[i]!.replace(/\r$/, ""))) {
      return { yaml: lines.slice(0, i).join("\n"), body: lines.slice(i + 1).join("\n"), bodyLine: i + 3 };
    }
  }
  // An opening fence with no closing one is not front matter (CommonMark reads it as a rule).
  return { body: text, bodyLine: 1 };
}

function parsed(path: string, yaml: string): Document {
  const doc = parseDocument(yaml);
  const error = doc.errors[0];
  if (error) {
    // The YAML starts on the note's line 2.
    const line = (error.linePos?.[0]?.line ?? 1) + 1;
    throw new VaultError(
      "vault-front-matter-invalid",
      `the front matter of '${path}' is not valid YAML at line ${line}: ${error.message.split("\n")[0]}`,
      "fix the YAML between the '---' lines",
      { path, line },
    );
  }
  if (doc.contents !== null && !isMap(doc.contents)) {
    throw new VaultError(
      "vault-front-matter-invalid",
      `the front matter of '${path}' is not a mapping of keys to values`,
      "write front matter as 'key: value' lines",
      { path, line: 2 },
    );
  }
  return doc;
}

/** The front matter as plain data ({} when there is none). */
export function frontMatterData(path: string, text: string): Record<string, unknown> {
  const { yaml } = splitFrontMatter(text);
  if (yaml === undefined) return {};
  return (parsed(path, yaml).toJS() as Record<string, unknown> | null) ?? {};
}

/** The node paths the note's `nodes` key names (a string or a list of strings). */
export function linkedNodes(path: string, text: string): string[] {
  const nodes = frontMatterData(path, text).nodes;
  if (typeof nodes === "string") return [nodes];
  if (Array.isArray(nodes)) return nodes.filter((n): n is string => typeof n === "string");
  return [];
}

/**
 * The note with `node` added to (or, `remove`, taken out of) its front matter's `nodes` list; front
 * matter is added when the note has none. Unchanged text when there is nothing to do.
 */
export function withLinkedNode(path: string, text: string, node: string, remove = false): string {
  const split = splitFrontMatter(text);
  const doc = parsed(path, split.yaml ?? "");
  const current = linkedNodes(path, text);
  const next = remove ? current.filter((n) => n !== node) : current.includes(node) ? current : [...current, node];
  if (next.length === current.length && next.every((n, i) => n === current[i])) return text;
  if (next.length === 0) doc.delete("nodes");
  else doc.set("nodes", doc.createNode(next));
  const body = split.yaml === undefined ? text : split.body;
  // Front matter that held nothing but the links goes with the last one.
  if (isMap(doc.contents) && doc.contents.items.length === 0 && doc.commentBefore == null && doc.comment == null)
    return body;
  return `---\n${doc.toString({ lineWidth: 0 })}---\n${body}`;
}
