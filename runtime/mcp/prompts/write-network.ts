import { z } from "zod";
import { definePrompt } from "./registry.js";
import { numbered } from "./steps.js";

export const writeNetworkPrompt = definePrompt({
  name: "write_network",
  title: "Write a network as .svcnet",
  description:
    "Write a .svcnet network for a description and check it until it has no diagnostics, without touching a live project.",
  args: {
    description: z.string().describe("what the network should do or look like"),
  },
  requires: ["validate_network", "format_network", "search_operators", "get_td_docs"],
  build: ({ description }, tools) =>
    [
      `Write a .svcnet network that does this: ${description}`,
      "",
      numbered(
        [
          {
            text: "Read svc://language once for the syntax: `name: opType { param: value }`, wires `a -> b -> c`, flags in brackets, only non-default parameters.",
          },
          {
            text: "Choose operators with search_operators and read their parameters with get_td_docs; use get_parameter_menu for menu values.",
          },
          {
            text: "Write the source and call validate_network with it. Fix every error diagnostic (each has a code, a line and column, and help such as the nearest valid name) and validate again until none is left.",
          },
          { text: "Call format_network and give the user the canonical text it returns." },
        ],
        tools,
      ),
    ].join("\n"),
});
