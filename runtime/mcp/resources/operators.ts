import { FAMILIES, type Family } from "../../../kb/types.js";
import { didYouMean, loadKb, lookupOperator } from "../knowledge/kb-access.js";
import { operatorDoc } from "../knowledge/operator-doc.js";
import { json, ResourceNotFound, type TemplatedResource } from "./registry.js";

function asFamily(text: string): Family | undefined {
  const upper = text.toUpperCase();
  return (FAMILIES as readonly string[]).includes(upper) ? (upper as Family) : undefined;
}

/** `svc://operators/TOP` lists a family; `svc://operators/noiseTOP` is one operator's reference. */
export const operatorsResource: TemplatedResource = {
  name: "operators",
  title: "Operators",
  description:
    "A family's operator list (svc://operators/TOP) or one operator's reference with every parameter (svc://operators/noiseTOP).",
  mimeType: "application/json",
  template: "svc://operators/{name}",
  complete: {
    name: async () => [...FAMILIES, ...(await loadKb()).allOperatorEntries().map((e) => e.type)],
  },
  async read({ name = "" }) {
    const kb = await loadKb();
    const family = asFamily(name);
    if (family) {
      const operators = kb
        .listFamilyEntries(family)
        .map((e) => ({ type: e.type, label: e.label, keywords: e.keywords }));
      return json({ family, count: operators.length, operators });
    }
    const found = lookupOperator(kb, name);
    if (!found.found) {
      throw new ResourceNotFound(
        `no operator or family '${name}'.${didYouMean(found.suggestions)} Families: ${FAMILIES.join(", ")}.`,
      );
    }
    return json(operatorDoc(kb, found.operator));
  },
};
