/** A chain of nodes created (or reused) in order, each wired into the next's first input. */
import type { ToolOutcome } from "../result.js";
import { runStep } from "./edits.js";
import type { ParamInput } from "./param-values.js";
import { EditRefusal } from "./refusal.js";
import type { RunResult } from "./apply-edit.js";
import { editNetwork, type RunOptions } from "./run-edits.js";

export interface ChainMember {
  type: string;
  name?: string | undefined;
  parameters?: Record<string, ParamInput> | undefined;
}

export function buildChain(
  parent: string,
  members: readonly ChainMember[],
  options: RunOptions,
): Promise<ToolOutcome<RunResult>> {
  return editNetwork(
    parent,
    true,
    (net) => {
      const touched = new Set<string>();
      const steps: string[] = [];
      const paths: string[] = [];
      for (const m of members) {
        const step = runStep(net, { op: "create_node", parent, type: m.type, name: m.name, parameters: m.parameters });
        const path = step.path!;
        if (paths.includes(path))
          throw new EditRefusal("repeated-node", `${path} appears twice in the chain; a chain cannot loop back`);
        steps.push(step.note);
        if (paths.length > 0) steps.push(runStep(net, { op: "connect", from: paths.at(-1)!, to: path }).note);
        paths.push(path);
        touched.add(path);
      }
      return { touched, steps, extra: { paths } };
    },
    options,
  );
}
