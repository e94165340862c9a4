/**
 * Every source the repertoire knows: seven wired into sync (spec 4.6), six planned and never
 * synced, each with the reason it is not wired.
 */
import { CreativeConfigError } from "../errors.js";
import { artInstitute } from "./art-institute.js";
import { cleveland } from "./cleveland.js";
import { europeana } from "./europeana.js";
import { metMuseum } from "./met-museum.js";
import { rijksmuseum } from "./rijksmuseum.js";
import { smithsonian } from "./smithsonian.js";
import { wikimediaCommons } from "./wikimedia-commons.js";
import type { CreativeSource, LiveSource, PlannedSource } from "./source.js";

export const LIVE_SOURCES: readonly LiveSource[] = [
  artInstitute,
  metMuseum,
  rijksmuseum,
  cleveland,
  smithsonian,
  wikimediaCommons,
  europeana,
];

export const PLANNED_SOURCES: readonly PlannedSource[] = [
  { status: "planned", name: "harvard", title: "Harvard Art Museums", reason: "museum API that needs a key" },
  { status: "planned", name: "cooper-hewitt", title: "Cooper Hewitt", reason: "museum API that needs a key" },
  {
    status: "planned",
    name: "internet-archive",
    title: "Internet Archive",
    reason: "archive whose licensing is unclear item by item",
  },
  { status: "planned", name: "wikiart", title: "WikiArt", reason: "art site without an open API" },
  {
    status: "planned",
    name: "portfolio-video",
    title: "Behance and Vimeo",
    reason: "portfolio and video sites with no open license",
  },
  { status: "planned", name: "shadertoy", title: "Shadertoy", reason: "shader site whose licensing is per shader" },
];

export const ALL_SOURCES: readonly CreativeSource[] = [...LIVE_SOURCES, ...PLANNED_SOURCES];

/** The live sources `names` picks (all when empty); a planned or unknown name is a clear error. */
export function pickSources(names: readonly string[]): LiveSource[] {
  if (names.length === 0) return [...LIVE_SOURCES];
  return [...new Set(names)].map((name) => {
    const source = ALL_SOURCES.find((s) => s.name === name);
    if (!source)
      throw new CreativeConfigError(`no source '${name}'; sources: ${LIVE_SOURCES.map((s) => s.name).join(", ")}`);
    if (source.status === "planned")
      throw new CreativeConfigError(
        `source '${name}' (${source.title}) is planned, not wired into sync: ${source.reason}`,
      );
    return source;
  });
}

/**
 * Base URLs from SVC_RAG_SOURCE_URLS ("met=https://mirror.example/v1,artic=..."), each source's
 * own host otherwise. Lets a mirror, or a recorded replay in tests, stand in for a host.
 */
export function sourceBases(env: NodeJS.ProcessEnv): Map<string, string> {
  const bases = new Map(LIVE_SOURCES.map((s) => [s.name, s.defaultBase]));
  for (const pair of (env.SVC_RAG_SOURCE_URLS ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const url = pair.slice(eq + 1).trim();
    if (eq < 1 || !bases.has(name) || !/^https?:\/\//.test(url))
      throw new CreativeConfigError(`SVC_RAG_SOURCE_URLS: '${pair}' is not <source>=<http(s) URL> of a live source`);
    bases.set(name, url.replace(/\/+$/, ""));
  }
  return bases;
}
