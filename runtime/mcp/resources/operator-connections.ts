import { connectionsOf } from "../knowledge/connections.js";
import { didYouMean, loadKb, lookupOperator } from "../knowledge/kb-access.js";
import { json, ResourceNotFound, type TemplatedResource } from "./registry.js";

/** `svc://operator-connections/chopToTOP`: wires in and out, and reference links to other families. */
export const operatorConnectionsResource: TemplatedResource = {
  name: "operator-connections",
  title: "Operator connections",
  description:
    "How an operator connects: wired inputs and outputs, parameters that read other operators, and operators of other families that can read it.",
  mimeType: "application/json",
  template: "svc://operator-connections/{operator}",
  complete: {
    operator: async () => (await loadKb()).allOperatorEntries().map((e) => e.type),
  },
  async read({ operator = "" }) {
    const kb = await loadKb();
    const found = lookupOperator(kb, operator);
    if (!found.found) throw new ResourceNotFound(`no operator '${operator}'.${didYouMean(found.suggestions)}`);
    return json(connectionsOf(kb, found.operator));
  },
};
