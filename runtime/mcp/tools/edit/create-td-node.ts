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

export const createTdNode = defineTool({
  name: "create_td_node",
  title: "Create an operator",
  description:
    "Add one operator to an svc network through a planned, checked apply; a node of the same name and type is reused and given the parameters instead. A parent path that does not exist yet starts a new network there.",
  input: {
    parent: nodePath("COMP to create in: an svc network or a COMP inside one, e.g. /project1/tunnel"),
    type: opType.describe("operator type, e.g. noiseTOP"),
    name: nodeName.optional().describe("node name; default the first free one from the type (noise1, noise2, ...)"),
    parameters: parameterMap.optional(),
    force,
  },
  output: {
    ...editOutput,
    ...stepsOutput,
    path: z.string(),
    reused: z.boolean().describe("an existing node of that name and type was kept"),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  profiles: [],
  async handler({ parent, type, name, parameters, force }, ctx) {
    const { runEdits } = await import("./run-edits.js");
    return asToolOutcome(
      await runEdits([{ op: "create_node", parent, type, name, parameters }], {
        force,
        services: ctx.services,
        progress: (m) => void ctx.progress(m),
      }),
    );
  },
});
