/**
 * Knowledge-base facts as editors show them: a one-line detail for completion lists and Markdown
 * for hovers. Unknown facts are left out, never guessed; assumed defaults say so.
 */
import { formatInputs, formatValue } from "../../kb/describe.js";
import type { Operator, Param } from "../../kb/types.js";
import type * as ast from "../../grammar/ast.js";
import { print } from "../../grammar/print.js";

const MENU_SHOWN = 12;

function rangeText(p: Param): string | undefined {
  if (p.min === null && p.max === null) return undefined;
  const hard = p.clampMin === true || p.clampMax === true;
  return `range ${p.min ?? ""}..${p.max ?? ""}${hard ? " (clamped)" : ""}`;
}

function menuText(p: Param): string | undefined {
  if (p.menuNames === undefined || p.menuNames.length === 0) return undefined;
  const more = p.menuNames.length > MENU_SHOWN ? `, … (${p.menuNames.length - MENU_SHOWN} more)` : "";
  return `menu ${p.menuNames.slice(0, MENU_SHOWN).join(", ")}${more}`;
}

function sequenceText(p: Param): string | undefined {
  return p.sequence === undefined
    ? undefined
    : `sequence ${p.sequence}${p.blockIndex === undefined ? "" : `, block ${p.blockIndex}`}`;
}

/**
 * The operator's page in TouchDesigner's documentation (docs.derivative.ca names pages after the
 * label and family: `Noise_TOP`). svc keeps the docs' facts, never their sentences: the page is where
 * a parameter's meaning is explained.
 */
function docsUrl(op: Operator): string {
  return `https://docs.derivative.ca/${encodeURI(`${op.label} ${op.family}`.replace(/ /g, "_"))}`;
}

/** `Float, default 1, range 0..1, menu a, b`: style, default, range and menu in one line. */
export function paramDetail(p: Param): string {
  const parts = [p.style ?? "unknown style"];
  if (p.default === null) parts.push("no documented default");
  else parts.push(`default ${formatValue(p.default)}${p.defaultSource === "curated" ? " (assumed)" : ""}`);
  for (const extra of [rangeText(p), menuText(p), sequenceText(p)]) if (extra !== undefined) parts.push(extra);
  if (p.readOnly === true) parts.push("read-only");
  return parts.join(", ");
}

export function paramMarkdown(op: Operator, p: Param): string {
  const lines = [
    `**${p.label ?? p.name}** \`${p.name}\` — ${op.label} ${op.family}${p.page === null ? "" : `, page ${p.page}`}`,
    "",
    paramDetail(p),
  ];
  if (p.components !== undefined) lines.push("", `components: ${p.components.map((c) => `\`${c}\``).join(", ")}`);
  if (p.menuNames !== undefined && p.menuLabels !== undefined && p.menuNames.length <= 40) {
    lines.push("", ...p.menuNames.map((n, i) => `- \`${n}\` ${p.menuLabels![i] ?? ""}`.trimEnd()));
  }
  lines.push("", `What it does: [${op.label} ${op.family}](${docsUrl(op)}), ${p.page ?? "its"} page`);
  return lines.join("\n");
}

export function operatorMarkdown(op: Operator): string {
  const lines = [`**${op.label} ${op.family}** \`${op.type}\``];
  if (op.summary !== null) lines.push("", op.summary);
  lines.push(
    "",
    `inputs ${formatInputs(op.inputs)}, outputs ${op.outputs ?? "unknown"}, ${op.params.length} parameters`,
    "",
    `Documentation: [${op.label} ${op.family}](${docsUrl(op)})`,
  );
  return lines.join("\n");
}

/** A recipe's summary and its parameters as declared (`Gain: float = 0.9 range 0..1`). */
export function recipeMarkdown(recipe: ast.Recipe, file: string): string {
  const summary = recipe.metadata.find((m): m is ast.SummaryFlag => m.kind === "SummaryFlag")?.text.value;
  const lines = [`**recipe ${recipe.name.name}** — ${file}`];
  if (summary !== undefined) lines.push("", summary);
  const params = recipe.params?.declarations ?? [];
  if (params.length > 0) lines.push("", "```svcnet", ...params.map(declarationText), "```");
  return lines.join("\n");
}

/** One declaration as the canonical printer writes it. */
export function declarationText(d: ast.Declaration): string {
  const printed = print({
    kind: "Program",
    version: null,
    imports: [],
    networks: [],
    recipes: [
      {
        kind: "Recipe",
        name: { kind: "Identifier", name: "r", range: d.range },
        params: { kind: "ParamsBlock", declarations: [{ ...d, comments: {} }], range: d.range },
        metadata: [],
        controls: [],
        nodes: [],
        wires: [],
        range: d.range,
      },
    ],
    layout: null,
    range: d.range,
  });
  const line = printed.split("\n").find((l) => l.trim().startsWith(`${d.name.name}:`));
  return (line ?? `${d.name.name}: ${d.type.name}`).trim();
}
