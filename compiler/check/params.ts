/**
 * Parameter checks against the knowledge base: the parameter exists on the operator, is set once,
 * is writable, and its value fits the parameter's style (type, menu entry, hard range, tuplet size,
 * referenced operator family, bind source). Bare names are classified here as menu entries or
 * operator references, and each assignment learns the scalar parameters it sets.
 */
import { closestParameters, getParam, type Operator, type Param } from "../../kb/index.js";
import { diagnostic } from "../../diagnostics/index.js";
import type { BindValue, NodeModel, ParamModel, Value } from "../model.js";
import { at } from "../resolve/references.js";
import { closestNames, didYouMean } from "../util/closest.js";
import { describeValue, formatNumber } from "../util/describe.js";
import { controlAsParam, controlsOf, type CheckContext } from "./context.js";
import { checkReference } from "./references.js";
import { checkBind } from "./binds.js";
import type { Target } from "./target.js";
import { expectedWords, referencedFamily, styleClass } from "./styles.js";
import { checkSequences, reportMalformedBlockName } from "./sequences.js";
import { isAssumed, unlessAssumed } from "./assumed.js";

/** Where a value is going: a parameter and, for one component of a tuplet, which one. */
const MENU_LIST_LIMIT = 24;
/** The entry that sets a DAT's contents. */
const DAT_TEXT = "text";

function menuHelp(param: Param, written: string): { help: string[]; replacement?: string } {
  const names = param.menuNames ?? [];
  const labels = param.menuLabels ?? names;
  const byLabel = labels.findIndex((l) => l.toLowerCase() === written.toLowerCase());
  const close = byLabel >= 0 ? [names[byLabel]!] : closestNames(written, names);
  const shown =
    names.length > MENU_LIST_LIMIT
      ? `${names.slice(0, MENU_LIST_LIMIT).join(", ")}, … (${names.length} in all)`
      : names.join(", ");
  const help = [...didYouMean(close), `the entries: ${shown}`];
  return close[0] === undefined ? { help } : { help, replacement: close[0] };
}

/**
 * A number on a menu: TouchDesigner takes a menu's index (Par Class, Menu Parameters: `par.xord =
 * 5` is its sixth entry), svc wants the entry's name; the help names the entry at that index.
 */
function menuIndexHelp(param: Param, index: number): string[] {
  const names = param.menuNames ?? [];
  const entry = Number.isInteger(index) && index >= 0 ? names[index] : undefined;
  if (entry === undefined) return menuHelp(param, String(index)).help;
  return [`${formatNumber(index)} is the index of the entry '${entry}': write ${param.name}: ${entry}`];
}

/** A parameter the current documentation no longer has: a warning, with its newer name when the facts give one. */
function reportOlderName(node: NodeModel, param: Param, p: ParamModel, ctx: CheckContext): void {
  // A tuplet's component written alone has no newer name of its own in the facts.
  const newer = p.name === param.name ? param.newerName : undefined;
  ctx.diagnostics.push(
    diagnostic(
      "older-parameter-name",
      p.nameRange,
      {
        name: p.name,
        type: node.type,
        note:
          newer === undefined ? "current builds may have renamed or removed it" : `current builds call it '${newer}'`,
      },
      at(p.origin, {
        help: [
          "only the older TouchDesigner documentation (2025-05) lists it; the current documentation and the live POP dump do not",
        ],
        suggestions: newer === undefined ? [] : [{ title: `replace with '${newer}'`, replacement: newer }],
      }),
    ),
  );
}

/** Parameter styles that hold a file or folder path. */
const PATH_STYLES = new Set(["File", "FileSave", "Folder"]);

function mismatch(t: Target, v: Value, ctx: CheckContext, help: string[] = []): Value | undefined {
  const cls = styleClass(t.param.style);
  ctx.diagnostics.push(
    diagnostic(
      "parameter-type-mismatch",
      v.origin.range,
      {
        name: t.name,
        type: t.node.type,
        expected: expectedWords(cls, referencedFamily(t.param.style)),
        actual: describeValue(v),
      },
      unlessAssumed(t.param, "style", at(v.origin, { help })),
    ),
  );
  // Against an assumed style it is only a warning: the value is written as given.
  if (!isAssumed(t.param, "style")) return undefined;
  return v.kind === "name" ? { kind: "menu", entry: v.name, origin: v.origin } : v;
}

