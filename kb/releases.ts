/** Release profiles (kb/data/releases.json): which docs snapshots and builds the data describes. */
import { readDataFile } from "./loader.js";
import type { Family } from "./types.js";

export interface ReleaseProfile {
  id: string;
  kind: "docs-snapshot" | "live-dump" | "live-build";
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
}

export interface ReleasesFile {
  version: number;
  profiles: ReleaseProfile[];
  specifiedProfiles: { count: number; listed: boolean; notes: string };
}

let releases: ReleasesFile | undefined;

export function releaseProfiles(): ReleaseProfile[] {
  releases ??= readDataFile<ReleasesFile>("releases.json");
  return releases.profiles;
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
