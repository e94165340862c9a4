/**
 * Who published a bundle, proven by an ed25519 signature (node:crypto), not by checksums the bundle
 * carries itself: `publish.sig` signs the exact bytes of `publish.json`, which seals `SHA256SUMS`,
 * which covers every other file. An install accepts a bundle only when its signature verifies under
 * a key the user trusts; the trusted keys live in svc's folder (SVC_HOME, else ~/.svc) in
 * `trusted-publishers.json`, and the user's own signing key in `keys/publisher-ed25519.pem` (0600),
 * made on first publish and trusted from then on.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { writeFileAtomicSync } from "../atomic-write.js";
import { dirname, join } from "node:path";
import { svcHome } from "../onboarding/places.js";
import { PackageError, PUBLISH_MANIFEST, SIGNATURE_FILE } from "./bundle.js";

const TRUST_FILE = "trusted-publishers.json";
const PUBLISHER_KEY_FILE = join("keys", "publisher-ed25519.pem");

/** The DER prefix of an ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const KEY_TEXT = /^ed25519:([A-Za-z0-9+/]{43}=)$/;

const TRUST_HELP =
  "ask the publisher for their key (`svc packages key` prints it), check it with them, then run `svc packages trust <key>`";

export interface SignatureFile {
  format: "svc-signature";
  algorithm: "ed25519";
  signed: typeof PUBLISH_MANIFEST;
  key: string;
  key_id: string;
  signature: string;
}

export interface TrustedKey {
  key: string;
  key_id: string;
  label: string;
  added_at: string;
}

/** A key as svc writes it: `ed25519:` and the raw key in base64. */
function keyText(key: KeyObject): string {
  const der = key.export({ format: "der", type: "spki" });
  return `ed25519:${der.subarray(SPKI_PREFIX.length).toString("base64")}`;
}

