/**
 * Art museum C: the Rijksmuseum's Linked Art APIs. Keyless, two steps: the search API gives an
 * OrderedCollectionPage of object ids, and each id is resolved as linked-art JSON. The picture is
 * followed through `shows` → VisualItem → `digitally_shown_by` → DigitalObject → `access_point`; the
 * rights statement (`subject_to` → Right → `classified_as`, on the DigitalObject or the object)
 * goes through the rights URI classifier: CC0, PublicDomain or Unknown.
 */
import { classifyRightsUri, type License } from "../license.js";
import { getJson } from "./http.js";
import { artworkDraft } from "./draft.js";
import { SYNC_QUERY, endpoint, tagsOf, yearOf, type LiveSource, type SourceItem } from "./source.js";
import { SourceError } from "../errors.js";

interface Ref {
  id?: string;
  type?: string;
  _label?: string;
  content?: string;
  classified_as?: Ref[];
}

interface LinkedArt extends Ref {
  identified_by?: Ref[];
  referred_to_by?: Ref[];
  produced_by?: {
    carried_out_by?: Ref[];
    part?: Array<{ carried_out_by?: Ref[] }>;
    timespan?: { begin_of_the_begin?: string; end_of_the_end?: string };
  };
  made_of?: Ref[];
  shows?: Ref[];
  digitally_shown_by?: Ref[];
  access_point?: Ref[];
  subject_to?: Ref[];
}

interface SearchPage {
  type?: string;
  orderedItems?: Ref[];
}

const TITLE = "Rijksmuseum";
const LINKED_ART = 'application/ld+json;profile="https://linked.art/ns/v1/linked-art.json"';

const resolve = (id: string) => getJson<LinkedArt>("rijks", id, [], LINKED_ART);

function rightsOf(node: LinkedArt | undefined): string | undefined {
  for (const right of node?.subject_to ?? []) {
    const uri = right.classified_as?.find((c) => typeof c.id === "string")?.id;
    if (uri) return uri;
  }
  return undefined;
}

function nameOf(o: LinkedArt): string {
  const names = (o.identified_by ?? []).filter((i) => i.type === "Name" && i.content);
  return names[0]?.content ?? o._label ?? "";
}

function makerOf(o: LinkedArt): string {
  const people = [
    ...(o.produced_by?.carried_out_by ?? []),
    ...(o.produced_by?.part ?? []).flatMap((p) => p.carried_out_by ?? []),
  ];
  return people
    .map((p) => p._label)
    .filter(Boolean)
    .join(", ");
}

/** The picture and the rights statement of a linked-art object, following its VisualItem. */
async function pictureOf(o: LinkedArt): Promise<{ imageUrl?: string; rights?: string }> {
  for (const shown of o.shows ?? []) {
    if (!shown.id) continue;
    const visual = await resolve(shown.id);
    for (const digital of visual?.digitally_shown_by ?? []) {
      if (!digital.id) continue;
      const embedded = digital as LinkedArt;
      const object = embedded.access_point ? embedded : await resolve(digital.id);
      const imageUrl = object?.access_point?.find((a) => a.id)?.id;
      const rights = rightsOf(object);
      if (imageUrl || rights) return { ...(imageUrl ? { imageUrl } : {}), ...(rights ? { rights } : {}) };
    }
  }
  return {};
}

export const rijksmuseum: LiveSource = {
  status: "live",
  name: "rijks",
  title: TITLE,
  defaultBase: "https://data.rijksmuseum.nl",
  async pull({ base, limit }) {
    const page = await getJson<SearchPage>(
      "rijks",
      `${endpoint(base, "search/collection")}?description=${encodeURIComponent(SYNC_QUERY)}&imageAvailable=true`,
    );
    if (!page || !Array.isArray(page.orderedItems))
      throw new SourceError("rijks", "the search reply is not an OrderedCollectionPage with orderedItems");
    const items: SourceItem[] = [];
    const gone: string[] = [];
    for (const ref of page.orderedItems.slice(0, limit)) {
      if (!ref.id) continue;
      const o = await resolve(ref.id);
      if (o === undefined) {
        gone.push(ref.id);
        continue;
      }
      const picture = await pictureOf(o);
      const rights = picture.rights ?? rightsOf(o);
      const license: License = classifyRightsUri(rights);
      const description = (o.referred_to_by ?? []).find(
        (r) => r.content && (r.classified_as ?? []).some((c) => /description/i.test(c._label ?? "")),
      )?.content;
      const draft = artworkDraft({
        title: nameOf(o),
        artist: makerOf(o),
        sourceName: TITLE,
        sourceUrl: ref.id,
        license,
        rightsNotes: rights ? `rights statement ${rights}` : "no rights statement: no license signal",
        year: yearOf(o.produced_by?.timespan?.end_of_the_end, o.produced_by?.timespan?.begin_of_the_begin),
        materials: (o.made_of ?? [])
          .map((m) => m._label)
          .filter(Boolean)
          .join(", "),
        tags: tagsOf((o.classified_as ?? []).map((c) => c._label)),
        note: description ?? "",
      });
      items.push({ draft, ...(picture.imageUrl ? { imageUrl: picture.imageUrl } : {}) });
    }
    return { items, gone, secrets: [] };
  },
};
