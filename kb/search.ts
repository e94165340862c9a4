/**
 * Ranked fuzzy search: operators by name, label, family or keyword, and "did you mean" for operator
 * and parameter names. Scores are on a 0–120 scale; only their order matters to callers.
 */
import { similarityAtLeast } from "./distance.js";
import { indexEntries } from "./loader.js";
import { FAMILY_PRECEDENCE, getOperator, isFamily } from "./lookup.js";
import { compactKey, words } from "./normalize.js";
import type { Family, IndexEntry, Operator } from "./types.js";

export interface OperatorMatch {
  type: string;
  family: Family;
  label: string;
  score: number;
}

export interface ParamMatch {
  /** Scalar or tuplet Python name. */
  name: string;
  label: string | null;
  score: number;
}

interface Candidate {
  entry: IndexEntry;
  typeKey: string;
  stemKey: string;
  labelKey: string;
  labelWordCount: number;
  words: Set<string>;
}

let candidates: { source: readonly IndexEntry[]; list: Candidate[] } | undefined;

function operatorCandidates(): Candidate[] {
  const entries = indexEntries();
  if (candidates?.source === entries) return candidates.list;
  const list = entries.map((entry) => ({
    entry,
    typeKey: entry.type.toLowerCase(),
    stemKey: compactKey(entry.type.slice(0, entry.type.length - entry.family.length)),
    labelKey: compactKey(entry.label),
    labelWordCount: Math.max(1, words(entry.label).length),
    words: new Set([...words(entry.label), ...entry.keywords]),
  }));
  candidates = { source: entries, list };
  return list;
}

interface Query {
  key: string;
  words: string[];
  family?: Family;
}

/** The readings of a query: as typed, and with a trailing family name ("noise top", "noiseTOP") taken as a filter. */
function readings(text: string): Query[] {
  const all = words(text);
  const out: Query[] = [{ key: all.join(""), words: all }];
  const last = all[all.length - 1]?.toUpperCase();
  if (all.length > 1 && last && isFamily(last)) {
    const rest = all.slice(0, -1);
    out.push({ key: rest.join(""), words: rest, family: last });
  } else if (all.length === 1) {
    for (const f of FAMILY_PRECEDENCE) {
      const key = all[0]!;
      if (key.length > f.length + 1 && key.endsWith(f.toLowerCase())) {
        out.push({ key: key.slice(0, -f.length), words: [key.slice(0, -f.length)], family: f });
      }
    }
  }
  return out.filter((q) => q.key.length > 0);
}

function wordScore(q: Query, c: Candidate): number {
  if (!q.words.length) return 0;
  let total = 0;
  for (const w of q.words) {
    if (c.words.has(w)) {
      total += 1;
      continue;
    }
    let best = 0;
    for (const cw of c.words) {
      if (w.length >= 3 && cw.startsWith(w)) best = Math.max(best, 0.8 * (w.length / cw.length) + 0.1);
      else if (w.length >= 4) best = Math.max(best, similarityAtLeast(w, cw, 0.75) * 0.85);
    }
    total += best;
  }
  return total / q.words.length;
}

function scoreReading(q: Query, c: Candidate): number {
  let s = 0;
  if (q.key === c.labelKey || q.key === c.stemKey || q.key === c.typeKey) s = 100;
  else {
    const fuzzy = Math.max(
      similarityAtLeast(q.key, c.labelKey, 0.7),
      similarityAtLeast(q.key, c.stemKey, 0.7),
      similarityAtLeast(q.key, c.typeKey, 0.7),
    );
    if (fuzzy >= 0.7) s = Math.max(s, 85 * fuzzy);
    if (q.key.length >= 3 && c.labelKey.startsWith(q.key))
      s = Math.max(s, 70 + 20 * (q.key.length / c.labelKey.length));
    else if (q.key.length >= 4 && c.labelKey.includes(q.key))
      s = Math.max(s, 50 + 20 * (q.key.length / c.labelKey.length));
    const ws = wordScore(q, c);
    if (ws > 0) s = Math.max(s, 65 * ws + 10 * Math.min(1, q.words.length / c.labelWordCount));
  }
  if (s === 0) return 0;
  if (q.family) s += q.family === c.entry.family ? 15 : -30;
  return s;
}

