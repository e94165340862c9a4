/**
 * TouchDesigner's network-editor geometry, as svc lays nodes out.
 *
 * UNVERIFIED against a running TouchDesigner: an operator tile is taken to be 160 units wide and
 * 130 tall (the values `OP.nodeWidth` / `OP.nodeHeight` are believed to default to), `nodeX`/`nodeY`
 * to be the tile's lower-left corner, and the editor's Y axis to grow upward. The gaps are svc's
 * choice: wide enough for wires to be read between columns, tight enough for a chain to fit a screen.
 * All of it is configurable through `LayoutOptions`.
 */
/** A node's position in TouchDesigner units (lower-left corner, Y up). */
export interface Point {
  x: number;
  y: number;
}

export interface LayoutGeometry {
  nodeWidth: number;
  nodeHeight: number;
  /** Horizontal gap between columns (ELK layers). */
  layerGap: number;
  /** Vertical gap between nodes of one column. */
  nodeGap: number;
}

export const TD_GEOMETRY: LayoutGeometry = {
  nodeWidth: 160,
  nodeHeight: 130,
  layerGap: 80,
  nodeGap: 40,
};

/**
 * ELK lays out with Y growing downward from the top-left corner of a box; TouchDesigner places the
 * lower-left corner with Y growing upward. The first node column starts at x = 0, the top row at y = 0.
 */
export function elkToTd(x: number, y: number, height: number): Point {
  return { x: Math.round(x), y: Math.round(-(y + height)) || 0 };
}
