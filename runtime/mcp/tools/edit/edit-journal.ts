/**
 * The edit tools' part in svc's apply journal. An edit applies through the loop as apply_network
 * does, so its apply is journalled in svc's folder and can be finished or undone by the next
 * command if it is cut off. An apply of the edited network cut off earlier (by any svc command or
 * tool) is finished before the edit reads the network: the edit then starts from the network as it
 * was before that apply, not from the half of it that landed.
 */
import { recoverApplies, unfinishedAppliesOf, type BridgeClient, type RecoveryReport } from "../../../engine/index.js";
import { journalDir } from "../../../onboarding/places.js";
import type { Services } from "../../../services.js";
import { EditRefusal } from "./refusal.js";
import type { ToolOutcome } from "../result.js";

/** svc's folder of apply journals, for the edit's own apply. */
export function editJournalDir(services: Services): string {
  return journalDir(services.env);
}

/** An unfinished apply finished before the edit, as the edit tools report it. */
export type RecoveredApply = Pick<
  RecoveryReport,
  "root" | "landed" | "totalRequests" | "unknown" | "action" | "summary"
>;

const onPath = (root: string, path: string) =>
  root === path || path.startsWith(`${root}/`) || root.startsWith(`${path}/`);

/**
 * Finishes the unfinished applies of the network at `path` (a journal whose root holds `path`, or
 * lies under it): rolled back, as the next apply_network would. Undone only in part, the edit is
 * refused, with what was found: editing on top of it would build on a network nobody planned.
 */
export async function finishUnfinished(
  client: BridgeClient,
  services: Services,
  path: string,
  progress?: (message: string) => void,
): Promise<RecoveredApply[]> {
  const dir = editJournalDir(services);
  const roots = unfinishedAppliesOf(dir, client.config.url)
    .map((u) => u.root)
    .filter((root) => onPath(root, path));
  if (roots.length === 0) return [];
  const { reports, diagnostics } = await recoverApplies(client, dir, {
    roots,
    ...(progress === undefined ? {} : { progress }),
  });
  const incomplete = diagnostics.find((d) => d.severity === "error");
  if (incomplete !== undefined)
    throw new EditRefusal("apply-recovery-incomplete", `${incomplete.message}; nothing of this edit was applied`, {
      help: incomplete.help ?? [],
    });
  return reports.map(({ root, landed, totalRequests, unknown, action, summary }) => ({
    root,
    landed,
    totalRequests,
    unknown,
    action,
    summary,
  }));
}

/** One line per finished apply, ahead of the edit's own text. */
function recoveredText(recovered: readonly RecoveredApply[]): string[] {
  return recovered.map(
    (r) =>
      `first, an unfinished apply of ${r.root}: ${r.landed} of ${r.totalRequests} requests had landed${r.unknown > 0 ? ` (and ${r.unknown} more may have)` : ""}; ${r.summary}`,
  );
}

/** An edit's outcome with the applies finished before it said first (a failure says them too). */
export function withRecovered<T>(recovered: readonly RecoveredApply[], outcome: ToolOutcome<T>): ToolOutcome<T> {
  if (recovered.length === 0) return outcome;
  const lines = recoveredText(recovered);
  if (outcome.ok) return { ...outcome, text: [...lines, outcome.text].join("\n") };
  return {
    ...outcome,
    error: {
      ...outcome.error,
      message: `${outcome.error.message} (${lines.join("; ")})`,
      details: { ...outcome.error.details, recovered },
    },
  };
}
