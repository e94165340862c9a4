/**
 * One guide found by the name `svc kb search` lists for it, and its text as a person reads it in a
 * terminal (the MCP resources give the same entries as JSON). A name may be written bare
 * (`feedback-basics`), with its kind (`tutorial feedback-basics`) or as the `svc://` URI of the entry.
 */
import { editDistanceIgnoringCase } from "../../diagnostics/edit-distance.js";
import { experimentalSeries } from "./compat.js";
import { cheatsheets, classReferences, cookbook, tutorials } from "./docs.js";
import { patterns, techniques } from "./patterns.js";
import type { GuideKind } from "./search.js";

export interface GuideEntry {
  kind: GuideKind;
  name: string;
  title: string;
  uri: string;
  /** The entry as readable text, ending with a newline. */
  text: string;
}

/** Kinds in the order a bare name is looked up: a tutorial first, as `kb search` lists guides for learners. */
export const GUIDE_KINDS: readonly GuideKind[] = [
  "tutorial",
  "pattern",
  "technique",
  "cheatsheet",
  "cookbook",
  "class-reference",
  "experimental",
];

/** The URI folder of each kind, as `kb search` prints it. */
const URI_FOLDER: Record<GuideKind, string> = {
  tutorial: "tutorials",
  pattern: "patterns",
  technique: "glsl",
  cheatsheet: "cheatsheets",
  cookbook: "cookbook",
  "class-reference": "td-classes",
  experimental: "td-experimental",
};

const see = (kind: string, names: readonly string[]) =>
  names.length ? [`${kind}: ${names.map((n) => `svc guide ${n}`).join(", ")}`] : [];

function lines(...parts: (string | string[] | false | undefined)[]): string {
  return (
    parts
      .flat()
      .filter((p): p is string => typeof p === "string")
      .join("\n") + "\n"
  );
}

/** Every guide entry with its text. Built on each call: `svc guide` reads one entry once. */
export function guideEntries(): GuideEntry[] {
  const entries: GuideEntry[] = [];
  const add = (kind: GuideKind, name: string, title: string, text: string, uriName: string | null = name) =>
    entries.push({
      kind,
      name,
      title,
      uri: uriName === null ? `svc://${URI_FOLDER[kind]}` : `svc://${URI_FOLDER[kind]}/${uriName}`,
      text,
    });
  for (const t of tutorials())
    add(
      "tutorial",
      t.name,
      t.title,
      lines(
        `${t.title} (tutorial, ${t.level})`,
        "",
        t.summary,
        "",
        t.steps.map((s, i) => `${i + 1}. ${s}`),
        "",
        see("patterns", t.patterns),
        see("shaders", t.techniques),
        t.recipes.length ? `recipes: ${t.recipes.map((r) => `svc recipes show ${r}`).join(", ")}` : undefined,
      ),
    );
  for (const p of patterns())
    add(
      "pattern",
      p.name,
      p.title,
      lines(
        `${p.title} (pattern, ${p.category})`,
        "",
        p.summary,
        "",
        p.body,
        "",
        `operators: ${p.operators.join(", ")}`,
        "",
        "as .svcnet:",
        p.svcnet.trimEnd(),
      ),
    );
  for (const t of techniques())
    add(
      "technique",
      t.name,
      t.title,
      lines(`${t.title} (GLSL technique)`, "", t.summary, "", t.body, "", "pixel shader:", t.glsl.trimEnd()),
    );
  for (const c of cheatsheets())
    add(
      "cheatsheet",
      c.name,
      c.title,
      lines(
        `${c.title} (cheatsheet)`,
        "",
        c.items.map((i) => `${i.term}: ${i.text}`),
      ),
      null,
    );
  for (const e of cookbook())
    add(
      "cookbook",
      e.id,
      e.en.prompt,
      lines(
        `${e.en.prompt} (cookbook)`,
        "",
        e.en.notes,
        "",
        see("patterns", e.uses.patterns),
        see("shaders", e.uses.techniques),
        e.uses.recipes.length ? `recipes: ${e.uses.recipes.map((r) => `svc recipes show ${r}`).join(", ")}` : undefined,
      ),
      "en",
    );
  for (const c of classReferences())
    add(
      "class-reference",
      c.name,
      c.title,
      lines(
        `${c.title} (Python class reference)`,
        "",
        c.summary,
        "",
        c.groups.map((g) => `${g.task}: ${g.members.join(", ")}${g.note ? ` (${g.note})` : ""}`),
      ),
    );
  for (const e of experimentalSeries())
    add(
      "experimental",
      e.id,
      e.title,
      lines(
        `${e.title} (experimental ${e.kind})`,
        "",
        e.known,
        e.operators.length ? ["", `operators: ${e.operators.join(", ")}`] : undefined,
      ),
    );
  return entries;
}

export type GuideLookup =
  { found: GuideEntry; others: GuideEntry[] } | { found: undefined; near: GuideEntry[]; badKind?: string };

/** The entry a name means (see the file comment); `kind` narrows a name that several kinds share. */
export function findGuide(written: string, kind?: string): GuideLookup {
  let name = written.trim();
  let wantKind = kind;
  const uri = /^svc:\/\/([^/]+)\/?(.*)$/.exec(name);
  if (uri) {
    const folder = uri[1]!;
    wantKind = (Object.keys(URI_FOLDER) as GuideKind[]).find((k) => URI_FOLDER[k] === folder) ?? folder;
    name = uri[2] ?? "";
  } else {
    const spaced = /^(\S+)\s+(\S+)$/.exec(name);
    if (spaced && GUIDE_KINDS.includes(spaced[1] as GuideKind)) {
      wantKind = spaced[1];
      name = spaced[2]!;
    }
  }
  if (wantKind !== undefined && !GUIDE_KINDS.includes(wantKind as GuideKind))
    return { found: undefined, near: [], badKind: wantKind };
  const all = guideEntries().filter((e) => wantKind === undefined || e.kind === wantKind);
  const key = name.toLowerCase();
  const matches = all
    .filter((e) => e.name.toLowerCase() === key)
    .sort((a, b) => GUIDE_KINDS.indexOf(a.kind) - GUIDE_KINDS.indexOf(b.kind));
  if (matches.length > 0) return { found: matches[0]!, others: matches.slice(1) };
  const near = all
    .map((e) => ({ e, d: editDistanceIgnoringCase(e.name, name) }))
    .filter(({ e, d }) => d <= Math.max(2, Math.floor(name.length / 3)) || e.name.includes(key))
    .sort((a, b) => a.d - b.d || a.e.name.localeCompare(b.e.name))
    .slice(0, 5)
    .map(({ e }) => e);
  return { found: undefined, near };
}
