/** Release profiles (kb/data/releases.json): which docs snapshots and builds the data describes. */
import { publishedProfiles } from "./guide/compat.js";
import { readDataFile } from "./loader.js";
import type { Family } from "./types.js";

export interface ReleaseProfile {
  id: string;
  /** published-build: a build public sources name (kb/guide/data/releases.yaml); its operators are unknown. */
  kind: "docs-snapshot" | "live-dump" | "live-build" | "published-build";
  date: string | null;
  build: string | null;
  families: Family[] | null;
  /** null = not known (nobody has dumped this build yet). */
  operatorTypes: string[] | null;
  operatorTypeCount?: number;
  experimentalTypes: string[] | null;
  /** Whether operatorTypes is the build's complete list; null = unknown. */
  complete: boolean | null;
  notes: string;
  failedToCreate?: string[];
  /** Where a published build's facts come from. */
  sources?: string[];
}

export interface ReleasesFile {
  version: number;
  profiles: ReleaseProfile[];
  specifiedProfiles: { count: number; listed: boolean; notes: string };
}

let releases: ReleasesFile | undefined;

/** The generated profiles, then the published builds of the guide data (7 in all, as the spec counts). */
export function releaseProfiles(): ReleaseProfile[] {
  releases ??= readDataFile<ReleasesFile>("releases.json");
  const known = new Set(releases.profiles.map((p) => p.id));
  const published = publishedProfiles()
    .filter((p) => !known.has(p.id))
    .map((p): ReleaseProfile => ({
      id: p.id,
      kind: p.kind,
      date: p.date,
      build: p.build,
      families: null,
      operatorTypes: null,
      experimentalTypes: null,
      complete: false,
      notes: p.notes,
      sources: p.sources,
    }));
  return [...releases.profiles, ...published];
}

export function getReleaseProfile(id: string): ReleaseProfile | undefined {
  return releaseProfiles().find((p) => p.id === id || p.build === id);
}

/** Does a profile include an operator type? undefined when the profile's list is unknown. */
export function profileHasOperator(id: string, type: string): boolean | undefined {
  const profile = getReleaseProfile(id);
  if (!profile || profile.operatorTypes === null) return undefined;
  if (profile.operatorTypes.includes(type)) return true;
  return profile.complete === true ? false : undefined;
}
