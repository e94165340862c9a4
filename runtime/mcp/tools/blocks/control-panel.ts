/**
 * A control panel on a COMP: custom parameters declared in its network's `controls` block, each
 * bound (`bind Name`) to the inner parameters it drives, applied as one edit.
 */
import { NO_RANGE } from "../../../../diagnostics/source-range.js";
import type * as A from "../../../../grammar/ast.js";
import type { ToolOutcome } from "../result.js";
import { levelAt, nodeAt, setParam } from "../edit/ast-edit.js";
import { toValue, type ParamInput } from "../edit/param-values.js";
import { svcControlNames } from "../edit/live-network.js";
import { EditRefusal } from "../edit/refusal.js";
import type { RunResult } from "../edit/apply-edit.js";
import { editNetwork, type RunOptions } from "../edit/run-edits.js";

/** The page `controls { }` without a name puts parameters on. */
const DEFAULT_PAGE = "Custom";

export interface ControlSpec {
  name: string;
  type: string;
  default?: ParamInput | undefined;
  min?: number | undefined;
  max?: number | undefined;
  clamp?: boolean | undefined;
  label?: string | undefined;
  entries?: Array<{ name: string; label?: string | undefined }> | undefined;
  binds: Array<{ node: string; parameter: string }>;
}

const r = NO_RANGE;
const ident = (name: string): A.Identifier => ({ kind: "Identifier", name, range: r });
const num = (value: number): A.NumberValue => ({ kind: "Number", value, range: r });
const str = (value: string): A.StringValue => ({ kind: "String", value, range: r });

function declaration(c: ControlSpec): A.Declaration {
  if ((c.min === undefined) !== (c.max === undefined))
    throw new EditRefusal("invalid-range", `control '${c.name}': give both min and max, or neither`);
  return {
    kind: "Declaration",
    name: ident(c.name),
    type: ident(c.type),
    default: c.default === undefined ? null : toValue("", c.name, c.default),
    valueRange: c.min === undefined ? null : { min: num(c.min), max: num(c.max!), range: r },
    clamp: c.clamp ?? false,
    label: c.label === undefined ? null : str(c.label),
    entries:
      c.entries === undefined
        ? null
        : c.entries.map((e) => ({
            kind: "MenuEntry",
            name: e.name,
            label: e.label === undefined ? null : str(e.label),
            range: r,
          })),
    range: r,
  };
}

/** A node named relative to the COMP (`blur1`, `inner/blur1`) or by its absolute path inside it. */
function under(comp: string, node: string): string {
  if (!node.startsWith("/")) return `${comp}/${node}`;
  if (!node.startsWith(comp + "/"))
    throw new EditRefusal(
      "outside-comp",
      `${node} is not inside ${comp}: a control binds only parameters inside its COMP`,
    );
  return node;
}

export function createControlPanel(
  comp: string,
  page: string | undefined,
  controls: readonly ControlSpec[],
  options: RunOptions,
): Promise<ToolOutcome<RunResult>> {
  return editNetwork(
    comp,
    false,
    (net) => {
      const level = levelAt(net, comp);
      // svc writes a COMP's custom parameters as a whole: parameters someone else made would be lost.
      const ours = svcControlNames(net.lastApplied?.nodes.get(comp));
      const foreign = (net.live.nodes.get(comp)?.customPages ?? [])
        .flatMap((p) => p.pars.map((x) => x.name))
        .filter((n) => !ours.has(n));
      if (foreign.length > 0) {
        throw new EditRefusal(
          "foreign-controls",
          `${comp} has custom parameters svc did not make (${foreign.join(", ")}); svc would replace them, so it leaves this COMP's panel alone. Build the panel on a COMP of its own.`,
          { path: comp, parameters: foreign },
        );
      }
      const pageName = page ?? DEFAULT_PAGE;
      const named = new Set(controls.map((c) => c.name));
      if (named.size !== controls.length) throw new EditRefusal("duplicate-control", "each control needs its own name");
      // A control of the same name elsewhere on the COMP moves here (it is being redefined).
      for (const block of level.body.controls)
        block.declarations = block.declarations.filter((d) => !named.has(d.name.name));
      level.body.controls = level.body.controls.filter(
        (b) => b.declarations.length > 0 || (b.page?.value ?? DEFAULT_PAGE) === pageName,
      );
      let block = level.body.controls.find((b) => (b.page?.value ?? DEFAULT_PAGE) === pageName);
      if (block === undefined) {
        block = { kind: "ControlsBlock", page: page === undefined ? null : str(page), declarations: [], range: r };
        level.body.controls.push(block);
      }
      const touched = new Set([comp]);
      const steps: string[] = [];
      for (const c of controls) {
        block.declarations.push(declaration(c));
        for (const b of c.binds) {
          const { decl, path } = nodeAt(net, under(comp, b.node));
          setParam(decl, b.parameter, { kind: "Bind", operator: null, parameter: ident(c.name), range: r });
          touched.add(path);
          steps.push(`${path}.${b.parameter} follows ${c.name}`);
        }
        if (c.binds.length === 0) steps.push(`control ${c.name} (bound to nothing yet)`);
      }
      return { touched, steps, extra: { page: pageName, controls: controls.map((c) => c.name) } };
    },
    options,
  );
}
