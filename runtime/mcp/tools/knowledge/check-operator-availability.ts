import { z } from "zod";
import { didYouMean, loadKb, loadReleases } from "../../knowledge/kb-access.js";
import { liveOperatorTypes } from "./live-optypes.js";
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
  description:
    "Whether an operator type exists in the running build (when the bridge answers) and in which release profiles the knowledge base lists it.",
  input: {
    operator: z
      .string()
      .regex(OP_TYPE, "an operator type is a letter followed by letters, digits or _")
      .max(64)
      .describe("operator type, e.g. 'noiseTOP'"),
    release: z.string().min(1).max(64).optional().describe("one release profile id or build number; all when omitted"),
  },
  output: {
    operator: z.string(),
    known: z.boolean(),
    type: z.string().nullable(),
    family: z.string().nullable(),
    suggestions: z.array(z.string()),
    releases: z.array(releaseRow),
    live: z
      .object({ available: z.boolean(), family: z.string().nullable(), typeCount: z.number() })
      .nullable()
      .describe("the running build's answer; null when no bridge answers"),
    source: z.enum(["live", "kb"]).describe("live when the running build answered"),
  },
  annotations: { readOnlyHint: true, openWorldHint: true },
  profiles: ["core", "safe"],
  async handler({ operator, release }, ctx) {
    const [kb, known] = await Promise.all([loadKb(), loadReleases()]);
    const profiles = known.releaseProfiles();
    const chosen = release === undefined ? profiles : profiles.filter((p) => p.id === release || p.build === release);
    if (chosen.length === 0) {
      const ids = profiles.map((p) => p.id);
      return failure("unknown-release", `no release profile '${release}'; known profiles: ${ids.join(", ")}`, {
        details: { releases: ids },
      });
    }
    // Availability is about exact types: a label such as "noise" is a question for search_operators.
    const entry = kb.allOperatorEntries().find((e) => e.type === operator);
    const type = entry?.type ?? null;
    const releases = chosen.map((p) => ({
      id: p.id,
      kind: p.kind,
      build: p.build,
      date: p.date,
      available:
        type === null
          ? p.complete === true && p.operatorTypes
            ? false
            : null
          : (known.profileHasOperator(p.id, type) ?? null),
    }));
    const suggestions = entry ? [] : kb.closestOperators(operator, 3).map((m) => m.type);
    const yes = releases.filter((r) => r.available === true).map((r) => r.id);
    const types = await liveOperatorTypes(ctx.services);
    const live =
      types === undefined
        ? null
        : { available: types.byType.has(operator), family: types.byType.get(operator) ?? null, typeCount: types.count };
    const liveLine =
      live === null ? "" : live.available ? "; the running build has it" : "; the running build does NOT have it";
    const text = entry
      ? `${entry.type} is a ${entry.family} operator` +
        (yes.length ? `; listed in ${yes.join(", ")}` : "; no chosen release profile lists it") +
        liveLine
      : live?.available
        ? `'${operator}' is not in svc's knowledge base, but the running build has it (a ${live.family} operator)`
        : `'${operator}' is not an operator type svc knows${liveLine}.${didYouMean(suggestions)}`;
    const data = {
      operator,
      known: entry !== undefined,
      type,
      family: entry?.family ?? null,
      suggestions,
      releases,
      live,
      source: live === null ? ("kb" as const) : ("live" as const),
    };
    return success(data, text);
  },
});
