/**
 * Names TouchDesigner accepts. Operator names: ASCII letters, digits and underscores, not starting
 * with a digit (UNVERIFIED: TouchDesigner is believed to rename such names rather than refuse them;
 * svc refuses, so the built name is always the written one). Custom parameter names: an uppercase
 * letter, then lowercase letters and digits (TouchDesigner refuses others).
 */
import { diagnostic } from "../../diagnostics/index.js";
import type { AnyNode, CustomParamModel } from "../model.js";
import { at } from "../resolve/references.js";
import type { CheckContext } from "./context.js";

const OPERATOR_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const CONTROL_NAME = /^[A-Z][a-z0-9]*$/;

export function legalOperatorName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[0-9]/.test(cleaned) ? `_${cleaned}` : cleaned;
}

export function legalControlName(name: string): string {
  const letters = name.replace(/[^A-Za-z0-9]/g, "");
  return letters === "" ? "Value" : letters[0]!.toUpperCase() + letters.slice(1).toLowerCase();
}

export function checkNodeName(node: AnyNode, ctx: CheckContext): void {
  if (OPERATOR_NAME.test(node.name)) return;
  const fixed = legalOperatorName(node.name);
  ctx.diagnostics.push(
    diagnostic(
      "invalid-node-name",
      node.nameRange,
      { name: node.name },
      at(node.origin, {
        help: ["operator names use letters, digits and '_', and do not start with a digit", `for example '${fixed}'`],
        suggestions: [{ title: `rename to '${fixed}'`, replacement: fixed }],
      }),
    ),
  );
}

export function checkControlName(control: CustomParamModel, ctx: CheckContext): void {
  if (CONTROL_NAME.test(control.name)) return;
  const fixed = legalControlName(control.name);
  ctx.diagnostics.push(
    diagnostic(
      "invalid-control-name",
      control.nameRange,
      { name: control.name },
      at(control.origin, {
        help: [
          "TouchDesigner wants an uppercase letter followed by lowercase letters and digits",
          `for example '${fixed}'`,
        ],
        suggestions: [{ title: `rename to '${fixed}'`, replacement: fixed }],
      }),
    ),
  );
}
