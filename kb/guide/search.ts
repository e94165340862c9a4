/**
 * Word search over the guidance content: patterns, techniques, tutorials, cheatsheets, cookbook
 * entries, class references, compatibility entries and experimental series. Every query word must
 * appear somewhere in an entry; title and name hits rank above body hits. Each hit carries the
 * `svc://` URI that reads it in full.
 */
import { words } from "../normalize.js";
import { classReferences, cheatsheets, cookbook, tutorials } from "./docs.js";
import { experimentalSeries } from "./compat.js";
import { patterns, techniques } from "./patterns.js";

export type GuideKind =
  "pattern" | "technique" | "tutorial" | "cheatsheet" | "cookbook" | "class-reference" | "experimental";

export interface GuideHit {
  kind: GuideKind;
  name: string;
  title: string;
  summary: string;
  uri: string;
  score: number;
}

interface GuideDocument {
  kind: GuideKind;
  name: string;
  title: string;
  summary: string;
  uri: string;
  /** Name, title and tags: hits here weigh more. */
  head: string;
  body: string;
}

function documents(): GuideDocument[] {
  return [
    ...patterns().map((p) => ({
      kind: "pattern" as const,
      name: p.name,
      title: p.title,
      summary: p.summary,
      uri: `svc://patterns/${p.name}`,
      head: `${p.name} ${p.title} ${p.category}`,
      body: `${p.summary} ${p.body} ${p.operators.join(" ")}`,
    })),
    ...techniques().map((t) => ({
      kind: "technique" as const,
      name: t.name,
      title: t.title,
      summary: t.summary,
      uri: `svc://glsl/${t.name}`,
      head: `${t.name} ${t.title} ${t.pack} glsl shader`,
      body: `${t.summary} ${t.body}`,
    })),
    ...tutorials().map((t) => ({
      kind: "tutorial" as const,
      name: t.name,
      title: t.title,
      summary: t.summary,
      uri: `svc://tutorials/${t.name}`,
      head: `${t.name} ${t.title} tutorial`,
      body: `${t.summary} ${t.steps.join(" ")}`,
    })),
    ...cheatsheets().map((c) => ({
      kind: "cheatsheet" as const,
      name: c.name,
      title: c.title,
      summary: c.items
        .map((i) => i.term)
        .slice(0, 4)
        .join(", "),
      uri: "svc://cheatsheets",
      head: `${c.name} ${c.title} cheatsheet`,
      body: c.items.map((i) => `${i.term} ${i.text}`).join(" "),
    })),
    ...cookbook().map((e) => ({
      kind: "cookbook" as const,
      name: e.id,
      title: e.en.prompt,
      summary: e.en.notes,
      uri: "svc://cookbook/en",
      head: `${e.id} ${e.en.prompt} ${e.pt.prompt}`,
      body: `${e.en.notes} ${e.pt.notes}`,
    })),
    ...classReferences().map((c) => ({
      kind: "class-reference" as const,
      name: c.name,
      title: c.title,
      summary: c.summary,
      uri: `svc://td-classes/${c.name}`,
      head: `${c.name} ${c.title} python class`,
      body: `${c.summary} ${c.groups.map((g) => `${g.task} ${g.members.join(" ")}`).join(" ")}`,
    })),
    ...experimentalSeries().map((e) => ({
      kind: "experimental" as const,
      name: e.id,
      title: e.title,
      summary: e.known,
      uri: `svc://td-experimental/${e.id}`,
      head: `${e.id} ${e.title} experimental`,
      body: `${e.known} ${e.operators.join(" ")}`,
    })),
  ];
}

/** Accents dropped, so Portuguese words match however they are typed. */
function plain(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "");
}

let cached: { doc: GuideDocument; head: Set<string>; body: Set<string> }[] | undefined;

function indexed() {
  cached ??= documents().map((doc) => ({
    doc,
    head: new Set(words(plain(doc.head))),
    body: new Set(words(plain(`${doc.head} ${doc.body}`))),
  }));
  return cached;
}

function has(set: Set<string>, word: string): boolean {
  if (set.has(word)) return true;
  if (word.length < 4) return false;
  for (const w of set) if (w.startsWith(word)) return true;
  return false;
}

export function searchGuide(query: string, options: { limit?: number; kinds?: readonly GuideKind[] } = {}): GuideHit[] {
  const wanted = words(plain(query));
  if (wanted.length === 0) return [];
  const hits: GuideHit[] = [];
  for (const { doc, head, body } of indexed()) {
    if (options.kinds && !options.kinds.includes(doc.kind)) continue;
    if (!wanted.every((w) => has(body, w))) continue;
    const score = wanted.reduce((s, w) => s + (has(head, w) ? 3 : 1), 0);
    hits.push({ kind: doc.kind, name: doc.name, title: doc.title, summary: doc.summary, uri: doc.uri, score });
  }
  hits.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  return hits.slice(0, options.limit ?? 10);
}
