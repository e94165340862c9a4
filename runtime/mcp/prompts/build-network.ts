import { z } from "zod";
import { definePrompt } from "./registry.js";
import { numbered } from "./steps.js";

export const buildNetworkPrompt = definePrompt({
  name: "build_network",
  title: "Build a network in TouchDesigner",
  description: "The full loop: write .svcnet, validate, plan against the live project, apply, check for errors and look at the result.",
  args: {
    description: z.string().describe("what the network should do or look like"),
    parent: z.string().optional().describe("TouchDesigner path to build under, e.g. /project1"),
  },
  requires: ["validate_network", "plan_network", "apply_network"],
  build: ({ description, parent }, tools) =>
    [
      `Build this in the running TouchDesigner project${parent ? ` under ${parent}` : ""}: ${description}`,
      "",
      numbered(
        [
          { text: "Read svc://language for the syntax; pick operators with search_operators and get_td_docs.", needs: "search_operators" },
          { text: "Write the network as .svcnet and call validate_network until it reports no errors." },
          { text: "Call plan_network and show the user the plan (what will be added, changed and removed). Stop and ask if it would change or remove anything they did not ask for." },
          { text: "Call apply_network with the same source." },
          { text: "Call get_td_node_errors on the network and fix the source for any error it reports, then plan and apply again.", needs: "get_td_node_errors" },
          { text: "Call get_preview on the output operator and describe what you see.", needs: "get_preview" },
        ],
        tools,
      ),
    ].join("\n"),
});
