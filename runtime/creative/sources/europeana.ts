/**
 * The aggregator of European collections: Europeana's Search API. Needs a key in
 * SVC_RAG_EUROPEANA_KEY (read here, never persisted or printed). Each item's `rights[0]` URI goes
 * through the rights URI classifier; the record's `guid` is its page, and the key Europeana echoes
 * into it as a query parameter is stripped before it becomes the sourceUrl and the id.
 */
import { classifyRightsUri } from "../license.js";
import { getJson } from "./http.js";
import { artworkDraft } from "./draft.js";
import { SYNC_QUERY, endpoint, plainText, tagsOf, yearOf, type LiveSource } from "./source.js";
import { SourceError } from "../errors.js";

interface EuropeanaItem {
  id: string;
  guid?: string;
  link?: string;
  title?: string[];
  dcCreator?: string[];
  dcDescription?: string[];
  rights?: string[];
  edmIsShownBy?: string[];
  edmPreview?: string[];
  year?: string[];
  type?: string;
  dataProvider?: string[];
  dcTypeLangAware?: Record<string, string[]>;
}

interface EuropeanaSearch {
  success?: boolean;
  error?: string;
  items?: EuropeanaItem[];
}

const TITLE = "Europeana";

export const europeana: LiveSource = {
  status: "live",
  name: "europeana",
  title: TITLE,
  defaultBase: "https://api.europeana.eu",
  keyVariable: "SVC_RAG_EUROPEANA_KEY",
  async pull({ base, limit }, key) {
    const secrets = key ? [key] : [];
    const url = `${endpoint(base, "record/v2/search.json")}?wskey=${encodeURIComponent(key ?? "")}&query=${encodeURIComponent(SYNC_QUERY)}&media=true&rows=${limit}`;
    const reply = await getJson<EuropeanaSearch>("europeana", url, secrets);
    if (!reply || reply.success !== true || !Array.isArray(reply.items))
      throw new SourceError("europeana", `the search did not succeed${reply?.error ? `: ${reply.error}` : ""}`);
    const items = reply.items.slice(0, limit).map((item) => {
      const rights = item.rights?.[0];
      const draft = artworkDraft({
        title: item.title?.[0] ?? "",
        artist: (item.dcCreator ?? []).join("; "),
        sourceName: TITLE,
        sourceUrl: item.guid ?? `https://www.europeana.eu/item${item.id}`,
        license: classifyRightsUri(rights),
        rightsNotes: `rights[0]: ${rights ?? "absent"}${item.dataProvider?.[0] ? ` (${item.dataProvider[0]})` : ""}`,
        year: yearOf(...(item.year ?? [])),
        medium: item.type ?? "",
        tags: tagsOf(Object.values(item.dcTypeLangAware ?? {}).flat()),
        note: plainText((item.dcDescription ?? []).join(" ")),
      });
      const image = item.edmIsShownBy?.[0] ?? item.edmPreview?.[0];
      return { draft, ...(image ? { imageUrl: image } : {}) };
    });
    return { items, gone: [], secrets };
  },
};
