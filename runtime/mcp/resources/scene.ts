/**
 * `svc://scene/{view}`: the live scene as the artist sees it, compactly. A view names a COMP whose
 * children are what a network editor shows at that level; the body is their digest (one level),
 * bounded, with where to read more. Views are few and fixed (SCENE_VIEWS), so they complete.
 */
import type { BridgeClient } from "../../engine/index.js";
import type { Services } from "../../services.js";
import { readDigest } from "../live/digest.js";
import { json, ResourceNotFound, type TemplatedResource } from "./registry.js";

/** The bridge's GET /api/editor/context (bridge/svc_bridge/routes/editor.py), the fields used here. */
interface EditorContext {
  active_editor: {
    pane: string | null;
    network: string;
    viewport: { x: number | null; y: number | null; zoom: number | null };
  } | null;
  selection: string[];
  selection_complete: boolean;
  current: string | null;
  /** Set when the editor shows a COMP that has been deleted (`editor_network_deleted`). */
  editor_problem?: { code: string; message: string; pane: string | null };
}

export const SCENE_VIEWS: Readonly<Record<string, string>> = {
  editor: "the COMP open in the artist's active network editor, with its selection and viewport",
  project: "the project's top level: the COMPs at the root (/)",
};

/** Most children and wires a view lists; past that it says so and points to the digest. */
const SCENE_MAX_NODES = 200;
const SCENE_MAX_WIRES = 400;
const SCENE_MAX_SELECTION = 50;

export function unknownView(view: string): string {
  return `no scene view '${view}'; valid views: ${Object.keys(SCENE_VIEWS).join(", ")} (svc://scene/editor)`;
}

function isView(view: string): boolean {
  return Object.hasOwn(SCENE_VIEWS, view);
}

async function editorContext(bridge: BridgeClient): Promise<EditorContext> {
  return bridge.get<EditorContext>("/api/editor/context");
}

/** The COMP a view shows now: the editor's may change whenever the artist moves; null when no editor is open. */
export async function viewedNetwork(view: string, services: Services): Promise<string | null> {
  if (view === "project") return "/";
  return (await editorContext(await services.bridge())).active_editor?.network ?? null;
}

function more(network: string, complete: boolean): string {
  return [
    complete ? "" : `Only the first ${SCENE_MAX_NODES} children are listed.`,
    `Read svc://digest/${network} for the network below this COMP, nested components included;`,
    "find_td_nodes to search it, get_td_node_errors for its errors.",
  ]
    .filter(Boolean)
    .join(" ");
}

async function sceneOf(view: string, services: Services): Promise<unknown> {
  const bridge = await services.bridge();
  let editor: EditorContext | undefined;
  let network: string | null = "/";
  if (view === "editor") {
    editor = await editorContext(bridge);
    network = editor.active_editor?.network ?? null;
  }
  if (network === null && editor?.editor_problem) {
    return {
      view,
      network: null,
      editor: null,
      problem: { code: editor.editor_problem.code, message: editor.editor_problem.message },
      more: "The network editor shows a COMP that has been deleted; open another network in it (focus_network_editor), or read svc://scene/project.",
    };
  }
  if (network === null) {
    return {
      view,
      network: null,
      editor: null,
      more: "No network editor is open in TouchDesigner (or it runs without a UI); read svc://scene/project.",
    };
  }
  const digest = await readDigest(bridge, network, { depth: 1, maxNodes: SCENE_MAX_NODES });
  const wires = digest.wires.slice(0, SCENE_MAX_WIRES);
  return {
    view,
    network,
    ...(editor?.active_editor
      ? {
          editor: {
            pane: editor.active_editor.pane,
            viewport: editor.active_editor.viewport,
            current: editor.current,
            selection: editor.selection.slice(0, SCENE_MAX_SELECTION),
            selectionCount: editor.selection_complete
              ? editor.selection.length
              : `more than ${editor.selection.length}`,
          },
        }
      : {}),
    complete: digest.complete && wires.length === digest.wires.length,
    counts: { children: digest.counts.nodes, wires: digest.counts.wires, ownedBySvc: digest.counts.ownedBySvc },
    children: digest.nodes,
    wires,
    externalInputs: digest.externalInputs.slice(0, SCENE_MAX_WIRES),
    more: more(network, digest.complete),
  };
}

export const sceneResource: TemplatedResource = {
  name: "scene",
  title: "Live scene view",
  description: `What the artist sees, compactly: one COMP's children and wires in .svcnet notation. Views: ${Object.entries(
    SCENE_VIEWS,
  )
    .map(([v, what]) => `${v} (${what})`)
    .join("; ")}.`,
  mimeType: "application/json",
  template: "svc://scene/{view}",
  complete: { view: async () => Object.keys(SCENE_VIEWS) },
  async read({ view = "" }, _catalog, services) {
    if (!isView(view)) throw new ResourceNotFound(unknownView(view));
    try {
      return json(await sceneOf(view, services));
    } catch (err) {
      // Loaded here: event forwarding imports this module when a server starts.
      const { BridgeError } = await import("../../engine/index.js");
      if (err instanceof BridgeError)
        throw new Error(`the bridge could not give the scene view '${view}': ${err.oneLine()}`);
      throw err;
    }
  },
};
