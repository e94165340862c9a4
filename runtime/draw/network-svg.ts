/**
 * A picture of a network as TouchDesigner's editor shows it, as SVG: a box per network level
 * (the network, then each COMP's inside as a box nested in its parent's box), node tiles in family
 * colours with their names and types at the positions the compiler's ELK layout computed, wires
 * from output to input connectors with their indices, and the display and bypass flags; with
 * thumbnails (thumbnails.ts), a TOP tile shows its image. Deterministic: the same program, layout
 * and thumbnails give the same bytes.
 */
import {
  isComponent,
  walkComponents,
  type ComponentModel,
  type NodeModel,
  type ProgramModel,
} from "../../compiler/model.js";
import type { LayoutResult } from "../../compiler/index.js";
import { TD_GEOMETRY } from "../../compiler/layout/geometry.js";
import { FAMILY_COLOURS, PICTURE, UNKNOWN_FAMILY_COLOUR } from "./style.js";

const S = PICTURE.scale;
const TILE_W = TD_GEOMETRY.nodeWidth * S;
const TILE_H = TD_GEOMETRY.nodeHeight * S;

const num = (n: number) => String(Math.round(n * 10) / 10);
const escape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A level drawn at its own origin: its size and its SVG elements. */
interface Box {
  width: number;
  height: number;
  body: string[];
}

function colour(node: NodeModel | ComponentModel): string {
  return node.family === undefined ? UNKNOWN_FAMILY_COLOUR : FAMILY_COLOURS[node.family];
}

/** Connectors a tile shows: the highest index wired, at least one. */
function connectorCounts(comp: ComponentModel): Map<string, { inputs: number; outputs: number }> {
  const counts = new Map<string, { inputs: number; outputs: number }>();
  const of = (name: string) => counts.get(name) ?? counts.set(name, { inputs: 1, outputs: 1 }).get(name)!;
  for (const w of comp.body.wires) {
    of(w.from.node.name).outputs = Math.max(of(w.from.node.name).outputs, w.from.index + 1);
    of(w.to.node.name).inputs = Math.max(of(w.to.node.name).inputs, w.to.index + 1);
  }
  return counts;
}

const connectorY = (top: number, index: number, count: number) => top + (TILE_H * (index + 1)) / (count + 1);

/** Node path → PNG shown in the node's tile. */
export type TileImages = ReadonlyMap<string, Uint8Array>;

function tile(
  node: NodeModel,
  x: number,
  y: number,
  counts: { inputs: number; outputs: number },
  images: TileImages,
): string[] {
  const c = colour(node);
  const out = [`<g class="node" data-path="${escape(node.path)}">`];
  out.push(
    `<rect x="${num(x)}" y="${num(y)}" width="${num(TILE_W)}" height="${num(TILE_H)}" rx="4" fill="${PICTURE.tile}" stroke="${c}" stroke-width="2"${node.flags.bypass === true ? ' stroke-dasharray="6 4" opacity="0.6"' : ""}/>`,
  );
  out.push(
    `<rect x="${num(x)}" y="${num(y)}" width="${num(TILE_W)}" height="${PICTURE.headerHeight}" rx="4" fill="${c}"/>`,
  );
  out.push(
    `<text x="${num(x + 8)}" y="${num(y + 15)}" font-size="12" font-weight="bold" fill="${PICTURE.text}">${escape(node.name)}</text>`,
  );
  const image = images.get(node.path);
  if (image !== undefined) {
    // Between the header and the type line, the image's aspect kept.
    const top = y + PICTURE.headerHeight + 3;
    out.push(
      `<image class="thumbnail" x="${num(x + 6)}" y="${num(top)}" width="${num(TILE_W - 12)}" height="${num(y + TILE_H - 24 - top)}" preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${Buffer.from(image).toString("base64")}"/>`,
    );
  }
  out.push(
    `<text x="${num(x + 8)}" y="${num(y + TILE_H - 10)}" font-size="10" fill="${PICTURE.dimText}">${escape(node.recipe !== undefined ? `${node.recipe} (recipe)` : node.type)}</text>`,
  );
  if (node.flags.display === true)
    out.push(
      `<circle cx="${num(x + TILE_W - 10)}" cy="${num(y + TILE_H - 13)}" r="5" fill="${PICTURE.displayFlag}"><title>display</title></circle>`,
    );
  if (node.flags.bypass === true)
    out.push(
      `<text x="${num(x + TILE_W - 52)}" y="${num(y + 38)}" font-size="9" fill="${PICTURE.bypassFlag}">bypass</text>`,
    );
  if (isComponent(node) && node.body.nodes.length > 0)
    out.push(
      `<text x="${num(x + 8)}" y="${num(y + 38)}" font-size="9" fill="${PICTURE.dimText}">${node.body.nodes.length} inside ↓</text>`,
    );
  for (let i = 0; i < counts.inputs; i++)
    out.push(
      `<rect x="${num(x - PICTURE.connector)}" y="${num(connectorY(y, i, counts.inputs) - PICTURE.connector)}" width="${PICTURE.connector}" height="${PICTURE.connector * 2}" fill="${c}"/>`,
    );
  for (let i = 0; i < counts.outputs; i++)
    out.push(
      `<rect x="${num(x + TILE_W)}" y="${num(connectorY(y, i, counts.outputs) - PICTURE.connector)}" width="${PICTURE.connector}" height="${PICTURE.connector * 2}" fill="${c}"/>`,
    );
  out.push("</g>");
  return out;
}