/** A short, stable name for a key: the first 16 hex digits of the SHA-256 of its raw bytes. */
function keyId(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/** A public key from `ed25519:<base64>` or a PEM public key; a clear `bad-key` error otherwise. */
function parsePublicKey(text: string): { key: KeyObject; text: string } {
  const trimmed = text.trim();
  try {
    const m = KEY_TEXT.exec(trimmed);
    const key = m
      ? createPublicKey({
          key: Buffer.concat([SPKI_PREFIX, Buffer.from(m[1]!, "base64")]),
          format: "der",
          type: "spki",
        })
      : trimmed.startsWith("-----BEGIN PUBLIC KEY-----")
        ? createPublicKey(trimmed)
        : undefined;
    if (key !== undefined && key.asymmetricKeyType === "ed25519") return { key, text: keyText(key) };
  } catch {
    // Reported below, the same way as any other text that is not a key.
  }
  throw new PackageError(
    "bad-key",
    "that is not an ed25519 public key: give the `ed25519:...` line `svc packages key` prints, a file holding it, or a PEM public key file",
  );
}

function svcFolder(env: NodeJS.ProcessEnv): string {
  return svcHome(env);
}

/** The user's signing key, made (0600, in a 0700 folder) on first use and trusted from then on. */
export function publisherKey(env: NodeJS.ProcessEnv, now = new Date()): { key: KeyObject; text: string; id: string } {
  const file = join(svcFolder(env), PUBLISHER_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync("ed25519");
    writeFileAtomicSync(file, privateKey.export({ format: "pem", type: "pkcs8" }), { mode: 0o600 });
    const text = keyText(createPublicKey(privateKey));
    addTrusted(env, text, "this machine's publisher key", now);
  }
  const stat = lstatSync(file);
  if (!stat.isFile() || (stat.mode & 0o077) !== 0) {
    if (stat.isFile()) chmodSync(file, 0o600);
    else
      throw new PackageError("bad-key", `${file} is not a regular file; move it away and publish again for a new key`);
  }
  const key = createPrivateKey(readFileSync(file));
  if (key.asymmetricKeyType !== "ed25519")
    throw new PackageError("bad-key", `${file} is not an ed25519 private key; move it away for a new one`);
  const text = keyText(createPublicKey(key));
  return { key, text, id: keyId(text) };
}

/** Signs `publish.json` of a bundle folder (before it is renamed into place) with the user's key. */
export function signBundle(dir: string, env: NodeJS.ProcessEnv): SignatureFile {
  const own = publisherKey(env);
  const signature: SignatureFile = {
    format: "svc-signature",
    algorithm: "ed25519",
    signed: PUBLISH_MANIFEST,
    key: own.text,
    key_id: own.id,
    signature: sign(null, readFileSync(join(dir, PUBLISH_MANIFEST)), own.key).toString("base64"),
  };
  writeFileSync(join(dir, SIGNATURE_FILE), JSON.stringify(signature, null, 2) + "\n");
  return signature;
}

export function readTrusted(env: NodeJS.ProcessEnv): TrustedKey[] {
  const file = join(svcFolder(env), TRUST_FILE);
  if (!existsSync(file)) return [];
  let parsed: { keys?: unknown };
  try {
    parsed = JSON.parse(readFileSync(file, "utf8")) as { keys?: unknown };
  } catch (err) {
    throw new PackageError(
      "bad-trust-file",
      `${file} is not readable JSON (${(err as Error).message}); fix or remove it`,
    );
  }
  if (!Array.isArray(parsed.keys))
    throw new PackageError("bad-trust-file", `${file} holds no 'keys' list; fix or remove it`);
  return (parsed.keys as TrustedKey[]).filter((k) => typeof k?.key === "string" && KEY_TEXT.test(k.key));
}

function writeTrusted(env: NodeJS.ProcessEnv, keys: TrustedKey[]): void {
  const file = join(svcFolder(env), TRUST_FILE);
  writeFileAtomicSync(file, JSON.stringify({ format: "svc-trusted-publishers", keys }, null, 2) + "\n", {
    makeFolder: true,
  });
}

/** Trusts a publisher key; trusting a key already trusted changes nothing but its label. */
export function addTrusted(env: NodeJS.ProcessEnv, given: string, label = "", now = new Date()): TrustedKey {
  const { text } = parsePublicKey(given);
  const keys = readTrusted(env).filter((k) => k.key !== text);
  const entry: TrustedKey = { key: text, key_id: keyId(text), label, added_at: now.toISOString() };
  writeTrusted(env, [...keys, entry]);
  return entry;
}

/** Stops trusting a key, named by its id or the key itself. */
export function removeTrusted(env: NodeJS.ProcessEnv, idOrKey: string): TrustedKey {
  const keys = readTrusted(env);
  const wanted = idOrKey.trim();
  const found = keys.find((k) => k.key_id === wanted || k.key === wanted);
  if (found === undefined)
    throw new PackageError("not-trusted", `no trusted key is '${wanted}'; \`svc packages trust --list\` shows them`, {
      trusted: keys.map((k) => k.key_id),
    });
  writeTrusted(
    env,
    keys.filter((k) => k !== found),
  );
  return found;
}

/**
 * Who signed the bundle in `dir`, when the signature verifies under a trusted key; otherwise a
 * PackageError: `unsigned-bundle`, `bad-signature` (the publish manifest changed after signing,
 * or the signature is not the key's) or `untrusted-publisher`.
 */
export function verifySignature(dir: string, env: NodeJS.ProcessEnv, what: string): TrustedKey {
  const file = join(dir, SIGNATURE_FILE);
  if (!existsSync(file))
    throw new PackageError(
      "unsigned-bundle",
      `${what} carries no signature (${SIGNATURE_FILE}), so nothing says who published it; nothing was installed. Ask the publisher to publish it again with svc (it signs every bundle)`,
    );
  let signature: Partial<SignatureFile>;
  try {
    signature = JSON.parse(readFileSync(file, "utf8")) as Partial<SignatureFile>;
  } catch {
    signature = {};
  }
  if (
    signature.format !== "svc-signature" ||
    signature.algorithm !== "ed25519" ||
    signature.signed !== PUBLISH_MANIFEST ||
    typeof signature.key !== "string" ||
    typeof signature.signature !== "string"
  )
    throw new PackageError(
      "bad-signature",
      `${what}: ${SIGNATURE_FILE} is not an svc signature; nothing was installed`,
    );
  const { key, text } = parsePublicKey(signature.key);
  const trusted = readTrusted(env).find((k) => k.key === text);
  if (trusted === undefined)
    throw new PackageError(
      "untrusted-publisher",
      `${what} is signed by key ${keyId(text)} (${text}), which you do not trust; nothing was installed. To install it, ${TRUST_HELP}`,
      { key: text, key_id: keyId(text) },
    );
  const ok = verify(null, readFileSync(join(dir, PUBLISH_MANIFEST)), key, Buffer.from(signature.signature, "base64"));
  if (!ok)
    throw new PackageError(
      "bad-signature",
      `${what}: the signature of ${PUBLISH_MANIFEST} does not verify under key ${trusted.key_id}: the bundle was changed after it was published; nothing was installed`,
    );
  return trusted;
}

/** What `info` shows about a bundle's signature, without throwing. */
export function signatureStatus(
  dir: string,
  env: NodeJS.ProcessEnv,
): { trusted: boolean; code?: string; key_id?: string; message: string } {
  try {
    const key = verifySignature(dir, env, "the bundle");
    return {
      trusted: true,
      key_id: key.key_id,
      message: `signed by trusted key ${key.key_id}${key.label ? ` (${key.label})` : ""}`,
    };
  } catch (err) {
    if (!(err instanceof PackageError)) throw err;
    const id = err.details.key_id;
    return { trusted: false, code: err.code, ...(typeof id === "string" ? { key_id: id } : {}), message: err.message };
  }
}
