/**
 * svc's agent skills: exactly three, shipped in the package's `skills/` folder and listed with their
 * SHA-256 in `skills/manifest.json`, kept in an agent's skills folder. What svc put there is recorded
 * in `<folder>/.svc-skills.json` (files and checksums); only those files are ever replaced or
 * removed. A skill folder svc does not own is a conflict and is never touched; an owned file the
 * user changed is kept unless forced. Every change is planned first (dry run: the plan only), then
 * made with svc's old files moved aside, and rolled back to them if any step fails (a bundled file
 * that does not match the manifest, a write that fails).
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { packageRoot } from "../package-root.js";
import { sha256, sha256File } from "../artifacts/checksums.js";
import { CodedError } from "../artifacts/coded-error.js";

const SKILL_COUNT = 3;
const OWNERSHIP_FILE = ".svc-skills.json";

interface SkillEntry {
  name: string;
  files: { file: string; sha256: string }[];
}

interface Manifest {
  format: "svc-skills";
  version: number;
  skills: SkillEntry[];
}

interface Ownership {
  format: "svc-skills-installed";
  manifest_version: number;
  skills: SkillEntry[];
}

export class SkillsError extends CodedError {}

export function bundledSkillsDir(): string {
  return join(packageRoot(), "skills");
}

export function skillsFolder(given: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const dir = given ?? env.SVC_SKILLS_DIR?.trim();
  if (dir) return isAbsolute(dir) ? dir : resolve(cwd, dir);
  return join(homedir(), ".svc", "skills");
}

const SKILL_NAME = /^[a-z][a-z0-9-]{0,63}$/;
const FILE_NAME = /^[A-Za-z0-9_.-]+$/;

function readBundle(bundle: string): Manifest {
  const m = JSON.parse(readFileSync(join(bundle, "manifest.json"), "utf8")) as Manifest;
  if (m.format !== "svc-skills" || !Array.isArray(m.skills))
    throw new SkillsError("bad-manifest", `${bundle}/manifest.json is not an svc skills manifest`);
  if (m.skills.length !== SKILL_COUNT)
    throw new SkillsError(
      "bad-manifest",
      `the manifest lists ${m.skills.length} skills; svc ships exactly ${SKILL_COUNT}`,
    );
  for (const s of m.skills) {
    if (!SKILL_NAME.test(s.name) || !s.files.every((f) => FILE_NAME.test(f.file) && /^[0-9a-f]{64}$/.test(f.sha256))) {
      throw new SkillsError("bad-manifest", `skill '${s.name}' has a bad name, file name or checksum in the manifest`);
    }
  }
  return m;
}

function readOwnership(dir: string): Ownership | undefined {
  const file = join(dir, OWNERSHIP_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Ownership) : undefined;
}

type SkillAction = "create" | "update" | "unchanged" | "remove" | "absent" | "conflict" | "modified";

interface SkillPlanEntry {
  name: string;
  action: SkillAction;
  detail: string;
}

export interface SkillsPlan {
  dir: string;
  operation: "install" | "remove";
  skills: SkillPlanEntry[];
  /** Nothing will change when false (conflicts, or changed files without force). */
  ok: boolean;
}

/** Files of an owned skill the user changed since svc wrote them. */
function changedFiles(dir: string, owned: SkillEntry): string[] {
  return owned.files
    .filter((f) => !existsSync(join(dir, owned.name, f.file)) || sha256File(join(dir, owned.name, f.file)) !== f.sha256)
    .map((f) => f.file);
}