function scoreEntry(queries: readonly Query[], c: Candidate): number {
  let best = 0;
  for (const q of queries) best = Math.max(best, scoreReading(q, c));
  if (best <= 0) return 0;
  // Ties go to the operators people use most, then to the usual family order.
  return best + (c.entry.common ? 5 : 0) + (FAMILY_PRECEDENCE.length - FAMILY_PRECEDENCE.indexOf(c.entry.family)) * 0.1;
}

function rank(query: string, minScore: number, family?: Family): OperatorMatch[] {
  const out: OperatorMatch[] = [];
  const queries = readings(query);
  for (const c of operatorCandidates()) {
    if (family && c.entry.family !== family) continue;
    const score = scoreEntry(queries, c);
    if (score >= minScore)
      out.push({ type: c.entry.type, family: c.entry.family, label: c.entry.label, score: round(score) });
  }
  out.sort((a, b) => b.score - a.score || a.type.localeCompare(b.type));
  return out;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

export interface SearchOptions {
  family?: Family;
  /** Default 20. */
  limit?: number;
}

/** Operators matching words of a name, label, family or keyword, best first. */
export function searchOperators(query: string, options: SearchOptions = {}): OperatorMatch[] {
  const family = options.family;
  const text = query.trim();
  if (!text) return [];
  return rank(text, 40, family).slice(0, options.limit ?? 20);
}

/** "Did you mean": the operator types closest to a misspelt name, best first. */
export function closestOperators(name: string, n = 3): OperatorMatch[] {
  const ranked = rank(name, 35).slice(0, n);
  if (ranked.length >= n) return ranked;
  const seen = new Set(ranked.map((m) => m.type));
  return [...ranked, ...stemMatches(name).filter((m) => !seen.has(m.type))].slice(0, n);
}

const FAMILY_SUFFIX = /^(.+?)(TOP|CHOP|SOP|POP|DAT|MAT|COMP)$/;

/**
 * A name with a word too many (`edgedetectTOP`) is far from `edgeTOP` by spelling: types of the
 * same family whose name starts the written one (or that start with it) are likely meant, longest first.
 */
function stemMatches(name: string): OperatorMatch[] {
  const written = FAMILY_SUFFIX.exec(name);
  if (written === null) return [];
  const stem = written[1]!.toLowerCase();
  const out: { match: OperatorMatch; length: number }[] = [];
  for (const c of operatorCandidates()) {
    const own = FAMILY_SUFFIX.exec(c.entry.type);
    if (own === null || own[2] !== written[2]) continue;
    const candidate = own[1]!.toLowerCase();
    if (candidate.length < 3 || candidate === stem) continue;
    if (!stem.startsWith(candidate) && !(stem.length >= 4 && candidate.startsWith(stem))) continue;
    const match = { type: c.entry.type, family: c.entry.family, label: c.entry.label, score: 35 };
    out.push({ match, length: candidate.length });
  }
  out.sort((a, b) => b.length - a.length || a.match.type.localeCompare(b.match.type));
  return out.map((o) => o.match);
}

/** "Did you mean": the parameter names (scalar or tuplet) of an operator closest to `name`, best first. */
export function closestParameters(op: Operator | string, name: string, n = 3): ParamMatch[] {
  const operator = typeof op === "string" ? getOperator(op) : op;
  if (!operator) return [];
  const key = compactKey(name);
  const lower = name.toLowerCase();
  const scored = new Map<string, ParamMatch>();
  const consider = (candidate: string, label: string | null, score: number) => {
    const prior = scored.get(candidate);
    if (score > 0 && (!prior || prior.score < score))
      scored.set(candidate, { name: candidate, label, score: round(score) });
  };
  for (const p of operator.params) {
    const names = p.components ? [p.name, ...p.components] : [p.name];
    for (const candidate of names) {
      const cl = candidate.toLowerCase();
      if (cl === lower) consider(candidate, p.label, 100);
      else {
        const sim = similarityAtLeast(lower, cl, 0.5);
        if (sim > 0) consider(candidate, p.label, 85 * sim);
        if (lower.length >= 3 && cl.startsWith(lower))
          consider(candidate, p.label, 60 + 20 * (lower.length / cl.length));
      }
    }
    if (p.label && key.length >= 3) {
      const lk = compactKey(p.label);
      if (lk === key) consider(p.name, p.label, 90);
      else if (lk.startsWith(key)) consider(p.name, p.label, 55 + 20 * (key.length / lk.length));
      else consider(p.name, p.label, 70 * similarityAtLeast(key, lk, 0.75));
    }
  }
  return [...scored.values()]
    .filter((m) => m.score >= 40)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, n);
}
