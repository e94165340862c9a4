import { z } from "zod";
import { AgentBriefError, BRIEF_FILE, briefRoot, replaceAgentBrief } from "../../../session/agent-brief.js";
import { sessionExplicitRoot } from "../../../session/current.js";
import { readSessionProfile, SessionProfileError } from "../../../session/profile.js";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

export const replaceProjectBrief = defineTool({
  name: "replace_project_brief",
  title: "Replace the project brief",
  description: `Replace the project's ${BRIEF_FILE} (title, goals, constraints, naming, notes) when its current revision is exactly expected_revision (0 when it has none); the folder is the one svc://project/brief reads.`,
  input: {
    expected_revision: z
      .number()
      .int()
      .min(0)
      .describe("the revision read from svc://project/brief; 0 creates the first"),
    title: z.string().max(200).optional(),
    goals: z.array(z.string().max(500)).max(50).optional(),
    constraints: z.array(z.string().max(500)).max(50).optional(),
    naming: z.string().max(2000).optional(),
    notes: z.string().max(8000).optional(),
  },
  output: { root: z.string(), revision: z.number() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  profiles: [],
  async handler({ expected_revision, ...content }) {
    try {
      const chosen = briefRoot({
        explicitRoot: sessionExplicitRoot(),
        savedProjectFolder: readSessionProfile().projectFolder,
      });
      if (!chosen)
        return failure(
          "brief-no-root",
          "no project folder is chosen: call load_session_profile with project_folder, or set SVC_PROJECT_DIR",
        );
      const brief = replaceAgentBrief(chosen.root, expected_revision, content);
      return success(
        { root: chosen.root, revision: brief.revision },
        `Wrote revision ${brief.revision} of ${BRIEF_FILE} in ${chosen.root}.`,
      );
    } catch (err) {
      if (err instanceof AgentBriefError || err instanceof SessionProfileError) return failure(err.code, err.message);
      throw err;
    }
  },
});
