/**
 * Art museum A: the Art Institute of Chicago API. Keyless search; `is_public_domain` true gives
 * PublicDomain, anything else Unknown; the image URL is the IIIF base the reply's `config` names
 * plus the item's `image_id`; its dominant `color` (HSL) becomes the palette.
 */
import { hslToHex } from "../affordances.js";
import { getJson } from "./http.js";
import { artworkDraft } from "./draft.js";
import { SYNC_QUERY, endpoint, tagsOf, yearOf, type LiveSource, type SourceItem } from "./source.js";
import { SourceError } from "../errors.js";

interface ArticArtwork {
  id: number;
  title?: string;
  artist_title?: string | null;
  artist_display?: string | null;
  date_end?: number | null;
  date_display?: string | null;
  medium_display?: string | null;
  is_public_domain?: boolean;
  image_id?: string | null;
  color?: { h: number; l: number; s: number } | null;
  term_titles?: string[];
  style_titles?: string[];
  classification_titles?: string[];
  short_description?: string | null;
}

interface ArticSearch {
  data: ArticArtwork[];
  config?: { iiif_url?: string; website_url?: string };
}

const FIELDS =
  "id,title,artist_title,artist_display,date_end,date_display,medium_display,is_public_domain,image_id,color,term_titles,style_titles,classification_titles,short_description";
const TITLE = "Art Institute of Chicago";

export const artInstitute: LiveSource = {
  status: "live",
  name: "artic",
  title: TITLE,
  defaultBase: "https://api.artic.edu/api/v1",
  async pull({ base, limit }) {
    const url = `${endpoint(base, "artworks/search")}?q=${encodeURIComponent(SYNC_QUERY)}&limit=${limit}&fields=${FIELDS}`;
    const reply = await getJson<ArticSearch>("artic", url);
    if (!reply || !Array.isArray(reply.data)) throw new SourceError("artic", "the search reply has no data list");
    const iiif = reply.config?.iiif_url?.replace(/\/+$/, "");
    const site = (reply.config?.website_url ?? "https://www.artic.edu").replace(/\/+$/, "");
    const items: SourceItem[] = reply.data.slice(0, limit).map((a) => {
      const pd = a.is_public_domain === true;
      const draft = artworkDraft({
        title: a.title ?? "",
        artist: a.artist_title ?? a.artist_display ?? "",
        sourceName: TITLE,
        sourceUrl: `${site}/artworks/${a.id}`,
        license: pd ? "PublicDomain" : "Unknown",
        rightsNotes: pd
          ? "is_public_domain: true (Art Institute of Chicago API)"
          : "is_public_domain is not true: no license signal",
        year: yearOf(a.date_end, a.date_display),
        medium: a.medium_display ?? "",
        tags: tagsOf(a.classification_titles, a.style_titles, a.term_titles),
        palette: a.color ? [hslToHex(a.color.h, a.color.s, a.color.l)] : [],
        note: a.short_description ?? "",
      });
      return { draft, ...(iiif && a.image_id ? { imageUrl: `${iiif}/${a.image_id}/full/843,/0/default.jpg` } : {}) };
    });
    return { items, gone: [], secrets: [] };
  },
};
