/**
 * The project's agent brief, `.svc/agent-brief.json`: what the people of a project want an assistant
 * to know (goals, constraints, naming, notes). Its folder is chosen only by an explicit root (given
 * in this session), the SVC_PROJECT_DIR setting or the saved project folder of the session profile —
 * never by looking around the file system. It is versioned: a replacement names the exact revision it
 * replaces, so two writers cannot silently overwrite each other. Its text is untrusted evidence: it
 * is shown as data, never followed as instructions.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { z } from "zod";
import { writeFileAtomicSync } from "../atomic-write.js";

export const BRIEF_FILE = join(".svc", "agent-brief.json");
const BRIEF_MAX_BYTES = 64 * 1024;

export const AgentBrief = z
  .object({
    version: z.literal(1),
    revision: z.number().int().min(1),
    updatedAt: z.string().optional(),
    title: z.string().max(200).optional(),
    goals: z.array(z.string().max(500)).max(50).optional(),
    constraints: z.array(z.string().max(500)).max(50).optional(),
    naming: z.string().max(2000).optional(),
    notes: z.string().max(8000).optional(),
  })
  .strict();
export type AgentBrief = z.infer<typeof AgentBrief>;

export type BriefRootSource = "explicit-root" | "environment" | "saved-project-folder";

export class AgentBriefError extends Error {
  constructor(
    readonly code:
      | "brief-no-root"
      | "brief-invalid"
      | "brief-too-large"
      | "brief-unreadable"
      | "brief-unwritable"
      | "brief-revision-mismatch",
    message: string,
  ) {
    super(message);
    this.name = "AgentBriefError";
  }
}

/** The folder the brief belongs to, and which rule chose it; null when none of the three is set. */
export function briefRoot(choices: {
  explicitRoot?: string | null;
  env?: NodeJS.ProcessEnv;
  savedProjectFolder?: string | null;
}): { root: string; source: BriefRootSource } | null {
  const env = choices.env ?? process.env;
  const candidates: [string | null | undefined, BriefRootSource][] = [
    [choices.explicitRoot, "explicit-root"],
    [env.SVC_PROJECT_DIR?.trim(), "environment"],
    [choices.savedProjectFolder, "saved-project-folder"],
  ];
  for (const [root, source] of candidates) {
    if (!root) continue;
    if (!isAbsolute(root))
      throw new AgentBriefError("brief-no-root", `the ${source} '${root}' is not an absolute path`);
    return { root, source };
  }
  return null;
}

/** The brief in a project folder; null when the project has none. */
export function readAgentBrief(root: string): AgentBrief | null {
  const path = join(root, BRIEF_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new AgentBriefError("brief-unreadable", `${BRIEF_FILE} cannot be read: ${(err as Error).message}`);
  }
  if (Buffer.byteLength(text) > BRIEF_MAX_BYTES)
    throw new AgentBriefError("brief-too-large", `${BRIEF_FILE} is larger than ${BRIEF_MAX_BYTES} bytes`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new AgentBriefError("brief-invalid", `${BRIEF_FILE} is not JSON: ${(err as Error).message}`);
  }
  const parsed = AgentBrief.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AgentBriefError("brief-invalid", `${BRIEF_FILE}: ${issue.path.join(".") || "(top)"}: ${issue.message}`);
  }
  return parsed.data;
}

/**
 * Replaces the brief when its current revision is exactly `expectedRevision` (0: there is none yet);
 * the new one gets the next revision. Anything else is refused and nothing is written.
 */
export function replaceAgentBrief(
  root: string,
  expectedRevision: number,
  content: Omit<AgentBrief, "version" | "revision" | "updatedAt">,
  now = new Date(),
): AgentBrief {
  const current = readAgentBrief(root);
  const currentRevision = current?.revision ?? 0;
  if (currentRevision !== expectedRevision) {
    throw new AgentBriefError(
      "brief-revision-mismatch",
      `the brief is at revision ${currentRevision}, not ${expectedRevision}: read svc://project/brief again and replace that revision`,
    );
  }
  const next = AgentBrief.safeParse({
    ...content,
    version: 1,
    revision: currentRevision + 1,
    updatedAt: now.toISOString(),
  });
  if (!next.success) {
    const issue = next.error.issues[0]!;
    throw new AgentBriefError("brief-invalid", `the new brief is invalid: ${issue.path.join(".")}: ${issue.message}`);
  }
  const text = JSON.stringify(next.data, null, 2) + "\n";
  if (Buffer.byteLength(text) > BRIEF_MAX_BYTES)
    throw new AgentBriefError("brief-too-large", `the new brief is larger than ${BRIEF_MAX_BYTES} bytes`);
  const path = join(root, BRIEF_FILE);
  try {
    mkdirSync(join(root, ".svc"), { recursive: true });
    writeFileAtomicSync(path, text);
  } catch (err) {
    throw new AgentBriefError("brief-unwritable", `${BRIEF_FILE} cannot be written: ${(err as Error).message}`);
  }
  return next.data;
}
