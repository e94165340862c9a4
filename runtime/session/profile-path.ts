/** Where the session profile is: SVC_SESSION_PROFILE, else ~/.svc/session-profile.json. Light (no zod), for start-up paths. */
import { homedir } from "node:os";
import { join } from "node:path";

export function sessionProfilePath(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.SVC_SESSION_PROFILE?.trim();
  return set ? set : join(homedir(), ".svc", "session-profile.json");
}
