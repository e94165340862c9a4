/**
 * `svc doctor`'s vault check from fresh home folders: unset, relative, missing (created by --fix,
 * then ok), and an existing vault with its note count; a link inside it is named, never followed.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runSvc } from "./run-cli.js";

const root = mkdtempSync(join(tmpdir(), "svc-doctor-vault-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Check {
  id: string;
  status: string;
  detail: string;
  hint?: string;
  fixed?: boolean;
}

async function vaultCheck(vault: string | undefined, fix = false): Promise<Check> {
  const home = mkdtempSync(join(root, "home-"));
  // A closed port: the bridge checks fail fast; only the vault check is looked at.
  const env = {
    HOME: home,
    PATH: process.env.PATH ?? "",
    SVC_BRIDGE_URL: "http://127.0.0.1:9",
    ...(vault === undefined ? {} : { SVC_VAULT_PATH: vault }),
  };
  const r = await runSvc(["doctor", "--json", ...(fix ? ["--fix"] : [])], env, home);
  return (JSON.parse(r.stdout) as { checks: Check[] }).checks.find((c) => c.id === "vault")!;
}

describe("svc doctor: the vault", () => {
  it("unset is skipped with a hint; a relative path fails", async () => {
    expect(await vaultCheck(undefined)).toMatchObject({
      status: "skip",
      detail: "SVC_VAULT_PATH is not set (no vault)",
      hint: expect.stringContaining("SVC_VAULT_PATH"),
    });
    expect(await vaultCheck("notes")).toMatchObject({
      status: "fail",
      detail: "SVC_VAULT_PATH 'notes' is not an absolute path",
    });
  });

  it("a missing vault fails, and --fix creates it and then checks ok", async () => {
    const vault = join(root, "new", "vault");
    expect(await vaultCheck(vault)).toMatchObject({ status: "fail", detail: `the vault ${vault} does not exist` });
    expect(existsSync(vault)).toBe(false);
    expect(await vaultCheck(vault, true)).toMatchObject({
      status: "ok",
      detail: `the vault ${vault}: 0 notes`,
      fixed: true,
    });
    expect(existsSync(vault)).toBe(true);
  });

  it("an existing vault: its notes counted, a link inside named and not followed, a file in its place refused", async () => {
    const vault = join(root, "full");
    mkdirSync(join(vault, "shows"), { recursive: true });
    writeFileSync(join(vault, "a.md"), "# A\n");
    writeFileSync(join(vault, "shows", "b.md"), "# B\n");
    symlinkSync(join(vault, "a.md"), join(vault, "shows", "c.md"));
    expect(await vaultCheck(vault)).toMatchObject({
      status: "ok",
      detail: `the vault ${vault}: 2 notes; 1 link(s) inside it are never followed`,
    });
    writeFileSync(join(root, "file.md"), "x");
    expect(await vaultCheck(join(root, "file.md"))).toMatchObject({
      status: "fail",
      detail: `the vault ${join(root, "file.md")} is not a folder`,
    });
  });
});
