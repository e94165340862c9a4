/**
 * Package trust from outside, as real `svc` processes with their own temporary HOME: a bundle is
 * installed only when it carries an ed25519 signature of a key the installing user trusts. Unsigned,
 * untrusted, tampered (with its carried checksums rewritten to match) and re-signed bundles, and
 * bundles holding a symbolic or hard link, are refused with a code and help, and nothing is installed.
 */
import { execFile } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256File, writeChecksums } from "../../runtime/artifacts/checksums.js";
import { requireBuiltCli } from "../mcp/helpers.js";

const RECIPE = `svcnet 1

recipe soft_noise [summary: "Slow noise, softened", tags: ("noise"), difficulty: beginner] {
  params {
    seed: int = 4 range 0..100
  }

  noise1: noiseTOP { seed: $seed }
  blur1: blurTOP
  out1: outTOP [display]

  noise1 -> blur1 -> out1
}
`;

let root: string;
let registry: string;
let publisher: string;
let stranger: string;
let installer: string;
let cli: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `svc` as its own process, with nothing of this machine's environment but PATH. */
function svc(home: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? "", HOME: home, SVC_PACKAGES_DIR: registry } },
      (err, stdout, stderr) =>
        resolve({
          code: err ? ((err as { code?: number }).code ?? 1) : 0,
          stdout: String(stdout),
          stderr: String(stderr),
        }),
    );
  });
}

const bundle = (version: string) => join(registry, "soft-pack", version);
let attempt = 0;
/** An install into a fresh data folder of the installer, so each refusal is seen on its own. */
async function install(version: string): Promise<Run & { data: string }> {
  const data = join(installer, `data${attempt++}`);
  const run = await svc(installer, ["packages", "install", `soft-pack@${version}`, "--data", data]);
  return { ...run, data };
}

function expectRefused(run: Run & { data: string }, code: string, help: RegExp): void {
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`svc packages install: ${code}: `);
  expect(run.stderr).toMatch(help);
  expect(run.stderr).toContain("nothing was installed");
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(existsSync(join(run.data, "packages", "soft-pack"))).toBe(false);
}

