import { z } from "zod";
import { defineTool } from "../registry.js";
import {
  asToolOutcome,
  editOutput,
  force,
  nodeName,
  nodePath,
  opType,
  parameterMap,
  stepsOutput,
} from "./edit-schemas.js";

const member = z.union([
  opType,
  z.object({ type: opType, name: nodeName.optional(), parameters: parameterMap.optional() }).strict(),
]);

export const createNodeChain = defineTool({
  name: "create_node_chain",
  title: "Create a chain of operators",
  description:
    "Add operators to an svc network wired one into the next, as one planned apply; nodes of the same name and type are reused. A parent path that does not exist yet starts a new network there.",
  input: {
    parent: nodePath("COMP to create in, e.g. /project1/tunnel"),
    nodes: z.array(member).min(1).max(50).describe("in wiring order: a type (noiseTOP) or {type, name, parameters}"),
    force,
  },
  output: { ...editOutput, ...stepsOutput, paths: z.array(z.string()).describe("the chain's nodes in order") },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ parent, nodes, force }, ctx) {
    const { buildChain } = await import("./chain.js");
    const members = nodes.map((m) => (typeof m === "string" ? { type: m } : m));
    return asToolOutcome(
      await buildChain(parent, members, { force, services: ctx.services, progress: (m) => void ctx.progress(m) }),
    );
  },
});
