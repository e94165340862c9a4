/**
 * The recipe's control panel: custom parameters collected from `controls[]`, `parameters[]` and
 * `glsl_uniforms[]`, with legal unique names, then written as the recipe's `controls` block. A
 * control with a default also gets a recipe parameter of the same name in lower case, so a use of
 * the recipe can start it elsewhere (`Gain: float = $gain`), as the first-party recipes do.
 */
import type * as A from "../../../grammar/ast.js";
import { RECIPE_PARAM_TYPES, type ControlType } from "../../../grammar/ast.js";
import { legalControlName } from "../../../compiler/check/names.js";
import { NO_RANGE } from "../../../diagnostics/source-range.js";
import { astBuild } from "../../engine/index.js";
import type { Located, Report, Where } from "./report.js";
const { ident, num, str } = astBuild;

export interface ControlDraft {
  type: ControlType;
  default?: A.Value;
  range?: [number, number];
  label?: string;
  /** `description`: the control's help text. */
  help?: string;
  entries?: Array<{ name: string; label?: string }>;
  /** The JSON field the control comes from. */
  at: Where;
}

export interface PlacedControl extends ControlDraft {
  name: string;
}

const CONTROL_NAME = /^[A-Z][a-z0-9]*$/;
/** Recipe parameters can carry every control type except operator references and text. */
const PARAM_TYPES: ReadonlySet<string> = new Set(RECIPE_PARAM_TYPES.filter((t) => t !== "op" && t !== "text"));

function declaration(name: string, d: ControlDraft, defaultValue: A.Value | undefined): A.Declaration {
  return {
    kind: "Declaration",
    name: ident(name),
    type: ident(d.type),
    default: defaultValue ?? null,
    valueRange: d.range ? { min: num(d.range[0]), max: num(d.range[1]), range: NO_RANGE } : null,
    clamp: false,
    label: d.label === undefined ? null : str(d.label),
    help: d.help === undefined || d.help === "" ? null : str(d.help),
    entries: d.entries
      ? d.entries.map((e) => ({
          kind: "MenuEntry",
          name: e.name,
          label: e.label === undefined ? null : str(e.label),
          range: NO_RANGE,
        }))
      : null,
    range: NO_RANGE,
  };
}

export class ControlPanel {
  private readonly controls: PlacedControl[] = [];
  private readonly byName = new Map<string, PlacedControl>();

  constructor(private readonly report: Report) {}

  /**
   * Adds a control. `requested` is the name as the JSON wrote it (made legal, and said so);
   * a generated name (from a uniform or a parameter) is made unique quietly. Returns the name.
   */
  add(draft: ControlDraft, requested: Located<string> | { generated: string }): string | undefined {
    let name: string;
    if ("generated" in requested) {
      const base = legalControlName(requested.generated);
      name = base;
      for (let n = 2; this.byName.has(name); n++) name = `${base}${n}`;
    } else {
      name = CONTROL_NAME.test(requested.value) ? requested.value : legalControlName(requested.value);
      const prior = this.byName.get(name);
      if (prior !== undefined) {
        this.report.add(
          "import-duplicate-control",
          requested.at,
          { name, other: prior.at.path },
          { help: ["every control of a panel needs its own name"] },
        );
        return undefined;
      }
      if (name !== requested.value) {
        this.report.add(
          "import-renamed",
          requested.at,
          { from: requested.value, what: "control", to: name },
          {
            help: [
              "a TouchDesigner custom parameter name is an uppercase letter followed by lowercase letters and digits",
            ],
          },
        );
      }
    }
    const placed = { ...draft, name };
    this.controls.push(placed);
    this.byName.set(name, placed);
    return name;
  }

  isEmpty(): boolean {
    return this.controls.length === 0;
  }

  all(): readonly PlacedControl[] {
    return this.controls;
  }

  /** The recipe's `params` (one per control with a default) and its `controls` block. */
  blocks(): { params: A.ParamsBlock | null; controls: A.ControlsBlock[] } {
    const params: A.Declaration[] = [];
    const controls: A.Declaration[] = [];
    for (const c of this.controls) {
      if (c.default !== undefined && PARAM_TYPES.has(c.type)) {
        const param = c.name.toLowerCase();
        params.push(declaration(param, c, c.default));
        controls.push(declaration(c.name, c, { kind: "RecipeParamRef", name: param, range: NO_RANGE }));
      } else {
        controls.push(declaration(c.name, c, c.default));
      }
    }
    return {
      params: params.length ? { kind: "ParamsBlock", declarations: params, range: NO_RANGE } : null,
      controls: controls.length ? [{ kind: "ControlsBlock", page: null, declarations: controls, range: NO_RANGE }] : [],
    };
  }
}