async function publish(home: string, version: string): Promise<Run> {
  const run = await svc(home, ["packages", "publish", `soft-pack@${version}`, "soft_noise.svcnet", "--to", registry]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  return run;
}

beforeAll(() => {
  cli = requireBuiltCli();
  root = mkdtempSync(join(tmpdir(), "svc-signing-"));
  registry = join(root, "registry");
  publisher = join(root, "publisher-home");
  stranger = join(root, "stranger-home");
  installer = join(root, "installer-home");
  writeFileSync(join(root, "soft_noise.svcnet"), RECIPE);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("signed bundles", () => {
  it("publish signs with the user's key, made on first use and kept private", async () => {
    const run = await publish(publisher, "1.0.0");
    const keyFile = join(publisher, ".svc", "keys", "publisher-ed25519.pem");
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, "utf8")).toContain("PRIVATE KEY");
    const signature = JSON.parse(readFileSync(join(bundle("1.0.0"), "publish.sig"), "utf8"));
    expect(signature).toMatchObject({ format: "svc-signature", algorithm: "ed25519", signed: "publish.json" });
    expect(run.stdout).toContain(`svc packages trust ${signature.key}`);
    // The private key never travels with the bundle.
    const everything = ["publish.json", "publish.sig", "SHA256SUMS", "svc-package.json"]
      .map((f) => readFileSync(join(bundle("1.0.0"), f), "utf8"))
      .join("");
    expect(everything).not.toContain("PRIVATE");
    const key = await svc(publisher, ["packages", "key"]);
    expect(key.stdout.trim()).toBe(signature.key);
  });

  it("refuses a bundle whose publisher the installer does not trust, then installs it once trusted", async () => {
    expectRefused(await install("1.0.0"), "untrusted-publisher", /svc packages trust <key>/);
    const key = (await svc(publisher, ["packages", "key"])).stdout.trim();
    writeFileSync(join(root, "publisher.pub"), `${key}\n`);
    const trusted = await svc(installer, ["packages", "trust", "publisher.pub", "--label", "the publisher"]);
    expect(trusted.code).toBe(0);
    expect((await svc(installer, ["packages", "trust", "--list"])).stdout).toContain(`${key}  the publisher`);
    const ok = await install("1.0.0");
    expect(ok.stderr).not.toMatch(/error/i);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/installed soft-pack 1\.0\.0 .*signed by trusted key [0-9a-f]{16}/);
    expect(readFileSync(join(ok.data, "packages", "soft-pack", "recipes", "soft_noise.svcnet"), "utf8")).toBe(RECIPE);
  });

  it("refuses a bundle changed after publishing even when its carried checksums were rewritten to match", async () => {
    await publish(publisher, "1.1.0");
    const dir = bundle("1.1.0");
    writeFileSync(join(dir, "recipes", "soft_noise.svcnet"), RECIPE.replace("seed: int = 4", "seed: int = 5"));
    writeChecksums(dir, ["publish.json", "publish.sig"]);
    const publish_ = JSON.parse(readFileSync(join(dir, "publish.json"), "utf8"));
    publish_.checksums_sha256 = sha256File(join(dir, "SHA256SUMS"));
    writeFileSync(join(dir, "publish.json"), JSON.stringify(publish_, null, 2) + "\n");
    expectRefused(await install("1.1.0"), "bad-signature", /changed after it was published/);
  });

  it("refuses a changed file whose checksums were not rewritten", async () => {
    await publish(publisher, "1.1.1");
    writeFileSync(join(bundle("1.1.1"), "recipes", "soft_noise.svcnet"), RECIPE.replace("blur1", "blur2"));
    expectRefused(await install("1.1.1"), "checksum-mismatch", /does not match its checksums/);
  });

  it("refuses an unsigned bundle and one re-signed by a key nobody trusted", async () => {
    await publish(publisher, "1.2.0");
    unlinkSync(join(bundle("1.2.0"), "publish.sig"));
    expectRefused(await install("1.2.0"), "unsigned-bundle", /carries no signature/);
    // A stranger publishes the same recipes under the same name: their own key signs it.
    await publish(stranger, "1.3.0");
    expectRefused(await install("1.3.0"), "untrusted-publisher", /check it with them/);
    // ...and a stranger's signature copied onto the trusted publisher's files does not verify either.
    await publish(publisher, "1.3.1");
    await publish(stranger, "1.3.2");
    const strangerSig = JSON.parse(readFileSync(join(bundle("1.3.2"), "publish.sig"), "utf8"));
    const ownSig = JSON.parse(readFileSync(join(bundle("1.3.1"), "publish.sig"), "utf8"));
    writeFileSync(join(bundle("1.3.1"), "publish.sig"), JSON.stringify({ ...strangerSig, key: ownSig.key }));
    expectRefused(await install("1.3.1"), "bad-signature", /does not verify/);
  });

  it("refuses a bundle holding a symbolic link or a hard link with a clear error, not a stack trace", async () => {
    writeFileSync(join(root, "outside.svcnet"), RECIPE);
    await publish(publisher, "1.4.0");
    const symlinked = join(bundle("1.4.0"), "recipes", "soft_noise.svcnet");
    unlinkSync(symlinked);
    symlinkSync(join(root, "outside.svcnet"), symlinked);
    expectRefused(await install("1.4.0"), "link-in-bundle", /recipes\/soft_noise\.svcnet is a symbolic link/);
    await publish(publisher, "1.4.1");
    const hardlinked = join(bundle("1.4.1"), "recipes", "soft_noise.svcnet");
    unlinkSync(hardlinked);
    linkSync(join(root, "outside.svcnet"), hardlinked);
    expectRefused(await install("1.4.1"), "link-in-bundle", /recipes\/soft_noise\.svcnet is a hard link/);
    const info = await svc(installer, ["packages", "info", "soft-pack@1.4.1"]);
    expect(info.code).toBe(1);
    expect(info.stderr).toContain("svc packages info: link-in-bundle: ");
    expect(info.stderr).not.toMatch(/\n\s+at /);
  });

  it("stops trusting a removed key, and refuses text that is not a key", async () => {
    const key = (await svc(publisher, ["packages", "key"])).stdout.trim();
    const removed = await svc(installer, ["packages", "trust", "--remove", key]);
    expect(removed.code).toBe(0);
    expectRefused(await install("1.0.0"), "untrusted-publisher", /svc packages trust/);
    const bad = await svc(installer, ["packages", "trust", "ed25519:not-a-key"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("svc packages trust: bad-key: ");
    expect((await svc(installer, ["packages", "trust", "--list"])).stdout).toBe("no publisher key is trusted\n");
  });
});
