/**
 * A recipe argument given as text (`--set gain=0.5` on the command line) turned into a `.svcnet`
 * value of the parameter's declared type, or a plain-words reason why it does not fit. Ranges are
 * left to the compiler, which knows whether the recipe clamps them (error) or not (warning).
 */
import type { RecipeParamInfo } from "./catalog.js";

export type ArgumentResult = { ok: true; literal: string } | { ok: false; message: string };

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const TUPLE_SIZES: Record<string, number> = { xy: 2, uv: 2, wh: 2, xyz: 3, uvw: 3, xyzw: 4 };
const TRUE_WORDS = new Set(["on", "true", "yes", "1"]);
const FALSE_WORDS = new Set(["off", "false", "no", "0"]);

function stringLiteral(text: string): string {
  return JSON.stringify(text).replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => `\\u{${hex.toLowerCase()}}`);
}

function numberLiteral(raw: string): number | undefined {
  const t = raw.trim();
  if (!/^[+-]?(\d+(\.\d+)?([eE][+-]?\d+)?)$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

function writeNumber(n: number): string {
  return Object.is(n, -0) ? "0" : String(n);
}

function ok(literal: string): ArgumentResult {
  return { ok: true, literal };
}

function fail(message: string): ArgumentResult {
  return { ok: false, message };
}

export function argumentLiteral(param: RecipeParamInfo, raw: string): ArgumentResult {
  const type = param.type;
  const value = raw.trim();
  switch (type) {
    case "float": {
      const n = numberLiteral(value);
      return n === undefined ? fail(`'${param.name}' takes a number (float), not '${raw}'`) : ok(writeNumber(n));
    }
    case "int": {
      const n = numberLiteral(value);
      return n === undefined || !Number.isInteger(n)
        ? fail(`'${param.name}' takes a whole number (int), not '${raw}'`)
        : ok(writeNumber(n));
    }
    case "toggle": {
      const w = value.toLowerCase();
      if (TRUE_WORDS.has(w)) return ok("on");
      if (FALSE_WORDS.has(w)) return ok("off");
      return fail(`'${param.name}' is a toggle: give on or off, not '${raw}'`);
    }
    case "menu": {
      const entries = param.entries ?? [];
      if (entries.length > 0 && !entries.includes(value)) {
        return fail(`'${param.name}' is a menu: give one of ${entries.join(", ")} (not '${raw}')`);
      }
      return ok(NAME.test(value) && value !== "on" && value !== "off" ? value : stringLiteral(value));
    }
    case "rgb":
    case "rgba": {
      const digits = type === "rgb" ? 6 : 8;
      const hex = value.startsWith("#") ? value.slice(1) : value;
      if (new RegExp(`^[0-9a-fA-F]{${digits}}$`).test(hex)) return ok(`#${hex.toLowerCase()}`);
      if (type === "rgba" && /^[0-9a-fA-F]{6}$/.test(hex)) return ok(`#${hex.toLowerCase()}ff`);
      return fail(`'${param.name}' is a colour: give ${type === "rgb" ? "#rrggbb" : "#rrggbbaa"} in hex, not '${raw}'`);
    }
    case "string":
    case "text":
      return ok(stringLiteral(raw));
    case "op":
      if (!/^[A-Za-z0-9_./]+$/.test(value))
        return fail(`'${param.name}' takes an operator path (e.g. ../noise1 or /project1/noise1), not '${raw}'`);
      return ok(value);
    default: {
      const size = TUPLE_SIZES[type];
      if (size === undefined) return fail(`'${param.name}' has type '${type}', which cannot be set from text`);
      const inner = value.replace(/^\((.*)\)$/, "$1");
      const parts = type === "wh" && /^\d+x\d+$/.test(inner) ? inner.split("x") : inner.split(",");
      const numbers = parts.map((p) => numberLiteral(p));
      if (parts.length !== size || numbers.some((n) => n === undefined)) {
        const example =
          type === "wh" ? "1280x720 or 1280,720" : Array.from({ length: size }, (_, i) => String(i)).join(",");
        return fail(`'${param.name}' takes ${size} numbers (${type}), e.g. ${example}; not '${raw}'`);
      }
      return ok(`(${numbers.map((n) => writeNumber(n!)).join(", ")})`);
    }
  }
}