function checkRange(t: Target, v: Extract<Value, { kind: "number" }>, ctx: CheckContext): void {
  const p = t.param;
  const low = p.clampMin === true && p.min !== null && v.value < p.min;
  const high = p.clampMax === true && p.max !== null && v.value > p.max;
  if (!low && !high) return;
  const range =
    p.clampMin === true && p.clampMax === true && p.min !== null && p.max !== null
      ? `${formatNumber(p.min)}..${formatNumber(p.max)}`
      : low
        ? `at least ${formatNumber(p.min!)}`
        : `at most ${formatNumber(p.max!)}`;
  ctx.diagnostics.push(
    diagnostic(
      "value-out-of-range",
      v.origin.range,
      { value: formatNumber(v.value), name: t.name, range },
      unlessAssumed(
        p,
        "range",
        at(v.origin, {
          help: [`TouchDesigner limits '${t.name}' to ${range}`],
          suggestions: [{ title: "use the nearest allowed value", replacement: formatNumber(low ? p.min! : p.max!) }],
        }),
      ),
    ),
  );
}

function checkMenuEntry(t: Target, entry: string, v: Value, ctx: CheckContext): Value | undefined {
  const names = t.param.menuNames;
  const menu: Value = { kind: "menu", entry, origin: v.origin };
  if (names !== undefined && names.includes(entry)) return menu;
  if (names === undefined || names.length === 0 || t.param.menuIncomplete === true) {
    // Not silence: the value is written as given, and svc says it could not check it.
    ctx.diagnostics.push(
      diagnostic(
        "unchecked-menu-entry",
        v.origin.range,
        {
          entry,
          name: t.name,
          type: t.node.type,
          reason:
            names === undefined || names.length === 0
              ? "svc's knowledge base does not know its entries"
              : "it is not among the entries svc knows, and the build has entries its documentation does not list",
        },
        at(v.origin, {
          help: [
            ...(names !== undefined && names.length > 0 ? [`the entries svc knows: ${names.join(", ")}`] : []),
            `check the entry in TouchDesigner; 'svc kb import' of a live dump makes it known`,
          ],
        }),
      ),
    );
    return menu;
  }
  const { help, replacement } = menuHelp(t.param, entry);
  ctx.diagnostics.push(
    diagnostic(
      "unknown-menu-entry",
      v.origin.range,
      { entry, name: t.name, type: t.node.type },
      unlessAssumed(
        t.param,
        "menu",
        at(v.origin, {
          help,
          suggestions: replacement === undefined ? [] : [{ title: `replace with '${replacement}'`, replacement }],
        }),
      ),
    ),
  );
  // An assumed menu only warns: the entry is written as given.
  return isAssumed(t.param, "menu") ? menu : undefined;
}

