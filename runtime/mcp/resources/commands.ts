import { inProfile } from "../tools/registry.js";
import { TOOL_PROFILES } from "../config.js";
import { json, type FixedResource } from "./registry.js";

/**
 * `svc://commands`: the real registry, so an assistant can see every tool svc has, which profiles
 * offer it, whether this server registered it, and the prompts it offers.
 */
export const commandsResource: FixedResource = {
  name: "commands",
  title: "Command catalog",
  description:
    "Every svc tool (with its profiles and whether this server offers it) and every prompt this server offers.",
  mimeType: "application/json",
  uri: "svc://commands",
  async read(catalog) {
    // Every tool, not only this profile's: their files are imported on the first read.
    const { allTools } = await import("../tools/all-tools.js");
    const offered = new Set(catalog.toolNames);
    return json({
      profile: catalog.selection.profile,
      rawPython: catalog.selection.rawPython,
      tools: allTools.map((t) => ({
        name: t.name,
        description: t.description,
        profiles: TOOL_PROFILES.filter((p) => inProfile(t, p)),
        readOnly: t.annotations.readOnlyHint,
        destructive: t.annotations.destructiveHint === true,
        rawPython: t.rawPython === true,
        offered: offered.has(t.name),
      })),
      prompts: catalog.prompts.map((p) => ({
        name: p.name,
        description: p.description,
        arguments: Object.keys(p.args),
        tools: [...p.requires],
      })),
    });
  },
};
