/**
 * Art museum B: The Metropolitan Museum of Art collection API. Keyless, two steps: `search` gives
 * objectIDs, then `objects/{id}` each. `isPublicDomain` true gives PublicDomain (the museum
 * releases these under CC0, noted in rightsNotes), else Unknown. An object that answers 404 is gone.
 */
import { getJson } from "./http.js";
import { artworkDraft } from "./draft.js";
import { SYNC_QUERY, endpoint, tagsOf, yearOf, type LiveSource, type SourceItem } from "./source.js";
import { SourceError } from "../errors.js";

interface MetSearch {
  total: number;
  objectIDs: number[] | null;
}

interface MetObject {
  objectID: number;
  isPublicDomain?: boolean;
  primaryImage?: string;
  primaryImageSmall?: string;
  title?: string;
  artistDisplayName?: string;
  objectDate?: string;
  objectEndDate?: number;
  medium?: string;
  classification?: string;
  objectName?: string;
  culture?: string;
  tags?: Array<{ term: string }> | null;
}

const TITLE = "The Metropolitan Museum of Art";
/** The object's page: built from the id, so a vanished object's card is still found. */
const pageOf = (id: number) => `https://www.metmuseum.org/art/collection/search/${id}`;

export const metMuseum: LiveSource = {
  status: "live",
  name: "met",
  title: TITLE,
  defaultBase: "https://collectionapi.metmuseum.org/public/collection/v1",
  async pull({ base, limit }) {
    const search = await getJson<MetSearch>(
      "met",
      `${endpoint(base, "search")}?hasImages=true&q=${encodeURIComponent(SYNC_QUERY)}`,
    );
    if (!search || !("objectIDs" in search)) throw new SourceError("met", "the search reply has no objectIDs");
    const items: SourceItem[] = [];
    const gone: string[] = [];
    for (const id of (search.objectIDs ?? []).slice(0, limit)) {
      const o = await getJson<MetObject>("met", endpoint(base, `objects/${id}`));
      if (o === undefined) {
        gone.push(pageOf(id));
        continue;
      }
      const pd = o.isPublicDomain === true;
      const draft = artworkDraft({
        title: o.title ?? "",
        artist: o.artistDisplayName ?? "",
        sourceName: TITLE,
        sourceUrl: pageOf(o.objectID),
        license: pd ? "PublicDomain" : "Unknown",
        rightsNotes: pd
          ? "isPublicDomain: true (The Met Open Access, released under CC0)"
          : "isPublicDomain is not true: no license signal",
        year: yearOf(o.objectEndDate, o.objectDate),
        medium: o.medium ?? "",
        tags: tagsOf(
          (o.tags ?? []).map((t) => t.term),
          o.classification,
          o.objectName,
          o.culture,
        ),
        note: [o.objectName, o.culture].filter(Boolean).join(", "),
      });
      const image = o.primaryImageSmall || o.primaryImage;
      items.push({ draft, ...(image ? { imageUrl: image } : {}) });
    }
    return { items, gone, secrets: [] };
  },
};
