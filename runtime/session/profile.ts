/**
 * The persistent session profile: preferences an assistant should keep across sessions, the
 * networks worked on recently and the saved project folder. One JSON file, `SVC_SESSION_PROFILE` or
 * ~/.svc/session-profile.json, written whole through a temporary file so a crash never leaves half a
 * profile. Bounded: a profile never grows past its limits, oldest networks drop first.
 */
import { readFileSync } from "node:fs";
import { isAbsolute } from "node:path";
import { z } from "zod";
import { writeFileAtomicSync } from "../atomic-write.js";
import { sessionProfilePath } from "./profile-path.js";

export { sessionProfilePath };

export const PROFILE_LIMITS = { preferences: 50, valueChars: 200, recentNetworks: 20, fileBytes: 64 * 1024 } as const;

const PreferenceValue = z.union([z.string().max(PROFILE_LIMITS.valueChars), z.number().finite(), z.boolean()]);
export const PREFERENCE_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export const SessionProfile = z.object({
  version: z.literal(1),
  updatedAt: z.string().nullable(),
  preferences: z
    .record(z.string().regex(PREFERENCE_KEY), PreferenceValue)
    .refine(
      (p) => Object.keys(p).length <= PROFILE_LIMITS.preferences,
      `at most ${PROFILE_LIMITS.preferences} preferences`,
    ),
  recentNetworks: z
    .array(z.object({ name: z.string().min(1).max(200), at: z.string() }))
    .max(PROFILE_LIMITS.recentNetworks),
  projectFolder: z.string().nullable(),
});
export type SessionProfile = z.infer<typeof SessionProfile>;

export class SessionProfileError extends Error {
  constructor(
    readonly code: "profile-unreadable" | "profile-invalid" | "profile-unwritable" | "profile-too-large",
    message: string,
  ) {
    super(message);
    this.name = "SessionProfileError";
  }
}

export function emptyProfile(): SessionProfile {
  return { version: 1, updatedAt: null, preferences: {}, recentNetworks: [], projectFolder: null };
}

/** The profile on disk; an empty one when the file does not exist yet. */
export function readSessionProfile(path = sessionProfilePath()): SessionProfile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return emptyProfile();
    throw new SessionProfileError(
      "profile-unreadable",
      `the session profile ${path} cannot be read: ${(err as Error).message}`,
    );
  }
  if (Buffer.byteLength(text) > PROFILE_LIMITS.fileBytes) {
    throw new SessionProfileError(
      "profile-too-large",
      `the session profile ${path} is larger than ${PROFILE_LIMITS.fileBytes} bytes`,
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new SessionProfileError(
      "profile-invalid",
      `the session profile ${path} is not JSON: ${(err as Error).message}`,
    );
  }
  const parsed = SessionProfile.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new SessionProfileError(
      "profile-invalid",
      `the session profile ${path} is not a profile: ${issue.path.join(".") || "(top)"}: ${issue.message}`,
    );
  }
  return parsed.data;
}

export interface ProfileUpdate {
  preferences?: Record<string, string | number | boolean | null>;
  rememberNetwork?: string;
  projectFolder?: string;
}

/** Applies an update in memory: null deletes a preference; a remembered network moves to the front. */
export function updatedProfile(profile: SessionProfile, update: ProfileUpdate, now = new Date()): SessionProfile {
  const preferences = { ...profile.preferences };
  for (const [key, value] of Object.entries(update.preferences ?? {})) {
    if (value === null) delete preferences[key];
    else preferences[key] = value;
  }
  let recentNetworks = profile.recentNetworks;
  if (update.rememberNetwork) {
    recentNetworks = [
      { name: update.rememberNetwork, at: now.toISOString() },
      ...recentNetworks.filter((n) => n.name !== update.rememberNetwork),
    ].slice(0, PROFILE_LIMITS.recentNetworks);
  }
  if (update.projectFolder !== undefined && !isAbsolute(update.projectFolder)) {
    throw new SessionProfileError(
      "profile-invalid",
      `the project folder must be an absolute path (got '${update.projectFolder}')`,
    );
  }
  const next = {
    ...profile,
    preferences,
    recentNetworks,
    projectFolder: update.projectFolder ?? profile.projectFolder,
    updatedAt: now.toISOString(),
  };
  const checked = SessionProfile.safeParse(next);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new SessionProfileError(
      "profile-invalid",
      `the update would make an invalid profile: ${issue.path.join(".")}: ${issue.message}`,
    );
  }
  return checked.data;
}

export function writeSessionProfile(profile: SessionProfile, path = sessionProfilePath()): void {
  const text = JSON.stringify(profile, null, 2) + "\n";
  try {
    writeFileAtomicSync(path, text, { mode: 0o600, makeFolder: true });
  } catch (err) {
    throw new SessionProfileError(
      "profile-unwritable",
      `the session profile ${path} cannot be written: ${(err as Error).message}`,
    );
  }
}
