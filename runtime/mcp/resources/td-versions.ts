import { loadReleases } from "../knowledge/kb-access.js";
import { json, ResourceNotFound, type TemplatedResource } from "./registry.js";

/** `svc://td-versions/docs-2026-02` or `svc://td-versions/2025.33070`: one release profile. */
export const tdVersionsResource: TemplatedResource = {
  name: "td-versions",
  title: "TouchDesigner release profiles",
  description:
    "One release profile of the knowledge base (a docs snapshot or a build): its date, build, families and operator types.",
  mimeType: "application/json",
  template: "svc://td-versions/{version}",
  complete: {
    version: async () => (await loadReleases()).releaseProfiles().flatMap((p) => (p.build ? [p.id, p.build] : [p.id])),
  },
  async read({ version = "" }) {
    const kb = await loadReleases();
    const profile = kb.getReleaseProfile(version);
    if (!profile) {
      const known = kb.releaseProfiles().map((p) => p.id + (p.build ? ` (${p.build})` : ""));
      throw new ResourceNotFound(`no release profile '${version}'; known: ${known.join(", ")}`);
    }
    const count = profile.operatorTypes?.length ?? profile.operatorTypeCount ?? null;
    return json({ ...profile, operatorTypeCount: count });
  },
};
