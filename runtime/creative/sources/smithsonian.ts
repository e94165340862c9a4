/**
 * The national open-access archive: the Smithsonian Open Access API. Needs an api.data.gov key in
 * SVC_RAG_SMITHSONIAN_KEY (read here, never persisted or printed). The first media item's
 * `usage.access` "CC0" gives CC0, anything else Unknown.
 */
import { getJson } from "./http.js";
import { artworkDraft } from "./draft.js";
import { SYNC_QUERY, endpoint, plainText, tagsOf, yearOf, type LiveSource } from "./source.js";
import { SourceError } from "../errors.js";

interface Labelled {
  label?: string;
  content?: string;
}

interface SmithsonianRow {
  id: string;
  title?: string;
  unitCode?: string;
  content?: {
    descriptiveNonRepeating?: {
      record_link?: string;
      guid?: string;
      data_source?: string;
      title?: Labelled;
      online_media?: {
        mediaCount?: number;
        media?: Array<{ type?: string; content?: string; thumbnail?: string; usage?: { access?: string } }>;
      };
    };
    indexedStructured?: { date?: string[]; object_type?: string[]; topic?: string[] };
    freetext?: { name?: Labelled[]; date?: Labelled[]; physicalDescription?: Labelled[]; notes?: Labelled[] };
  };
}

interface SmithsonianSearch {
  status?: number;
  response?: { rows?: SmithsonianRow[]; rowCount?: number };
}

const TITLE = "Smithsonian Open Access";

export const smithsonian: LiveSource = {
  status: "live",
  name: "smithsonian",
  title: TITLE,
  defaultBase: "https://api.si.edu/openaccess/api/v1.0",
  keyVariable: "SVC_RAG_SMITHSONIAN_KEY",
  async pull({ base, limit }, key) {
    const secrets = key ? [key] : [];
    const q = `${SYNC_QUERY} AND online_media_type:Images`;
    const reply = await getJson<SmithsonianSearch>(
      "smithsonian",
      `${endpoint(base, "search")}?q=${encodeURIComponent(q)}&rows=${limit}&api_key=${encodeURIComponent(key ?? "")}`,
      secrets,
    );
    if (!reply || !Array.isArray(reply.response?.rows))
      throw new SourceError("smithsonian", "the search reply has no response.rows");
    const items = reply.response.rows.slice(0, limit).map((row) => {
      const d = row.content?.descriptiveNonRepeating;
      const free = row.content?.freetext;
      const media = d?.online_media?.media?.[0];
      const access = media?.usage?.access;
      const cc0 = access === "CC0";
      const draft = artworkDraft({
        title: d?.title?.content ?? row.title ?? "",
        artist: (free?.name ?? [])
          .map((n) => n.content)
          .filter(Boolean)
          .join("; "),
        sourceName: TITLE,
        sourceUrl:
          d?.guid ?? d?.record_link ?? `https://collections.si.edu/search/detail/${encodeURIComponent(row.id)}`,
        license: cc0 ? "CC0" : "Unknown",
        rightsNotes: `media.usage.access: ${access ?? "absent"}${d?.data_source ? ` (${d.data_source})` : ""}`,
        year: yearOf(...(free?.date ?? []).map((x) => x.content), ...(row.content?.indexedStructured?.date ?? [])),
        medium: (free?.physicalDescription ?? []).find((p) => /medium/i.test(p.label ?? ""))?.content ?? "",
        tags: tagsOf(row.content?.indexedStructured?.object_type, row.content?.indexedStructured?.topic),
        note: plainText((free?.notes ?? []).map((n) => n.content).join(" ")),
      });
      return { draft, ...(media?.content ? { imageUrl: media.content } : {}) };
    });
    return { items, gone: [], secrets };
  },
};
