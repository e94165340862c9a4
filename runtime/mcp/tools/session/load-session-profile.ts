import { z } from "zod";
import { briefRoot, readAgentBrief, AgentBriefError } from "../../../session/agent-brief.js";
import { setSessionExplicitRoot, sessionExplicitRoot } from "../../../session/current.js";
import {
  PREFERENCE_KEY,
  PROFILE_LIMITS,
  readSessionProfile,
  sessionProfilePath,
  SessionProfileError,
  updatedProfile,
  writeSessionProfile,
} from "../../../session/profile.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

export const loadSessionProfile = defineTool({
  name: "load_session_profile",
  title: "Load the session profile",
  description:
    "Load the persistent session profile (preferences, recent networks, saved project folder) and optionally update it: set or delete preferences, remember a network, or name the project folder whose .svc/agent-brief.json svc://project/brief shows.",
  input: {
    preferences: z
      .record(
        z.string().regex(PREFERENCE_KEY),
        z.union([z.string().max(PROFILE_LIMITS.valueChars), z.number(), z.boolean(), z.null()]),
      )
      .optional()
      .describe("preferences to set; null deletes one"),
    remember_network: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("a network worked on now, put first among the recent ones"),
    project_folder: z
      .string()
      .min(1)
      .max(1024)
      .optional()
      .describe("absolute path of the project folder: the explicit root for this session, also saved in the profile"),
  },
  output: {
    profile: z.object({
      version: z.literal(1),
      updatedAt: z.string().nullable(),
      preferences: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      recentNetworks: z.array(z.object({ name: z.string(), at: z.string() })),
      projectFolder: z.string().nullable(),
    }),
    saved: z.boolean(),
    brief: z.object({ root: z.string().nullable(), source: z.string().nullable(), revision: z.number().nullable() }),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  // Not in core: core's tools/list stays under its size budget; the profile is one resource read away.
  profiles: ["safe"],
  async handler({ preferences, remember_network, project_folder }) {
    const path = sessionProfilePath();
    try {
      const current = readSessionProfile(path);
      const changes = preferences !== undefined || remember_network !== undefined || project_folder !== undefined;
      const update = {
        ...(preferences ? { preferences } : {}),
        ...(remember_network ? { rememberNetwork: remember_network } : {}),
        ...(project_folder ? { projectFolder: project_folder } : {}),
      };
      const profile = changes ? updatedProfile(current, update) : current;
      if (changes) writeSessionProfile(profile, path);
      if (project_folder) setSessionExplicitRoot(project_folder);
      const chosen = briefRoot({ explicitRoot: sessionExplicitRoot(), savedProjectFolder: profile.projectFolder });
      const brief = chosen ? readAgentBrief(chosen.root) : null;
      const briefInfo = {
        root: chosen?.root ?? null,
        source: chosen?.source ?? null,
        revision: brief?.revision ?? null,
      };
      const text = [
        `${changes ? "Updated and saved" : "Loaded"} the session profile: ${Object.keys(profile.preferences).length} preferences, ${profile.recentNetworks.length} recent networks.`,
        chosen
          ? brief
            ? `Project brief revision ${brief.revision} at svc://project/brief.`
            : `No .svc/agent-brief.json in ${chosen.root}.`
          : "No project folder chosen: pass project_folder or set SVC_PROJECT_DIR to read a project brief.",
      ].join(" ");
      return success({ profile, saved: changes, brief: briefInfo }, text);
    } catch (err) {
      if (err instanceof SessionProfileError || err instanceof AgentBriefError) return failure(err.code, err.message);
      throw err;
    }
  },
});
