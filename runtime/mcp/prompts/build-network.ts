import { z } from "zod";
import { definePrompt } from "./registry.js";
import { numbered } from "./steps.js";

export const buildNetworkPrompt = definePrompt({
  name: "build_network",
  title: "Build a network in TouchDesigner",
  description:
    "The full loop: write .svcnet, validate, plan against the live project, apply, check for errors and look at the result.",
  args: {
    description: z.string().describe("what the network should do or look like"),
    parent: z.string().optional().describe("TouchDesigner path to build under, e.g. /project1"),
  },
  requires: ["validate_network", "plan_network", "apply_network"],
  build: ({ description, parent }, tools) => {
    // plan_network and apply_network build a network at /project1/{network} unless given a root.
    const root = parent ? ` with root "${parent.replace(/\/+$/, "")}/{network}"` : "";
    return [
      `Build this in the running TouchDesigner project${parent ? ` under ${parent}` : ""}: ${description}`,
      "",
      numbered(
        [
          {
            text: "Read svc://language for the syntax; pick operators with search_operators and get_td_docs.",
            needs: "search_operators",
          },
          {
            text: "To change a network that already exists, start from its text: call export_network on it and edit that.",
            needs: "export_network",
          },
          { text: "Write the network as .svcnet and call validate_network until it reports no errors." },
          {
            text: `Call plan_network${root} and show the user the plan (what will be added, changed and removed). Stop and ask if it would change or remove anything they did not ask for.`,
          },
          {
            text: `Call apply_network with the same source${root}. It reports live errors at the source lines that caused them, and a thumbnail of the output.`,
          },
          {
            text: "For any error, fix the source and plan and apply again; get_td_node_errors shows the errors of one operator in full.",
            needs: "get_td_node_errors",
          },
          {
            text: "Describe what the thumbnail shows; call get_inline_preview on another operator to look at it too.",
            needs: "get_inline_preview",
          },
        ],
        tools,
      ),
    ].join("\n");
  },
});
