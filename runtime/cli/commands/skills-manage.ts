/** `svc skills manage`: svc's three agent skills kept in an agent's skills folder (runtime/skills/). */
import { UsageError } from "../args.js";
import type { Command } from "../command.js";

export const skillsManageCommand: Command = {
  name: ["skills", "manage"],
  summary:
    "Install, update or remove svc's three bundled agent skills in an agent's skills folder, with a dry run and rollback.",
  usage: "[--dir folder] [--remove] [--dry-run] [--force] [--json]",
  flags: {
    dir: {
      type: "string",
      valueName: "folder",
      description: "the agent's skills folder (default SVC_SKILLS_DIR, else ~/.svc/skills)",
    },
    remove: { type: "boolean", description: "remove svc's skills (only the files svc installed)" },
    "dry-run": { type: "boolean", description: "print the plan; change nothing" },
    force: { type: "boolean", description: "replace or remove svc's files even where they were changed since" },
    json: { type: "boolean", description: "print the plan as JSON" },
  },
  details: [
    "Only the skills svc ships are managed, and only the files svc wrote (recorded in .svc-skills.json):",
    "a skill folder svc did not install is a conflict and is never touched. Changes are made with the",
    "old files moved aside and put back if any step fails.",
  ].join("\n"),
  async run(args, io) {
    if (args.positionals.length > 0) throw new UsageError("'skills manage' takes no words");
    const { SkillsError, applySkills, planSkills, skillsFolder } = await import("../../skills/manage-skills.js");
    const dir = skillsFolder(typeof args.flags.dir === "string" ? args.flags.dir : undefined, io.env, io.cwd);
    const plan = planSkills(dir, args.flags.remove ? "remove" : "install", { force: args.flags.force === true });
    const dryRun = args.flags["dry-run"] === true;
    let error: InstanceType<typeof SkillsError> | undefined;
    if (!dryRun && plan.ok) {
      try {
        applySkills(plan);
      } catch (err) {
        if (!(err instanceof SkillsError)) throw err;
        error = err;
      }
    }
    if (args.flags.json)
      io.stdout(
        JSON.stringify(
          {
            ...plan,
            dryRun,
            applied: !dryRun && plan.ok && !error,
            ...(error ? { error: { code: error.code, message: error.message } } : {}),
          },
          null,
          2,
        ) + "\n",
      );
    else {
      io.stdout(`${dryRun ? "plan for" : "skills in"} ${dir}:\n`);
      for (const s of plan.skills) io.stdout(`  ${s.action.padEnd(9)} ${s.name}: ${s.detail}\n`);
    }
    if (!plan.ok)
      io.stderr("svc skills manage: nothing was changed: resolve the conflicts above (or --force for changed files)\n");
    if (error) io.stderr(`svc skills manage: ${error.code}: ${error.message}; everything was put back\n`);
    return plan.ok && !error ? 0 : 1;
  },
};
