/**
 * Runs atomic edits end to end: find the one svc network they act in, open it, change its tree
 * step by step, and apply the result as one plan. Loaded on the first edit tool call.
 */
import type { Services } from "../../../services.js";
import { success, type ToolOutcome } from "../result.js";
import { BridgeError, type DeleteAuthorization, OWNER_TAG } from "../../../engine/index.js";
import { applyEdit, refusing, type RunResult } from "./apply-edit.js";
import { runStep, type Edit } from "./edits.js";
import { networkFor, type EditableNetwork } from "./live-network.js";
import { EditRefusal } from "./refusal.js";
import { editJournalDir, finishUnfinished, withRecovered } from "./edit-journal.js";

export interface RunOptions {
  /** The caller's services: the edit reads and applies through their bridge client. */
  services: Services;
  force: boolean;
  /** Change a node svc did not build, directly and as one undo step (single edits only). */
  allowUnmanaged?: boolean;
  progress?: (message: string) => void;
  /** A delete the artist authorized through the broker (its batch operation carries the interaction). */
  deleteAuthorization?: DeleteAuthorization;
}

/** The path that decides which network an edit belongs to. */
function anchor(edit: Edit): string {
  switch (edit.op) {
    case "create_node":
      return edit.parent;
    case "connect":
    case "disconnect":
      return edit.to;
    default:
      return edit.path;
  }
}

const inside = (root: string, path: string) => path === root || path.startsWith(root + "/");

/** What a piece of edit work did to the tree. */
export interface WorkDone {
  touched: Iterable<string>;
  steps: string[];
  extra?: Record<string, unknown>;
}

/**
 * Opens the network around `anchorPath` (or starts one there when `mayStart`), lets `work` change
 * its tree, and applies the result as one plan.
 */
export async function editNetwork(
  anchorPath: string,
  mayStart: boolean,
  work: (net: EditableNetwork) => WorkDone,
  options: RunOptions,
): Promise<ToolOutcome<RunResult>> {
  return refusing(async () => {
    const client = await options.services.bridge();
    // An apply of this network cut off earlier is finished first: the edit starts from the network as it was.
    const recovered = await finishUnfinished(client, options.services, anchorPath, options.progress);
    options.progress?.(`reading the network around ${anchorPath}`);
    const net = await networkFor(client, anchorPath, { mayStart });
    const done = work(net);
    const extra: Record<string, unknown> = {
      steps: done.steps,
      ...(done.extra ?? {}),
      ...(recovered.length === 0 ? {} : { recovered }),
    };
    const journal = { ...options, journalDir: editJournalDir(options.services) };
    return withRecovered(
      recovered,
      (await applyEdit(client, net, new Set(done.touched), journal, extra)) as ToolOutcome<RunResult>,
    );
  });
}

/** The flag that lets this one edit change an artist's node, when it can; undefined otherwise. */
async function unmanagedTarget(edit: Edit): Promise<string | undefined> {
  const { targetOf } = await import("./unmanaged.js");
  return targetOf(edit);
}

export async function runEdits(edits: readonly Edit[], options: RunOptions): Promise<ToolOutcome<RunResult>> {
  const first = edits[0]!;
  const target = edits.length === 1 ? await unmanagedTarget(first) : undefined;
  if (target !== undefined) {
    const direct = await refusing<RunResult | null>(async () => {
      const client = await options.services.bridge();
      const { editUnmanaged, readNode, reuseArtistNode } = await import("./unmanaged.js");
      const node = await readNode(client, target).catch((err: unknown) => {
        if (err instanceof BridgeError && err.status === 404) return undefined; // the edit's own path says "not found"
        throw err;
      });
      if (node === undefined || node.tags.includes(OWNER_TAG)) return success(null, "");
      if (first.op === "create_node") return reuseArtistNode(first, node) ?? success(null, "");
      if (!options.allowUnmanaged) {
        throw new EditRefusal(
          "not-owned",
          `${node.path} was not built by svc (it has no 'svc' tag), so svc leaves it alone. To change it anyway pass allow_unmanaged: true: ` +
            "the reply then lists the change, before and after, and one undo step in TouchDesigner puts it back.",
          { path: node.path, flag: "allow_unmanaged" },
        );
      }
      return editUnmanaged(client, first, node);
    });
    if (!direct.ok || direct.data !== null) return direct as ToolOutcome<RunResult>;
  }
  // Only a node creation may start a network where none exists yet.
  return editNetwork(
    anchor(first),
    first.op === "create_node",
    (net) => {
      const outside = edits.map(anchor).filter((p) => !inside(net.root, p));
      if (outside.length > 0) {
        throw new EditRefusal(
          "several-networks",
          `every edit of one call must be inside ${net.root}; not: ${[...new Set(outside)].join(", ")}`,
        );
      }
      const touched = new Set<string>();
      const steps: string[] = [];
      const extra: Record<string, unknown> = {};
      for (const [i, edit] of edits.entries()) {
        try {
          const step = runStep(net, edit);
          for (const t of step.touched) touched.add(t);
          steps.push(step.note);
          if (edits.length === 1 && step.path !== undefined)
            Object.assign(extra, { path: step.path, reused: step.reused ?? false });
          if (edits.length === 1 && step.kept !== undefined)
            Object.assign(extra, { kept: step.kept, dropped: step.dropped ?? [] });
        } catch (err) {
          if (err instanceof EditRefusal && edits.length > 1) {
            throw new EditRefusal(err.code, `operation ${i + 1} (${edit.op}): ${err.message}; nothing was applied`, {
              ...err.details,
              operation: i + 1,
            });
          }
          throw err;
        }
      }
      return { touched, steps, extra };
    },
    options,
  );
}
