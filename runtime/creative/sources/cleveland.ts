/**
 * Art museum D: the Cleveland Museum of Art Open Access API. Keyless, one list call; the picture is
 * `images.web.url`; `share_license_status` "CC0" gives CC0, anything else Unknown.
 */
import { getJson } from "./http.js";
import { artworkDraft } from "./draft.js";
import { SYNC_QUERY, endpoint, tagsOf, yearOf, type LiveSource } from "./source.js";
import { SourceError } from "../errors.js";

interface ClevelandArtwork {
  id: number;
  accession_number?: string;
  share_license_status?: string;
  url?: string;
  title?: string;
  creation_date?: string;
  creation_date_latest?: number;
  creators?: Array<{ description?: string }>;
  technique?: string;
  type?: string;
  department?: string;
  culture?: string[];
  description?: string | null;
  images?: { web?: { url?: string } } | null;
}

const TITLE = "Cleveland Museum of Art";

export const cleveland: LiveSource = {
  status: "live",
  name: "cleveland",
  title: TITLE,
  defaultBase: "https://openaccess-api.clevelandart.org/api",
  async pull({ base, limit }) {
    const reply = await getJson<{ data?: ClevelandArtwork[] }>(
      "cleveland",
      `${endpoint(base, "artworks/")}?q=${encodeURIComponent(SYNC_QUERY)}&has_image=1&limit=${limit}`,
    );
    if (!reply || !Array.isArray(reply.data)) throw new SourceError("cleveland", "the list reply has no data list");
    const items = reply.data.slice(0, limit).map((a) => {
      const cc0 = a.share_license_status === "CC0";
      const draft = artworkDraft({
        title: a.title ?? "",
        artist: (a.creators ?? [])
          .map((c) => c.description)
          .filter(Boolean)
          .join("; "),
        sourceName: TITLE,
        sourceUrl: a.url ?? `https://clevelandart.org/art/${a.accession_number ?? a.id}`,
        license: cc0 ? "CC0" : "Unknown",
        rightsNotes: `share_license_status: ${a.share_license_status ?? "absent"}`,
        year: yearOf(a.creation_date_latest, a.creation_date),
        medium: a.technique ?? "",
        tags: tagsOf(a.type, a.department, a.culture),
        note: a.description ?? "",
      });
      const image = a.images?.web?.url;
      return { draft, ...(image ? { imageUrl: image } : {}) };
    });
    return { items, gone: [], secrets: [] };
  },
};
