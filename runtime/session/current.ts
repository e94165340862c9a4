/**
 * This process's explicit project root: the folder a client named through load_session_profile in
 * this run. It outranks SVC_PROJECT_DIR and the saved project folder when the agent brief is looked
 * for, and is gone when the process ends (the saved folder in the profile is what persists).
 */
let explicitRoot: string | null = null;

export function sessionExplicitRoot(): string | null {
  return explicitRoot;
}

export function setSessionExplicitRoot(root: string | null): void {
  explicitRoot = root;
}
