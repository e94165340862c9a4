/**
 * License values of a card (spec 2.5) and the classifiers that map a source's signal to one. A
 * missing or unrecognised signal is Unknown, which never allows a binary (spec 4.6, rule 2).
 */
export const LICENSES = ["CC0", "PublicDomain", "CC-BY", "CC-BY-SA", "Unknown", "Restricted"] as const;
export type License = (typeof LICENSES)[number];

export function isLicense(value: unknown): value is License {
  return typeof value === "string" && (LICENSES as readonly string[]).includes(value);
}

/**
 * A rights statement URI (linked-art `subject_to`/`classified_as`, Europeana `rights[0]`): the
 * Creative Commons zero dedication is CC0, the Creative Commons public-domain mark is PublicDomain,
 * anything else (a CC BY licence included: spec 4.6 gives this classifier only three answers, and
 * rightsstatements.org "no copyright" statements carry conditions) is Unknown. Scheme, `www.` and
 * a trailing path do not matter.
 */
export function classifyRightsUri(uri: unknown): License {
  if (typeof uri !== "string") return "Unknown";
  const u = uri
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "");
  if (u.startsWith("creativecommons.org/publicdomain/zero/")) return "CC0";
  if (u.startsWith("creativecommons.org/publicdomain/mark/")) return "PublicDomain";
  return "Unknown";
}

/** A media-commons extmetadata `License` code: cc0, pd*, public*, cc-by-sa*, cc-by*; else Unknown. */
export function classifyCommonsLicense(code: unknown): License {
  if (typeof code !== "string") return "Unknown";
  const c = code.trim().toLowerCase();
  if (c === "cc0") return "CC0";
  if (c.startsWith("pd") || c.startsWith("public")) return "PublicDomain";
  if (c.startsWith("cc-by-sa")) return "CC-BY-SA";
  if (c.startsWith("cc-by")) return "CC-BY";
  return "Unknown";
}
