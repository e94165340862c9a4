/**
 * The matching rules of find_td_parameters, apart from any bridge call: text filters, the
 * non-default state, modes, and which parameters are never used as a filter oracle.
 */
import type { ParState } from "./bridge-replies.js";

export const PAR_MODES = ["constant", "expression", "bind", "export"] as const;
export type ParMode = (typeof PAR_MODES)[number];

export interface ParameterFilters {
  name?: string | undefined;
  value?: string | undefined;
  expression?: string | undefined;
  mode?: ParMode | undefined;
  nonDefault?: boolean | undefined;
}

/**
 * Parameters that hold credentials (a Web Server DAT's password, a Web Client DAT's tokens): their
 * values and expressions are never returned, and value or expression filters never match them, so a
 * search cannot be used to guess a secret one character at a time.
 */
const SENSITIVE = /password|passphrase|secret|token|apikey|appkey/i;

export function isSensitive(name: string): boolean {
  return SENSITIVE.test(name);
}

function globToRegExp(glob: string): RegExp {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "*") out += ".*";
    else if (ch === "?") out += ".";
    else if (ch === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close === -1) out += "\\[";
      else {
        let body = glob.slice(i + 1, close);
        let negate = "";
        if (body.startsWith("!")) {
          negate = "^";
          body = body.slice(1);
        }
        out += `[${negate}${body.replace(/[\\\]^]/g, "\\$&")}]`;
        i = close;
      }
    } else out += ch.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  return new RegExp(`^${out}$`, "is");
}

/** A glob when the pattern has * ? or [, otherwise a case-insensitive substring test. */
export function textMatcher(pattern: string): (text: string) => boolean {
  if (/[*?[]/.test(pattern)) {
    const re = globToRegExp(pattern);
    return (text) => re.test(text);
  }
  const lowered = pattern.toLowerCase();
  return (text) => text.toLowerCase().includes(lowered);
}

/** A value as the text filters see it: strings as they are, numbers and booleans as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  return JSON.stringify(value);
}

/** Default value in constant mode: the state TouchDesigner shows as untouched. */
export function atDefault(p: ParState): boolean {
  return p.isDefault && (p.mode ?? "constant") === "constant";
}

/** The expression that drives the parameter in its current mode, if any. */
export function drivingExpression(p: ParState): string | null {
  if (p.mode === "expression") return p.expr ?? "";
  if (p.mode === "bind") return p.bindExpr ?? "";
  return null;
}

/** True when the filters can only match parameters away from their default or not constant. */
export function onlyChangedCanMatch(f: ParameterFilters): boolean {
  return f.nonDefault === true || (f.mode !== undefined && f.mode !== "constant") || f.expression !== undefined;
}

export function parameterMatcher(f: ParameterFilters): (p: ParState) => boolean {
  const byName = f.name !== undefined ? textMatcher(f.name) : undefined;
  const byValue = f.value !== undefined ? textMatcher(f.value) : undefined;
  const byExpr = f.expression !== undefined ? textMatcher(f.expression) : undefined;
  return (p) => {
    if (byName && !byName(p.name)) return false;
    if (f.mode !== undefined && (p.mode ?? "constant") !== f.mode) return false;
    if (f.nonDefault !== undefined && atDefault(p) === f.nonDefault) return false;
    if (byValue || byExpr) {
      if (isSensitive(p.name)) return false;
      if (byValue && !byValue(valueText(p.value))) return false;
      if (byExpr) {
        const expr = drivingExpression(p);
        if (expr === null || !byExpr(expr)) return false;
      }
    }
    return true;
  };
}