export function planSkills(
  dir: string,
  operation: "install" | "remove",
  options: { force?: boolean; bundle?: string } = {},
): SkillsPlan {
  const manifest = readBundle(options.bundle ?? bundledSkillsDir());
  const owned = new Map((readOwnership(dir)?.skills ?? []).map((s) => [s.name, s] as const));
  const skills = manifest.skills.map((skill): SkillPlanEntry => {
    const mine = owned.get(skill.name);
    const present = existsSync(join(dir, skill.name));
    if (present && mine === undefined)
      return {
        name: skill.name,
        action: "conflict",
        detail: `${join(dir, skill.name)} exists and svc did not install it; it is left alone`,
      };
    const changed = mine ? changedFiles(dir, mine) : [];
    if (changed.length > 0 && !options.force)
      return {
        name: skill.name,
        action: "modified",
        detail: `changed since svc installed it: ${changed.join(", ")} (force replaces them)`,
      };
    if (operation === "remove")
      return present
        ? { name: skill.name, action: "remove", detail: "svc's files removed" }
        : { name: skill.name, action: "absent", detail: "not installed" };
    if (!present) return { name: skill.name, action: "create", detail: "installed" };
    const same =
      mine!.files.length === skill.files.length &&
      skill.files.every((f) => mine!.files.some((g) => g.file === f.file && g.sha256 === f.sha256)) &&
      changed.length === 0;
    return same
      ? { name: skill.name, action: "unchanged", detail: "already this version" }
      : { name: skill.name, action: "update", detail: "replaced by the bundled version" };
  });
  return { dir, operation, skills, ok: skills.every((s) => s.action !== "conflict" && s.action !== "modified") };
}

/** Makes the plan real; on any failure every skill folder is put back as it was. Only owned files move. */
export function applySkills(plan: SkillsPlan, options: { bundle?: string } = {}): void {
  if (!plan.ok) {
    const blocked = plan.skills.filter((s) => s.action === "conflict" || s.action === "modified");
    throw new SkillsError(
      blocked[0]!.action === "conflict" ? "skill-conflict" : "skill-modified",
      blocked.map((s) => `${s.name}: ${s.detail}`).join("; "),
      { skills: blocked },
    );
  }
  const bundle = options.bundle ?? bundledSkillsDir();
  const manifest = readBundle(bundle);
  const { dir } = plan;
  mkdirSync(dir, { recursive: true });
  const owned = new Map((readOwnership(dir)?.skills ?? []).map((s) => [s.name, s] as const));
  const aside = join(dir, `.svc-skills-old-${process.pid}-${Date.now()}`);
  const movedAside: { from: string; to: string }[] = [];
  const written: string[] = [];
  const madeFolders: string[] = [];
  const ownershipBefore = existsSync(join(dir, OWNERSHIP_FILE)) ? readFileSync(join(dir, OWNERSHIP_FILE)) : undefined;
  try {
    for (const entry of plan.skills) {
      if (entry.action !== "update" && entry.action !== "remove" && entry.action !== "create") continue;
      const target = join(dir, entry.name);
      for (const f of owned.get(entry.name)?.files ?? []) {
        if (!existsSync(join(target, f.file))) continue;
        mkdirSync(join(aside, entry.name), { recursive: true });
        renameSync(join(target, f.file), join(aside, entry.name, f.file));
        movedAside.push({ from: join(target, f.file), to: join(aside, entry.name, f.file) });
      }
      if (entry.action === "remove") {
        if (readdirSync(target).length === 0) rmdirSync(target);
        continue;
      }
      if (!existsSync(target)) {
        mkdirSync(target);
        madeFolders.push(target);
      }
      const skill = manifest.skills.find((s) => s.name === entry.name)!;
      for (const f of skill.files) {
        const data = readFileSync(join(bundle, skill.name, f.file));
        if (sha256(data) !== f.sha256)
          throw new SkillsError(
            "bundle-mismatch",
            `the bundled ${skill.name}/${f.file} does not match svc's skills manifest; nothing was changed`,
          );
        writeFileSync(join(target, f.file), data);
        written.push(join(target, f.file));
      }
    }
    const ownership: Ownership = {
      format: "svc-skills-installed",
      manifest_version: manifest.version,
      skills: plan.operation === "install" ? manifest.skills : [],
    };
    writeFileSync(join(dir, OWNERSHIP_FILE), JSON.stringify(ownership, null, 2) + "\n");
  } catch (err) {
    for (const file of written) rmSync(file, { force: true });
    for (const folder of madeFolders) rmSync(folder, { recursive: true, force: true });
    for (const { from, to } of movedAside.reverse()) {
      mkdirSync(dirname(from), { recursive: true });
      renameSync(to, from);
    }
    rmSync(aside, { recursive: true, force: true });
    if (ownershipBefore === undefined) rmSync(join(dir, OWNERSHIP_FILE), { force: true });
    else writeFileSync(join(dir, OWNERSHIP_FILE), ownershipBefore);
    throw err;
  }
  rmSync(aside, { recursive: true, force: true });
}
