/**
 * Builds the ELK graph for one network level (the children of one COMP) in a canonical order, so
 * that the same nodes and wires give the same coordinates whatever order the source declared them in.
 */
import type { ElkNode, ElkPort, LayoutOptions as ElkOptions } from "elkjs/lib/elk-api.js";
import type { LayoutGeometry } from "./geometry.js";

/** One network level, reduced to what layout needs. Ids are node names (unique in a level). */
export interface LayoutGraph {
  nodes: string[];
  edges: LayoutEdge[];
}
interface LayoutEdge {
  from: string;
  fromIndex: number;
  to: string;
  toIndex: number;
}

/** Above this many nodes, ELK spends less effort on crossings so a level stays within a second or so. */
const LARGE_LEVEL = 300;

/**
 * Layered left-to-right layout. Brandes-Koepf placement stays fast on large graphs (network simplex
 * placement grows badly past a few hundred nodes); the seed is fixed so runs repeat exactly. Edge
 * routes are straight lines: TouchDesigner draws its own wires, only node positions are used.
 */
function elkRootOptions(geometry: LayoutGeometry, nodeCount = 0): ElkOptions {
  const large: ElkOptions =
    nodeCount > LARGE_LEVEL
      ? {
          "org.eclipse.elk.layered.thoroughness": "2",
          "org.eclipse.elk.layered.crossingMinimization.greedySwitch.type": "OFF",
        }
      : {};
  return {
    ...large,
    "org.eclipse.elk.edgeRouting": "POLYLINE",
    "org.eclipse.elk.algorithm": "layered",
    "org.eclipse.elk.direction": "RIGHT",
    "org.eclipse.elk.layered.nodePlacement.strategy": "BRANDES_KOEPF",
    "org.eclipse.elk.spacing.nodeNode": String(geometry.nodeGap),
    "org.eclipse.elk.layered.spacing.nodeNodeBetweenLayers": String(geometry.layerGap),
    "org.eclipse.elk.spacing.componentComponent": String(geometry.nodeGap * 2),
    "org.eclipse.elk.randomSeed": "1",
    "org.eclipse.elk.padding": "[top=0,left=0,bottom=0,right=0]",
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function edgeKey(e: LayoutEdge): string {
  return `${e.from}[${e.fromIndex}]->${e.to}[${e.toIndex}]`;
}

export function buildElkGraph(graph: LayoutGraph, geometry: LayoutGeometry): ElkNode {
  const names = [...new Set(graph.nodes)].sort(compare);
  const known = new Set(names);
  const edges = graph.edges
    .filter((e) => known.has(e.from) && known.has(e.to))
    .sort((a, b) => compare(edgeKey(a), edgeKey(b)));
  const outputs = new Map<string, number>();
  const inputs = new Map<string, number>();
  for (const e of edges) {
    outputs.set(e.from, Math.max(outputs.get(e.from) ?? 0, e.fromIndex + 1));
    inputs.set(e.to, Math.max(inputs.get(e.to) ?? 0, e.toIndex + 1));
  }
  const children: ElkNode[] = names.map((name) => {
    const nOut = outputs.get(name) ?? 0;
    const nIn = inputs.get(name) ?? 0;
    // FIXED_ORDER indexes ports clockwise from the top-left: east side top to bottom, then west
    // side bottom to top. Output 0 and input 0 both end up on top, as in TouchDesigner.
    const ports: ElkPort[] = [];
    for (let i = 0; i < nOut; i++) {
      ports.push({
        id: `${name}>${i}`,
        width: 1,
        height: 1,
        layoutOptions: { "org.eclipse.elk.port.side": "EAST", "org.eclipse.elk.port.index": String(i) },
      });
    }
    for (let i = 0; i < nIn; i++) {
      ports.push({
        id: `${name}<${i}`,
        width: 1,
        height: 1,
        layoutOptions: {
          "org.eclipse.elk.port.side": "WEST",
          "org.eclipse.elk.port.index": String(nOut + nIn - 1 - i),
        },
      });
    }
    return {
      id: name,
      width: geometry.nodeWidth,
      height: geometry.nodeHeight,
      ports,
      layoutOptions: { "org.eclipse.elk.portConstraints": "FIXED_ORDER" },
    };
  });
  return {
    id: "root",
    layoutOptions: elkRootOptions(geometry, children.length),
    children,
    edges: edges.map((e) => ({
      id: edgeKey(e),
      sources: [`${e.from}>${e.fromIndex}`],
      targets: [`${e.to}<${e.toIndex}`],
    })),
  };
}

/**
 * A small level laid out only to run ELK's code once: by a new layout worker as soon as ELK is
 * loaded, and by the build before it writes ELK's code cache. A thread's first layout costs about
 * 200 ms more than its second whatever its size (ELK initialises its classes and V8 compiles
 * their code on first use); a worker is started while the compiling thread parses, so that cost
 * is paid while no level is waiting yet. Ten nodes wired as svc's levels are (chains, a fan-in,
 * several inputs and outputs), so that the same code runs.
 */
export function warmUpGraph(geometry: LayoutGeometry): ElkNode {
  const nodes = Array.from({ length: 10 }, (_, i) => `n${i}`);
  const wire = (from: number, to: number, fromIndex = 0, toIndex = 0): LayoutEdge => ({
    from: `n${from}`,
    fromIndex,
    to: `n${to}`,
    toIndex,
  });
  return buildElkGraph(
    {
      nodes,
      edges: [wire(0, 1), wire(1, 2), wire(2, 3), wire(4, 3, 0, 1), wire(3, 5), wire(5, 6, 1), wire(6, 7), wire(8, 9)],
    },
    geometry,
  );
}
