/**
 * Both halves of a note-to-operator link. The note: its front matter's `nodes` list (written
 * atomically, only if the note is unchanged since it was read). The operator: the tag
 * `vault:<note path>`, set through the bridge's metadata route (one undo step) and read back.
 *
 * On a node svc built this is still the artist's own live tag: svc's plans keep a tag its source
 * and its record never named, without a conflict, even with --force (runtime/engine/plan/reconcile.ts), so
 * applying the network (or the note that built it) again keeps the link. Only when the node's
 * source declares tags of its own is a further tag a live edit: the next plan reports it as drift
 * and keeps it unless --force; the answer says so.
 */
import { type BridgeClient, OWNER_TAG } from "../../../engine/index.js";
import { linkedNodes, withLinkedNode } from "../../../vault/front-matter.js";
import { readNoteFile, writeNoteFile } from "../../../vault/safe-fs.js";
import type { Vault } from "../../../vault/vault-root.js";
import { segment } from "../live/live-input.js";

const noteTag = (note: string) => `vault:${note}`;

export interface LinkResult {
  note: string;
  node: string;
  tag: string;
  linked: boolean;
  node_tags: string[];
  note_nodes: string[];
  node_changed: boolean;
  note_changed: boolean;
  /** Set when svc's next plan will report the tag as a live edit. */
  warning?: string;
}

const VAULT_TAG = "vault:";

async function liveTags(bridge: BridgeClient, node: string): Promise<string[]> {
  return (await bridge.get<{ tags: string[] }>(`/api/nodes/${segment(node)}`)).tags;
}

export async function linkNoteAndNode(
  vault: Vault,
  bridge: BridgeClient,
  note: string,
  node: string,
  remove: boolean,
): Promise<LinkResult> {
  const tag = noteTag(note);
  const file = readNoteFile(vault, note);
  // Worked out before anything changes: front matter that is not YAML stops the link here.
  const nextText = withLinkedNode(note, file.text, node, remove);
  const tags = await liveTags(bridge, node);
  const nodeChanged = tags.includes(tag) === remove;
  if (nodeChanged)
    await bridge.patch(`/api/nodes/${segment(node)}/metadata`, {
      tags: remove ? tags.filter((t) => t !== tag) : [...tags, tag],
    });
  if (nextText !== file.text) writeNoteFile(vault, note, nextText, { expectedSha256: file.sha256 });
  const ownTags = tags.filter((t) => t !== OWNER_TAG && !t.startsWith(VAULT_TAG));
  const warning =
    nodeChanged && tags.includes(OWNER_TAG) && ownTags.length > 0
      ? `${node} is built by svc and its source declares tags (${ownTags.join(", ")}): svc's next plan reports this tag as a live edit and keeps it unless --force; add "${tag}" to its tags in the source to keep the link for good`
      : undefined;
  return {
    note,
    node,
    tag,
    linked: !remove,
    node_tags: await liveTags(bridge, node),
    note_nodes: linkedNodes(note, readNoteFile(vault, note).text),
    node_changed: nodeChanged,
    note_changed: nextText !== file.text,
    ...(warning === undefined ? {} : { warning }),
  };
}

/**
 * After a note is applied: every operator its front matter names that exists and has lost the
 * note's tag (an edit or an export that rewrote the network's record can drop it) gets it back.
 * Returns the operators re-tagged; one that does not exist is left alone.
 */
export async function restoreLinks(vault: Vault, bridge: BridgeClient, note: string): Promise<string[]> {
  const tag = noteTag(note);
  const restored: string[] = [];
  for (const node of linkedNodes(note, readNoteFile(vault, note).text)) {
    let tags: string[];
    try {
      tags = await liveTags(bridge, node);
    } catch (err) {
      if ((err as { status?: number }).status === 404) continue;
      throw err;
    }
    if (tags.includes(tag)) continue;
    await bridge.patch(`/api/nodes/${segment(node)}/metadata`, { tags: [...tags, tag] });
    restored.push(node);
  }
  return restored;
}
