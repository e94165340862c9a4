/** One check of `svc doctor` and what it found: the shape every check (doctor.ts, vault-check.ts) shares. */
export type CheckStatus = "ok" | "warn" | "fail" | "skip";

export interface CheckResult {
  id: string;
  status: CheckStatus;
  detail: string;
  /** What to do about it, when not ok. */
  hint?: string;
  /** Set when `--fix` can repair it: what the fix does. */
  fixable?: string;
}

export interface Check {
  id: string;
  run(): Promise<CheckResult>;
  /** Repairs what the check found; the check is run again afterwards. */
  fix?(): Promise<void>;
}
