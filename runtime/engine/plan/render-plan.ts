import { describeParam, type NodeState } from "./network-state.js";
import type { PlanWire } from "./output-guards.js";
import { createdFieldLines, fieldChangeLines } from "./render-fields.js";
import { isEmptyPlan, type Plan } from "./plan-types.js";

function rel(root: string, path: string): string {
  return path.startsWith(root + "/") ? path.slice(root.length + 1) : path;
}

function wire(root: string, w: PlanWire): string {
  const behind = w.via === undefined ? "" : ` (behind ${w.via.map((g) => rel(root, g)).join(", ")})`;
  return `${rel(root, w.from)}[${w.fromOutput}] -> ${rel(root, w.to)}[${w.toInput}]${behind}`;
}

/** What a node built anew gets: its parameters, then flags, metadata, text and controls. */
function builtLines(node: NodeState): string[] {
  const params = Object.entries(node.params)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, p]) => `${name}: ${describeParam(p)}`);
  return [...params, ...createdFieldLines(node)].map((line) => `      ${line}`);
}

/**
 * The plan for people, in the familiar +/~/-/-+ notation, ending with the one-line summary.
 * Conflicts are listed apart: they are what svc will NOT do.
 */
export function renderPlanText(plan: Plan): string {
  const out: string[] = [];
  const r = plan.root;
  if (isEmptyPlan(plan) && plan.conflicts.length > 0) {
    out.push(
      `No changes will be made to ${r}, but the source differs from it: ${plan.conflicts.length} change${plan.conflicts.length === 1 ? " is" : "s are"} held back by the conflict${plan.conflicts.length === 1 ? "" : "s"} below.`,
    );
  } else if (isEmptyPlan(plan) && plan.liveOnly.length > 0) {
    const n = plan.liveOnly.length;
    out.push(
      `No changes. The live network at ${r} matches the source, apart from ${n} value${n === 1 ? "" : "s"} set live that the source does not mention (below).`,
    );
  } else if (isEmptyPlan(plan)) {
    out.push(`No changes. The live network at ${r} matches the source.`);
  } else {
    out.push(`svc will make these changes to ${r}:`, "");
    for (const c of plan.changes) {
      switch (c.kind) {
        case "create":
          out.push(`  + ${rel(r, c.path)} (${c.type})`, ...builtLines(c.node));
          break;
        case "update":
          out.push(`  ~ ${rel(r, c.path)} (${c.type})`);
          for (const p of c.params) out.push(`      ${p.name}: ${describeParam(p.from)} -> ${describeParam(p.to)}`);
          for (const f of c.fields) for (const line of fieldChangeLines(f)) out.push(`      ${line}`);
          break;
        case "delete":
          out.push(`  - ${rel(r, c.path)} (${c.type})`);
          break;
        case "replace":
          out.push(`-/+ ${rel(r, c.path)} (${c.fromType} -> ${c.toType})`, ...builtLines(c.node));
          break;
        case "rename":
          out.push(`  ~ ${rel(r, c.from)} renamed to ${rel(r, c.to)} (${c.type})`);
          break;
      }
    }
    if (plan.wiresAdded.length || plan.wiresRemoved.length) {
      out.push("", "  wires:");
      for (const w of plan.wiresAdded) out.push(`    + ${wire(r, w)}`);
      for (const w of plan.wiresRemoved) out.push(`    - ${wire(r, w)}`);
    }
  }
  if (plan.conflicts.length) {
    out.push(
      "",
      `  ! ${plan.conflicts.length} conflict${plan.conflicts.length === 1 ? "" : "s"}, left alone${plan.forced ? "" : " (use --force to overwrite live edits)"}:`,
    );
    for (const c of plan.conflicts) {
      const detail =
        c.kind === "drift" ? ` [last applied ${c.lastApplied ?? "(unset)"}, live ${c.live}, source ${c.desired}]` : "";
      out.push(`    ${rel(r, c.path)}: ${c.message}${detail}`);
    }
  }
  if (plan.liveOnly.length) {
    out.push(
      "",
      `  = ${plan.liveOnly.length} live-only value${plan.liveOnly.length === 1 ? "" : "s"}, kept (the source does not mention ${plan.liveOnly.length === 1 ? "it" : "them"}; write ${plan.liveOnly.length === 1 ? "it" : "them"} into the source to keep ${plan.liveOnly.length === 1 ? "it" : "them"} for good):`,
    );
    for (const v of plan.liveOnly) out.push(`    ${rel(r, v.path)}.${v.name.replace("flag:", "flag ")}: ${v.live}`);
  }
  const s = plan.summary;
  const ignored = plan.ignoredUnowned
    ? ` ${plan.ignoredUnowned} node${plan.ignoredUnowned === 1 ? "" : "s"} not managed by svc left alone.`
    : "";
  out.push("", `Plan: ${s.add} to add, ${s.change} to change, ${s.destroy} to destroy.${ignored}`);
  return out.join("\n") + "\n";
}

/** The plan for tools and CI; `liveFingerprint` lets a saved plan be refused when the network moved. */
export function planToJson(plan: Plan): unknown {
  return {
    root: plan.root,
    summary: plan.summary,
    empty: isEmptyPlan(plan),
    changes: plan.changes.map((c) => {
      if (c.kind === "create") {
        const { source, paramSources: _params, ...node } = c.node;
        return { kind: c.kind, path: c.path, type: c.type, node, source: source ?? null };
      }
      if (c.kind === "replace") {
        const { source, paramSources: _params, ...node } = c.node;
        return { kind: c.kind, path: c.path, fromType: c.fromType, toType: c.toType, node, source: source ?? null };
      }
      return c;
    }),
    wiresAdded: plan.wiresAdded,
    wiresRemoved: plan.wiresRemoved,
    conflicts: plan.conflicts,
    liveOnly: plan.liveOnly,
    ignoredUnowned: plan.ignoredUnowned,
    liveFingerprint: plan.liveFingerprint,
    forced: plan.forced,
  };
}
