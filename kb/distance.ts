/** Similarity scores for ranked search, on the one edit distance of svc (diagnostics/edit-distance.ts). */
import { editDistance } from "../diagnostics/edit-distance.js";

/** 1 for equal strings, falling towards 0 as they differ; relative to the longer one. */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

/** similarity(a, b) when it can reach `threshold`, else 0; skips the edit distance when lengths alone rule it out. */
export function similarityAtLeast(a: string, b: string, threshold: number): number {
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  if (1 - Math.abs(a.length - b.length) / longest < threshold) return 0;
  const s = similarity(a, b);
  return s >= threshold ? s : 0;
}
