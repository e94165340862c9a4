/**
 * The media commons: Wikimedia Commons' action API. Keyless: a category-members generator over
 * the CC-Zero category with image info (URL and extmetadata) in the same reply. The extmetadata
 * `License` code is classified (cc0, pd/public, cc-by-sa*, cc-by*, else Unknown).
 */
import { classifyCommonsLicense } from "../license.js";
import { getJson } from "./http.js";
import { artworkDraft } from "./draft.js";
import { plainText, tagsOf, yearOf, type LiveSource } from "./source.js";
import { SourceError } from "../errors.js";

interface Meta {
  value?: string;
}

interface CommonsPage {
  pageid: number;
  title: string;
  missing?: boolean;
  imageinfo?: Array<{
    url?: string;
    thumburl?: string;
    descriptionurl?: string;
    mime?: string;
    extmetadata?: Record<string, Meta | undefined>;
  }>;
}

interface CommonsQuery {
  query?: { pages?: CommonsPage[] };
}

const TITLE = "Wikimedia Commons";
const COMMONS_CATEGORY = "Category:CC-Zero";

export const wikimediaCommons: LiveSource = {
  status: "live",
  name: "commons",
  title: TITLE,
  defaultBase: "https://commons.wikimedia.org/w/api.php",
  async pull({ base, limit }) {
    const params = new URLSearchParams({
      action: "query",
      format: "json",
      formatversion: "2",
      generator: "categorymembers",
      gcmtitle: COMMONS_CATEGORY,
      gcmtype: "file",
      gcmlimit: String(limit),
      prop: "imageinfo",
      iiprop: "url|mime|extmetadata",
      iiurlwidth: "1024",
      iiextmetadatafilter: "License|LicenseShortName|Artist|ImageDescription|DateTimeOriginal|Categories",
    });
    const reply = await getJson<CommonsQuery>("commons", `${base.replace(/\/+$/, "")}?${params}`);
    if (!reply?.query || !Array.isArray(reply.query.pages))
      throw new SourceError("commons", "the query reply has no query.pages");
    const items = reply.query.pages
      .filter((p) => !p.missing)
      .slice(0, limit)
      .map((p) => {
        const info = p.imageinfo?.[0];
        const meta = info?.extmetadata ?? {};
        const code = meta.License?.value;
        const short = meta.LicenseShortName?.value;
        const draft = artworkDraft({
          title: p.title.replace(/^File:/, "").replace(/\.[a-z0-9]+$/i, ""),
          artist: plainText(meta.Artist?.value, 200),
          sourceName: TITLE,
          sourceUrl: info?.descriptionurl ?? `https://commons.wikimedia.org/?curid=${p.pageid}`,
          license: classifyCommonsLicense(code),
          rightsNotes: `extmetadata License: ${code ?? "absent"}${short ? ` (${short})` : ""}`,
          year: yearOf(plainText(meta.DateTimeOriginal?.value)),
          medium: info?.mime ?? "",
          tags: tagsOf(plainText(meta.Categories?.value).split("|")),
          note: plainText(meta.ImageDescription?.value),
        });
        const image = info?.thumburl ?? info?.url;
        return { draft, ...(image ? { imageUrl: image } : {}) };
      });
    return { items, gone: [], secrets: [] };
  },
};
