import { z } from "zod";
import { didYouMean, loadKb } from "../../knowledge/kb-access.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

const OP_TYPE = /^[A-Za-z][A-Za-z0-9_]*$/;

const releaseRow = z.object({
  id: z.string(),
  kind: z.string(),
  build: z.string().nullable(),
  date: z.string().nullable(),
  /** null: the profile's operator list is unknown or incomplete, so absence proves nothing. */
  available: z.boolean().nullable(),
});

export const checkOperatorAvailability = defineTool({
  name: "check_operator_availability",
  title: "Check operator availability",
  description: "Say whether an operator type is known to svc's knowledge base and in which TouchDesigner release profiles it exists.",
  input: {
    operator: z.string().regex(OP_TYPE, "an operator type is a letter followed by letters, digits or _").max(64).describe("operator type, e.g. 'noiseTOP'"),
    release: z.string().min(1).max(64).optional().describe("one release profile id or build number; all when omitted"),
  },
  output: {
    operator: z.string(),
    known: z.boolean(),
    type: z.string().nullable(),
    family: z.string().nullable(),
    suggestions: z.array(z.string()),
    releases: z.array(releaseRow),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  profiles: ["core", "safe"],
  async handler({ operator, release }) {
    const kb = await loadKb();
    const profiles = kb.releaseProfiles();
    const chosen = release === undefined ? profiles : profiles.filter((p) => p.id === release || p.build === release);
    if (chosen.length === 0) {
      const ids = profiles.map((p) => p.id);
      return failure("unknown-release", `no release profile '${release}'; known profiles: ${ids.join(", ")}`, { details: { releases: ids } });
    }
    // Availability is about exact types: a label such as "noise" is a question for search_operators.
    const entry = kb.allOperatorEntries().find((e) => e.type === operator);
    const type = entry?.type ?? null;
    const releases = chosen.map((p) => ({
      id: p.id,
      kind: p.kind,
      build: p.build,
      date: p.date,
      available: type === null ? (p.complete === true && p.operatorTypes ? false : null) : (kb.profileHasOperator(p.id, type) ?? null),
    }));
    const suggestions = entry ? [] : kb.closestOperators(operator, 3).map((m) => m.type);
    const yes = releases.filter((r) => r.available === true).map((r) => r.id);
    const text = entry
      ? `${entry.type} is a ${entry.family} operator` + (yes.length ? `; listed in ${yes.join(", ")}` : "; no chosen release profile lists it")
      : `'${operator}' is not an operator type svc knows.${didYouMean(suggestions)}`;
    return success({ operator, known: entry !== undefined, type, family: entry?.family ?? null, suggestions, releases }, text);
  },
});
