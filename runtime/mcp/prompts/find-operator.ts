import { z } from "zod";
import { definePrompt } from "./registry.js";
import { numbered } from "./steps.js";

export const findOperatorPrompt = definePrompt({
  name: "find_operator",
  title: "Find the right operator",
  description: "Pick the operator for a job and learn the parameters to set, from svc's knowledge base.",
  args: {
    need: z.string().describe("what the operator should do, e.g. 'blur an image' or 'read OSC messages'"),
  },
  requires: ["search_operators", "get_td_docs", "get_parameter_menu"],
  build: ({ need }, tools) =>
    [
      `Find the TouchDesigner operator that can: ${need}`,
      "",
      numbered(
        [
          {
            text: "Call search_operators with a few words for the job (add `family` when you know it: TOP for images, CHOP for channels, SOP/POP for geometry, DAT for text and tables).",
          },
          {
            text: "For the best one or two matches call get_td_docs with the type: read its inputs, outputs and the parameters that matter for the job (use `page` or `match` to narrow a long list).",
          },
          {
            text: "For each menu parameter you will set, call get_parameter_menu and use an entry's name (not its label).",
          },
          {
            text: "Call check_operator_availability when the user's TouchDesigner build matters.",
            needs: "check_operator_availability",
          },
          {
            text: "Answer with the operator type and only the parameters that differ from their defaults, written as .svcnet (`name: opType { param: value }`, see svc://language).",
          },
        ],
        tools,
      ),
    ].join("\n"),
});