/** One level: its nodes at their laid-out places, then the boxes of its COMPs' insides below them. */
function drawLevel(comp: ComponentModel, layout: LayoutResult, title: string, images: TileImages): Box {
  const pad = PICTURE.padding;
  const top = PICTURE.titleHeight;
  const placed = [...comp.body.nodes]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((node) => ({ node, at: layout.positions.get(node.path) ?? { x: 0, y: 0 } }));
  // TouchDesigner places a tile's lower-left corner with Y up; SVG places the top-left with Y down.
  const minX = placed.length === 0 ? 0 : Math.min(...placed.map((p) => p.at.x));
  const maxTop = placed.length === 0 ? 0 : Math.max(...placed.map((p) => p.at.y + TD_GEOMETRY.nodeHeight));
  const place = (p: { x: number; y: number }) => ({
    x: pad + (p.x - minX) * S,
    y: top + pad + (maxTop - (p.y + TD_GEOMETRY.nodeHeight)) * S,
  });
  const where = new Map(placed.map((p) => [p.node.name, place(p.at)]));
  const counts = connectorCounts(comp);
  const body: string[] = [];
  let width = 0;
  let height = top + pad;
  for (const p of placed) {
    const xy = where.get(p.node.name)!;
    width = Math.max(width, xy.x + TILE_W + pad);
    height = Math.max(height, xy.y + TILE_H + pad);
  }
  const wires = [...comp.body.wires].sort((a, b) =>
    `${a.from.node.name}/${a.from.index}>${a.to.node.name}/${a.to.index}` <
    `${b.from.node.name}/${b.from.index}>${b.to.node.name}/${b.to.index}`
      ? -1
      : 1,
  );
  for (const w of wires) {
    const from = where.get(w.from.node.name)!;
    const to = where.get(w.to.node.name)!;
    const fc = counts.get(w.from.node.name)!;
    const tc = counts.get(w.to.node.name)!;
    const x1 = from.x + TILE_W + PICTURE.connector;
    const y1 = connectorY(from.y, w.from.index, fc.outputs);
    const x2 = to.x - PICTURE.connector;
    const y2 = connectorY(to.y, w.to.index, tc.inputs);
    const bend = Math.max(40, Math.abs(x2 - x1) / 2);
    body.push(
      `<path class="wire" d="M${num(x1)} ${num(y1)} C${num(x1 + bend)} ${num(y1)} ${num(x2 - bend)} ${num(y2)} ${num(x2)} ${num(y2)}" fill="none" stroke="${PICTURE.wire}" stroke-width="1.5"><title>${escape(`${w.from.node.name}[${w.from.index}] -> ${w.to.node.name}[${w.to.index}]`)}</title></path>`,
    );
    if (fc.outputs > 1)
      body.push(
        `<text x="${num(x1 + 3)}" y="${num(y1 - 3)}" font-size="9" fill="${PICTURE.dimText}">${w.from.index}</text>`,
      );
    if (tc.inputs > 1)
      body.push(
        `<text x="${num(x2 - 10)}" y="${num(y2 - 3)}" font-size="9" fill="${PICTURE.dimText}">${w.to.index}</text>`,
      );
  }
  for (const p of placed)
    body.push(
      ...tile(
        p.node,
        where.get(p.node.name)!.x,
        where.get(p.node.name)!.y,
        counts.get(p.node.name) ?? { inputs: 1, outputs: 1 },
        images,
      ),
    );
  // The insides of this level's COMPs, each a box nested in this one.
  for (const child of placed
    .map((p) => p.node)
    .filter((n): n is NodeModel & ComponentModel => isComponent(n) && n.body.nodes.length > 0)) {
    const inner = drawLevel(
      child,
      layout,
      `${child.name} (${child.recipe !== undefined ? `${child.recipe} recipe` : child.type})`,
      images,
    );
    body.push(`<g transform="translate(${num(pad)} ${num(height)})">`, ...inner.body, "</g>");
    width = Math.max(width, pad + inner.width + pad);
    height += inner.height + PICTURE.gap;
  }
  width = Math.max(width, 240);
  const frame = [
    `<rect x="0" y="0" width="${num(width)}" height="${num(height)}" rx="6" fill="${PICTURE.panel}" stroke="${PICTURE.panelStroke}"/>`,
    `<text x="12" y="19" font-size="13" fill="${PICTURE.dimText}">${escape(title)}</text>`,
  ];
  return { width, height, body: [`<g class="level" data-path="${escape(comp.path)}">`, ...frame, ...body, "</g>"] };
}

/** The SVG picture of every network of the program, one under the other. */
export function networkSvg(program: ProgramModel, layout: LayoutResult, images: TileImages = new Map()): string {
  const boxes = program.networks.map((n) => drawLevel(n.root, layout, `network ${n.name} — ${n.root.path}`, images));
  const margin = PICTURE.padding / 2;
  const width = Math.ceil(Math.max(240, ...boxes.map((b) => b.width)) + 2 * margin);
  let y = margin;
  const parts: string[] = [];
  for (const box of boxes) {
    parts.push(`<g transform="translate(${num(margin)} ${num(y)})">`, ...box.body, "</g>");
    y += box.height + PICTURE.gap;
  }
  const height = Math.ceil(Math.max(y - PICTURE.gap + margin, 80));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${PICTURE.font}">`,
    `<rect width="${width}" height="${height}" fill="${PICTURE.background}"/>`,
    ...parts,
    "</svg>",
    "",
  ].join("\n");
}

/** How many nodes and wires a program has (tests and the CLI's summary line). */
export function pictureCounts(program: ProgramModel): { nodes: number; wires: number } {
  let nodes = 0;
  let wires = 0;
  for (const n of program.networks) {
    for (const comp of walkComponents(n.root)) {
      nodes += comp.body.nodes.length;
      wires += comp.body.wires.length;
    }
  }
  return { nodes, wires };
}
