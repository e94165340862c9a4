import { z } from "zod";
import { defineTool } from "../registry.js";
import { failure, success } from "../result.js";

const entry = z.object({ name: z.string(), action: z.string(), detail: z.string() });

export const manageAgentSkills = defineTool({
  name: "manage_agent_skills",
  title: "svc's agent skills",
  description:
    "Plan, install, update or remove svc's three bundled agent skills in an agent's skills folder (SVC_SKILLS_DIR, else ~/.svc/skills). Only files svc installed are touched; a folder svc did not install is a conflict; dry_run only plans; a failure puts everything back.",
  input: {
    action: z.enum(["status", "install", "remove"]).describe("status plans an install without changing anything"),
    dry_run: z.boolean().default(false),
    force: z.boolean().default(false).describe("replace or remove svc's files even where they were changed since"),
  },
  output: { dir: z.string(), operation: z.string(), skills: z.array(entry), ok: z.boolean(), applied: z.boolean() },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  profiles: [],
  async handler({ action, dry_run, force }) {
    const { SkillsError, applySkills, planSkills, skillsFolder } = await import("../../../skills/manage-skills.js");
    const dir = skillsFolder(undefined, process.env, process.cwd());
    const plan = planSkills(dir, action === "remove" ? "remove" : "install", { force });
    const apply = action !== "status" && !dry_run;
    if (apply) {
      try {
        applySkills(plan);
      } catch (err) {
        if (err instanceof SkillsError)
          return failure(err.code, err.message, { details: { ...err.details, skills: plan.skills } });
        throw err;
      }
    }
    const summary = plan.skills.map((s) => `${s.name} ${s.action}`).join(", ");
    return success({ ...plan, applied: apply }, `${apply ? "done" : "plan"} in ${dir}: ${summary}`);
  },
});
