/**
 * Imports the tools of some manifest lines and checks each against its line, so a server built from
 * the manifest offers exactly what the tool files declare.
 */
import { toolManifest, type ToolManifestEntry } from "./tool-manifest.js";
import type { AnyToolDefinition } from "./registry.js";

/** How a loaded tool disagrees with its manifest line; empty when it agrees. */
export function manifestMismatch(entry: ToolManifestEntry, tool: AnyToolDefinition | undefined): string[] {
  if (!tool) return [`manifest line '${entry.name}': its module exports no such tool`];
  const problems: string[] = [];
  if (tool.name !== entry.name) problems.push(`manifest line '${entry.name}' loads the tool '${tool.name}'`);
  if (tool.profiles.join(",") !== entry.profiles.join(",")) {
    problems.push(
      `manifest line '${entry.name}': profiles [${entry.profiles.join(", ")}], the tool declares [${tool.profiles.join(", ")}]`,
    );
  }
  if ((tool.rawPython === true) !== (entry.rawPython === true))
    problems.push(`manifest line '${entry.name}': rawPython differs from the tool's`);
  if (tool.feature !== entry.feature) problems.push(`manifest line '${entry.name}': feature differs from the tool's`);
  return problems;
}

function disagreement(problems: readonly string[]): Error {
  return new Error(`the tool manifest disagrees with the tool files:\n  ${problems.join("\n  ")}`);
}

/** One line's tool, refused when it disagrees with its line. */
export async function loadTool(entry: ToolManifestEntry): Promise<AnyToolDefinition> {
  const tool = await entry.load();
  const problems = manifestMismatch(entry, tool);
  if (problems.length > 0) throw disagreement(problems);
  return tool;
}

/** Any tool of svc by name, whatever the profile, checked against its line: what ToolContext.tool gives. */
export async function toolByName(name: string): Promise<AnyToolDefinition | undefined> {
  const entry = toolManifest.find((e) => e.name === name);
  return entry && loadTool(entry);
}

/** The tools of `entries`, imported side by side, in name order (the order of tools/list). */
export async function loadTools(entries: readonly ToolManifestEntry[]): Promise<AnyToolDefinition[]> {
  const tools = await Promise.all(entries.map((e) => e.load()));
  const problems = entries.flatMap((e, i) => manifestMismatch(e, tools[i]));
  if (problems.length > 0) throw disagreement(problems);
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}
