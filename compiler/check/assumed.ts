/**
 * svc check never raises an error on the strength of an assumption alone: a problem found only
 * against a value the kb assumes (its `assumed` fields: curated styles, ranges, inferred menus) is
 * a warning that says so.
 */
import type { AssumedField, Param } from "../../kb/index.js";
import type { DiagnosticExtras } from "../../diagnostics/index.js";

export function isAssumed(param: Param, field: AssumedField): boolean {
  return param.assumed?.includes(field) === true;
}

/** `extras` as they are, or as a warning with a line on the assumption when `field` is assumed. */
export function unlessAssumed(param: Param, field: AssumedField, extras: DiagnosticExtras): DiagnosticExtras {
  if (!isAssumed(param, field)) return extras;
  return {
    ...extras,
    severity: "warning",
    help: [
      ...(extras.help ?? []),
      `svc assumes this ${field} of '${param.name}' (no TouchDesigner fact backs it): check it in TouchDesigner; 'svc kb import' of a live dump replaces the assumption`,
    ],
  };
}
