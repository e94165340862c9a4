/** Builds an artwork card draft from the fields a source mapped, filling the rest the same way for every source. */
import { affordancesFor } from "../affordances.js";
import type { CardDraft } from "../card.js";
import type { License } from "../license.js";

export interface ArtworkFields {
  title: string;
  artist?: string;
  sourceName: string;
  sourceUrl: string;
  license: License;
  /** What the source's signal said, so a reader can check the license decision. */
  rightsNotes: string;
  year?: number | undefined;
  medium?: string;
  materials?: string;
  tags?: string[];
  palette?: string[];
  /** A sentence or two about the work, from the source. */
  note?: string;
}

export function artworkDraft(f: ArtworkFields): CardDraft {
  const tags = f.tags ?? [];
  const words = [f.title, f.medium ?? "", f.materials ?? "", tags.join(" "), f.note ?? ""].join(" ");
  return {
    type: "artwork",
    title: f.title.trim() || "Untitled",
    artist: f.artist?.trim() ?? "",
    sourceName: f.sourceName,
    sourceUrl: f.sourceUrl,
    license: f.license,
    rightsNotes: f.rightsNotes,
    ...(f.year === undefined ? {} : { year: f.year }),
    medium: f.medium?.trim() ?? "",
    materials: f.materials?.trim() ?? "",
    visualLanguage: "",
    motionLanguage: "",
    tools: f.medium?.trim() ? [f.medium.trim()] : [],
    tags,
    interaction: null,
    lighting: null,
    palette: f.palette ?? [],
    svcAffordances: affordancesFor(words),
    body: f.note?.trim() ?? "",
  };
}