/** Checks a value for one scalar parameter; returns the value as lowering should read it. */
function checkScalarValue(t: Target, v: Value, ctx: CheckContext): Value | undefined {
  const cls = styleClass(t.param.style);
  switch (v.kind) {
    case "expression":
      return v;
    case "bind":
      checkBind(t, v as BindValue, ctx);
      return v;
    case "export":
      if (!["number", "integer", "toggle", "pulse", "unknown"].includes(cls))
        return mismatch(t, v, ctx, ["only numeric parameters can follow a CHOP channel"]);
      checkReference(
        { node: t.node, name: t.name, family: "CHOP", target: v.target, path: v.operator, origin: v.origin },
        ctx,
      );
      return v;
    case "number":
      if (cls === "number" || cls === "unknown") break;
      if (cls === "integer") {
        if (!Number.isInteger(v.value)) return mismatch(t, v, ctx, [`'${t.name}' holds whole numbers`]);
        break;
      }
      if (cls === "toggle" && (v.value === 0 || v.value === 1)) return v;
      return mismatch(
        t,
        v,
        ctx,
        cls === "toggle"
          ? ["write 'on' or 'off'"]
          : cls === "string" || cls === "strmenu"
            ? [`write it in quotes: "${formatNumber(v.value)}"`]
            : cls === "menu"
              ? menuIndexHelp(t.param, v.value)
              : [],
      );
    case "bool":
      if (cls === "toggle" || cls === "pulse" || cls === "unknown") return v;
      // A menu whose entries are called on/off takes them as words.
      if ((cls === "menu" || cls === "strmenu") && (t.param.menuNames ?? []).includes(v.value ? "on" : "off"))
        return { kind: "menu", entry: v.value ? "on" : "off", origin: v.origin };
      return mismatch(t, v, ctx);
    case "string":
      if (cls === "string" || cls === "strmenu" || cls === "unknown" || cls === "operator") return v;
      if (cls === "menu") return checkMenuEntry(t, v.value, v, ctx);
      return mismatch(t, v, ctx);
    case "text":
      // file("...") is the file's contents: a path parameter (a Text DAT's `file`) wants the path itself.
      if (PATH_STYLES.has(t.param.style ?? "")) {
        const datText = t.node.family === "DAT" ? `, or text: file("${v.path}") for the DAT's text` : "";
        return mismatch(t, v, ctx, [
          `file("${v.path}") puts the file's contents in '${t.name}', which takes a path: write ${t.name}: "${v.path}"${datText}`,
        ]);
      }
      return cls === "string" || cls === "unknown" ? v : mismatch(t, v, ctx);
    case "name":
    case "menu": {
      const word = v.kind === "name" ? v.name : v.entry;
      if (cls === "menu" || cls === "strmenu")
        return cls === "menu" ? checkMenuEntry(t, word, v, ctx) : { kind: "menu", entry: word, origin: v.origin };
      if (cls === "operator" || (cls === "unknown" && v.kind === "name" && v.target !== undefined)) {
        const ref: Value = { kind: "op-ref", path: word, origin: v.origin };
        if (v.scope !== undefined) ref.scope = v.scope;
        if (v.kind === "name" && v.target !== undefined) ref.target = v.target;
        if (cls === "operator") {
          const family = referencedFamily(t.param.style)!;
          if (
            !checkReference(
              {
                node: t.node,
                name: t.name,
                family,
                target: ref.target,
                path: word,
                origin: v.origin,
                missingIsError: true,
              },
              ctx,
            )
          )
            return undefined;
        }
        return ref;
      }
      if (cls === "unknown") return { kind: "menu", entry: word, origin: v.origin };
      return mismatch(t, v, ctx, cls === "string" ? [`write it in quotes: "${word}"`] : []);
    }
    case "op-ref":
      if (cls === "operator") {
        checkReference(
          {
            node: t.node,
            name: t.name,
            family: referencedFamily(t.param.style)!,
            target: v.target,
            path: v.path,
            origin: v.origin,
          },
          ctx,
        );
        return v;
      }
      return cls === "unknown" ? v : mismatch(t, v, ctx);
    case "colour":
    case "tuple":
      ctx.diagnostics.push(
        diagnostic(
          "tuple-size-mismatch",
          v.origin.range,
          {
            name: t.name,
            type: t.node.type,
            expected: 1,
            actual: v.kind === "tuple" ? v.items.length : v.hasAlpha ? 4 : 3,
          },
          at(v.origin, {
            help: [`'${t.name}' is a single value`],
          }),
        ),
      );
      return undefined;
  }
  if (v.kind === "number") checkRange(t, v, ctx);
  return v;
}

/** Checks a value for a whole tuplet (`resolution: 1280x720`, `color: #ff8800`). */
function checkTupletValue(t: Target, components: string[], v: Value, ctx: CheckContext): Value | undefined {
  const size = components.length;
  const sizeProblem = (actual: number, help: string[]) => {
    ctx.diagnostics.push(
      diagnostic(
        "tuple-size-mismatch",
        v.origin.range,
        { name: t.name, type: t.node.type, expected: size, actual },
        at(v.origin, { help }),
      ),
    );
    return undefined;
  };
  if (v.kind === "colour") {
    if (t.param.style !== "RGB" && t.param.style !== "RGBA" && t.param.style !== null)
      return mismatch(t, v, ctx, [`'${t.name}' is not a colour; give ${size} values`]);
    if (size < 3) return sizeProblem(3, []);
    if (v.hasAlpha && size === 3) return sizeProblem(4, ["this colour has no alpha: write #rrggbb"]);
    return v;
  }
  if (v.kind === "bind") {
    checkBind(t, v, ctx);
    return v;
  }
  if (v.kind !== "tuple") {
    return sizeProblem(1, [
      `write ${size} values: (${components.join(", ")})`,
      `or set one component, e.g. '${components[0]}'`,
    ]);
  }
  if (v.items.length !== size) return sizeProblem(v.items.length, [`the components: ${components.join(", ")}`]);
  const items: Value[] = [];
  let ok = true;
  v.items.forEach((item, i) => {
    const checked = checkScalarValue({ ...t, name: components[i]!, component: i }, item, ctx);
    if (checked === undefined) ok = false;
    else items.push(checked);
  });
  return ok ? { ...v, items } : undefined;
}

/** Checks a value for a parameter, whole tuplet or single value; returns the value lowering reads. */
export function checkValue(t: Target, v: Value, ctx: CheckContext): Value | undefined {
  return t.param.components !== undefined && t.component === null
    ? checkTupletValue(t, t.param.components, v, ctx)
    : checkScalarValue(t, v, ctx);
}

