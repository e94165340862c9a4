/**
 * What every artist tool does once it has its network: print it, plan it against the live project,
 * refuse when the plan would remove anything (the tools create, they never delete: a name already
 * used by another network is an error, not a replacement), apply it through the same loop as
 * `svc apply`, and return the network, its source, the live errors and a thumbnail.
 */
import { print } from "../../../../grammar/print.js";
import { applyFile, planFile, type RecoveryReport } from "../../../engine/index.js";
import { journalDir } from "../../../onboarding/places.js";
import type { ToolContext } from "../registry.js";
import { applied, failure, type ToolOutcome } from "../result.js";
import * as report from "../network/loop-report.js";
import { networkFile, type NetworkDraft } from "./network-source.js";
import { mcpSourceHost } from "../language/source-host.js";
import { RECIPES_URI } from "../language/source-input.js";
import { recipesDir } from "../../../recipes/catalog.js";

export interface ArtistData {
  network: string;
  recipes: string[];
  file: string;
  source: string;
  applied: boolean;
  operations: number;
  verify: { errors: number; warnings: number; complete: boolean } | null;
  errors: number;
  warnings: number;
  diagnostics: Array<Record<string, unknown>>;
  preview: { path: string; width: number; height: number } | null;
  /** An apply of this network that was cut off earlier, finished (rolled back) before this build. */
  recovered?: Array<Pick<RecoveryReport, "root" | "landed" | "totalRequests" | "unknown" | "action" | "summary">>;
}

const ROOT = "/project1";

/** A network to build: anything that has a name and can give its syntax tree. */
export type ArtistNetwork = Pick<NetworkDraft, "name" | "program">;

export async function runArtist(
  draft: ArtistNetwork,
  recipes: string[],
  preview: number,
  ctx: ToolContext,
): Promise<ToolOutcome<ArtistData>> {
  return withoutLocalPaths(await build(draft, recipes, preview, ctx));
}

/**
 * The network is compiled where svc's recipes are installed, so that its imports resolve; the
 * caller sees that folder as `svc://recipes` (the resource it can read), never a path of this machine.
 */
function withoutLocalPaths<T>(outcome: ToolOutcome<T>): ToolOutcome<T> {
  const local = JSON.stringify(recipesDir()).slice(1, -1);
  const json = JSON.stringify(outcome);
  return json.includes(local)
    ? (JSON.parse(
        json
          .split(local + "/")
          .join(RECIPES_URI)
          .split(local)
          .join(RECIPES_URI.slice(0, -1)),
      ) as ToolOutcome<T>)
    : outcome;
}

async function build(
  draft: ArtistNetwork,
  recipes: string[],
  preview: number,
  ctx: ToolContext,
): Promise<ToolOutcome<ArtistData>> {
  const source = print(draft.program());
  const file = networkFile(draft.name);
  const input = { text: source, file };
  const network = `${ROOT}/${draft.name}`;
  const bridge = await ctx.services.bridge();
  const progress = (m: string) => void ctx.progress(m);

  // svc's folder of apply journals: an apply of this network cut off earlier is finished (rolled back)
  // by the plan, before it is compared, and the build's own apply is journalled.
  const journal = journalDir(ctx.services.env);
  const planned = await planFile(bridge, input, {
    progress,
    host: await mcpSourceHost(process.env, ctx.extra),
    journalDir: journal,
  });
  if (!planned.ok) return report.loopFailure(planned, { source, file });
  const recovered = (planned.recovered ?? []).map(({ root, landed, totalRequests, unknown, action, summary }) => ({
    root,
    landed,
    totalRequests,
    unknown,
    action,
    summary,
  }));
  const removals = planned.plans
    .flatMap((p) => p.plan.changes)
    .filter((c) => c.kind === "delete" || c.kind === "replace");
  if (removals.length > 0) {
    const paths = removals.map((c) => c.path);
    return failure(
      "network-exists",
      `${network} already holds a different network; building here would remove ${paths.length} node(s). Choose another name, or edit that network with apply_network.`,
      {
        details: { network, wouldRemove: paths.slice(0, 20), source, file },
      },
    );
  }

  const result = await applyFile(bridge, input, {
    progress,
    host: await mcpSourceHost(process.env, ctx.extra),
    journalDir: journal,
    ...(preview > 0 ? { previewSize: preview } : {}),
  });
  if (!result.ok) return report.loopFailure(result, { source, file });
  const shot = await report.previewPart(result.preview, preview);
  const counts = report.severityCounts(result.diagnostics);
  const v = result.verified[0];
  const data: ArtistData = {
    network,
    recipes,
    file,
    source,
    applied: result.outcomes.length > 0,
    operations: result.outcomes.reduce((n, o) => n + o.operations, 0),
    verify: v ? { errors: v.errors, warnings: v.warnings, complete: v.complete } : null,
    ...counts,
    diagnostics: report.diagnosticsJson(result.diagnostics),
    preview: shot.brief,
    ...(recovered.length === 0 ? {} : { recovered }),
  };
  const first = recovered.map(
    (r) =>
      `first, an unfinished apply of ${r.root}: ${r.landed} of ${r.totalRequests} requests had landed${r.unknown > 0 ? ` (and ${r.unknown} more may have)` : ""}; ${r.summary}`,
  );
  const head = `${data.applied ? "built" : "already up to date:"} ${network}${recipes.length ? ` from ${recipes.join(" + ")}` : ""}`;
  const live = counts.errors > 0 ? `; ${counts.errors} error${counts.errors === 1 ? "" : "s"} after apply` : "";
  const text = [...first, `${head}${live}`, source, report.codeFrames(result.diagnostics, result.sources)]
    .filter(Boolean)
    .join("\n");
  return applied(data, text, shot.blocks, counts.errors);
}