/** Every parameter assignment of one node. `op` is undefined for an unknown type (then only duplicates are checked). */
export function checkParams(node: NodeModel, op: Operator | undefined, ctx: CheckContext): void {
  const setBy = new Map<string, ParamModel>();
  const controls = controlsOf(node);
  for (const p of [...node.params]) {
    if (isDatText(node, op, p)) {
      checkDatText(node, p, ctx);
      continue;
    }
    let param: Param | undefined;
    let component: number | null = null;
    const control = controls.get(p.name);
    const ref = op === undefined ? undefined : getParam(op, p.name);
    if (ref !== undefined) {
      param = ref.param;
      component = ref.component;
    } else if (control !== undefined) {
      param = controlAsParam(control);
    } else {
      const byComponent = [...controls.values()].map(controlAsParam).find((c) => c.components?.includes(p.name));
      if (byComponent !== undefined) {
        param = byComponent;
        component = byComponent.components!.indexOf(p.name);
      }
    }
    if (param === undefined) {
      const malformed = op === undefined ? false : reportMalformedBlockName(node, op, p, ctx);
      // Refused only by an assumed sequence template: written as given, unchecked.
      if (malformed === "assumed") p.scalars = [p.name];
      else if (op !== undefined && !malformed) reportUnknownParameter(node, op, p, controls.keys(), ctx);
      continue;
    }
    if (param.onlyInOlderDocsSnapshot === true && ref !== undefined) reportOlderName(node, param, p, ctx);
    const scalars =
      param.components !== undefined
        ? component === null
          ? [...param.components]
          : [param.components[component]!]
        : [param.name];
    const clash = scalars.map((s) => setBy.get(s)).find((x) => x !== undefined);
    if (clash !== undefined) {
      ctx.diagnostics.push(
        diagnostic(
          "duplicate-parameter",
          p.nameRange,
          { name: p.name, node: node.name },
          at(p.origin, { help: [`'${clash.name}' at line ${clash.nameRange.start.line} already sets it`] }),
        ),
      );
      continue;
    }
    for (const s of scalars) setBy.set(s, p);
    if (param.readOnly === true) {
      ctx.diagnostics.push(
        diagnostic(
          "read-only-parameter",
          p.nameRange,
          { name: p.name, type: node.type },
          at(p.origin, { help: ["TouchDesigner computes it; remove the assignment"] }),
        ),
      );
      continue;
    }
    const target: Target = { node, param, name: p.name, component };
    const checked = checkValue(target, p.value, ctx);
    if (checked !== undefined) {
      p.value = checked;
      p.scalars = scalars;
    }
  }
  if (op !== undefined) checkSequences(node, op, ctx);
}

/** `text: ...` on a DAT is its contents, unless the DAT has a parameter of that name (xmlDAT). */
function isDatText(node: NodeModel, op: Operator | undefined, p: ParamModel): boolean {
  return (
    p.name === DAT_TEXT &&
    (op?.family ?? node.family) === "DAT" &&
    (op === undefined || getParam(op, DAT_TEXT) === undefined)
  );
}

function checkDatText(node: NodeModel, p: ParamModel, ctx: CheckContext): void {
  node.params = node.params.filter((x) => x !== p);
  if (node.text !== undefined) {
    ctx.diagnostics.push(
      diagnostic(
        "duplicate-parameter",
        p.nameRange,
        { name: p.name, node: node.name },
        at(p.origin, { help: ["a DAT has one text"] }),
      ),
    );
    return;
  }
  const v = p.value;
  if (v.kind === "string" || v.kind === "text") {
    node.text =
      v.kind === "string" ? { text: v.value, origin: p.origin } : { text: v.text, origin: p.origin, file: v.file };
    return;
  }
  ctx.diagnostics.push(
    diagnostic(
      "parameter-type-mismatch",
      v.origin.range,
      { name: DAT_TEXT, type: node.type, expected: 'a string, a text block or file("...")', actual: describeValue(v) },
      at(v.origin, {
        help: ['a DAT\'s text is written as a string, a ``` block, or file("path")'],
      }),
    ),
  );
}

function reportUnknownParameter(
  node: NodeModel,
  op: Operator,
  p: ParamModel,
  controls: Iterable<string>,
  ctx: CheckContext,
): void {
  const close = [...closestParameters(op, p.name, 3).map((m) => m.name), ...closestNames(p.name, controls)].slice(0, 3);
  const help = didYouMean(close);
  const nextStep = help.length === 0 ? { nextStep: { kind: "show-operator" as const, type: op.type } } : {};
  ctx.diagnostics.push(
    diagnostic(
      "unknown-parameter",
      p.nameRange,
      { type: node.type, name: p.name },
      at(p.origin, {
        help,
        ...nextStep,
        suggestions: close.slice(0, 1).map((c) => ({ title: `replace with '${c}'`, replacement: c })),
      }),
    ),
  );
}
