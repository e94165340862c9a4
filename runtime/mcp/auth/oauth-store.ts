/**
 * What the authorization server remembers: registered clients, authorization codes, refresh-token
 * families and access tokens, with the bounds that keep a public registration endpoint from
 * growing without end.
 *
 * - Clients and refresh-token families are written to the state file (state-file.ts) on every
 *   change, so a restart keeps registrations and valid refresh tokens. Codes and access tokens live
 *   in memory only: after a restart a client refreshes.
 * - Tokens are random 256-bit strings; only their SHA-256 digests are kept, in memory and on disk.
 * - A family is one grant: each refresh replaces its refresh token (rotation); presenting a
 *   replaced one again means it was copied, and the whole family is revoked.
 * - A client holds at most MAX_FAMILIES_PER_CLIENT grants; a new one ends the least recently used.
 * - A client with no live token and no activity for `clientIdleMs` is forgotten; a registration
 *   at capacity evicts the tokenless client idle the longest, never one with live tokens.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { readStateFile, StateFileError, writeStateFile } from "./state-file.js";

export interface OAuthStoreOptions {
  statePath: string;
  maxClients: number;
  clientIdleMs: number;
  accessTokenMs: number;
  refreshTokenMs: number;
  codeMs?: number;
  now?: () => number;
}

interface ClientRow {
  info: OAuthClientInformationFull;
  createdAt: number;
  lastActiveAt: number;
}

interface FamilyRow {
  id: string;
  clientId: string;
  scopes: string[];
  resource: string;
  refreshDigest: string;
  refreshExpiresAt: number;
  /** Digests of the refresh tokens this family replaced, newest last: presenting one is reuse. */
  rotated: string[];
}

interface AccessRow {
  clientId: string;
  familyId: string;
  scopes: string[];
  resource: string;
  expiresAt: number;
}

export interface Grant {
  clientId: string;
  scopes: string[];
  resource: string;
}

interface CodeRow extends Grant {
  challenge: string;
  redirectUri: string;
  expiresAt: number;
  /** Set once redeemed: the family it started, revoked if the code comes back. */
  redeemedBy?: string;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
  scopes: string[];
}

export type CodeLookup =
  { ok: true; code: CodeRow } | { ok: false; reason: "unknown" | "expired" | "reused" | "wrong_client" };
export type RefreshOutcome =
  | { ok: true; tokens: IssuedTokens; family: Grant }
  | { ok: false; reason: "unknown" | "expired" | "reused" | "wrong_client" };
export type AccessLookup = { ok: true; access: AccessRow } | { ok: false; reason: "unknown" | "expired" };

export class RegistrationFullError extends Error {}

const STATE_VERSION = 1;
const DEFAULT_CODE_MS = 60_000;
const MAX_CODES = 256;
export const MAX_FAMILIES_PER_CLIENT = 4;
const MAX_ROTATED_KEPT = 16;

function digestOf(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("base64url");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export class OAuthStore {
  private readonly clients = new Map<string, ClientRow>();
  private readonly families = new Map<string, FamilyRow>();
  /** refresh digest (current or rotated) -> family id */
  private readonly refreshIndex = new Map<string, string>();
  private readonly access = new Map<string, AccessRow>();
  private readonly codes = new Map<string, CodeRow>();
  private readonly now: () => number;

  constructor(private readonly options: OAuthStoreOptions) {
    this.now = options.now ?? Date.now;
    this.load();
  }

  get clientCount(): number {
    return this.clients.size;
  }

  // ---- clients ----------------------------------------------------------------------------------

  getClient(clientId: string): OAuthClientInformationFull | undefined {
    const row = this.clients.get(clientId);
    if (!row) return undefined;
    if (this.isStale(row, this.now())) {
      this.dropClient(clientId);
      this.save();
      return undefined;
    }
    return row.info;
  }

  /** Records a registration; returns the client evicted to make room, if any. */
  registerClient(info: OAuthClientInformationFull): { evicted?: string } {
    const now = this.now();
    this.pruneStaleClients(now);
    let evicted: string | undefined;
    if (this.clients.size >= this.options.maxClients) {
      let victim: ClientRow | undefined;
      for (const row of this.clients.values()) {
        if (this.hasLiveTokens(row.info.client_id, now)) continue;
        if (!victim || row.lastActiveAt < victim.lastActiveAt) victim = row;
      }
      if (!victim) {
        throw new RegistrationFullError(
          `all ${this.options.maxClients} client registrations hold live tokens; try again later`,
        );
      }
      evicted = victim.info.client_id;
      this.dropClient(evicted);
    }
    this.clients.set(info.client_id, { info, createdAt: now, lastActiveAt: now });
    this.save();
    return evicted ? { evicted } : {};
  }

  /** Marks a client active (an authorization, a token request); saved with the next change. */
  touchClient(clientId: string): void {
    const row = this.clients.get(clientId);
    if (row) row.lastActiveAt = this.now();
  }

  hasLiveTokens(clientId: string, now = this.now()): boolean {
    for (const family of this.families.values()) {
      if (family.clientId === clientId && family.refreshExpiresAt > now) return true;
    }
    for (const row of this.access.values()) {
      if (row.clientId === clientId && row.expiresAt > now) return true;
    }
    return false;
  }

  private isStale(row: ClientRow, now: number): boolean {
    return now - row.lastActiveAt > this.options.clientIdleMs && !this.hasLiveTokens(row.info.client_id, now);
  }

  private pruneStaleClients(now: number): void {
    for (const row of [...this.clients.values()]) {
      if (this.isStale(row, now)) this.dropClient(row.info.client_id);
    }
  }

  private dropClient(clientId: string): void {
    this.clients.delete(clientId);
    for (const family of [...this.families.values()]) if (family.clientId === clientId) this.dropFamily(family.id);
    for (const [key, code] of [...this.codes]) if (code.clientId === clientId) this.codes.delete(key);
  }

  // ---- authorization codes ------------------------------------------------------------------------

  /** False when MAX_CODES unexpired codes (waiting, or redeemed and kept to catch their reuse) are held. */
  hasRoomForCode(): boolean {
    const now = this.now();
    for (const [key, row] of [...this.codes]) if (row.expiresAt <= now) this.codes.delete(key);
    return this.codes.size < MAX_CODES;
  }

  issueCode(grant: Grant & { challenge: string; redirectUri: string }): string {
    const now = this.now();
    if (!this.hasRoomForCode())
      throw new RegistrationFullError(
        `${MAX_CODES} authorization codes are waiting to be redeemed; try again when they expire (${Math.ceil((this.options.codeMs ?? DEFAULT_CODE_MS) / 1000)} s at most)`,
      );
    const code = newToken();
    this.codes.set(digestOf(code), { ...grant, expiresAt: now + (this.options.codeMs ?? DEFAULT_CODE_MS) });
    this.touchClient(grant.clientId);
    return code;
  }

  /** A code the client may redeem; a code presented again revokes what it was redeemed for. */
  findCode(code: string, clientId: string): CodeLookup {
    const row = this.codes.get(digestOf(code));
    if (!row) return { ok: false, reason: "unknown" };
    if (row.clientId !== clientId) return { ok: false, reason: "wrong_client" };
    if (row.redeemedBy !== undefined) {
      this.revokeFamily(row.redeemedBy);
      return { ok: false, reason: "reused" };
    }
    if (row.expiresAt <= this.now()) return { ok: false, reason: "expired" };
    return { ok: true, code: row };
  }

  /** Redeems a code found by `findCode`: one family of tokens, once. */
  redeemCode(
    code: string,
    clientId: string,
  ): { ok: true; tokens: IssuedTokens; grant: CodeRow; endedGrants: number } | Extract<CodeLookup, { ok: false }> {
    const found = this.findCode(code, clientId);
    if (!found.ok) return found;
    const { tokens, familyId, ended } = this.startFamily(found.code);
    found.code.redeemedBy = familyId;
    return { ok: true, tokens, grant: found.code, endedGrants: ended };
  }

  // ---- token families -----------------------------------------------------------------------------

  private startFamily(grant: Grant): { tokens: IssuedTokens; familyId: string; ended: number } {
    const now = this.now();
    const ended = this.makeRoomForFamily(grant.clientId, now);
    const refreshToken = newToken();
    const family: FamilyRow = {
      id: randomUUID(),
      clientId: grant.clientId,
      scopes: [...grant.scopes],
      resource: grant.resource,
      refreshDigest: digestOf(refreshToken),
      refreshExpiresAt: now + this.options.refreshTokenMs,
      rotated: [],
    };
    this.families.set(family.id, family);
    this.refreshIndex.set(family.refreshDigest, family.id);
    this.touchClient(grant.clientId);
    const tokens = this.issueAccess(family, refreshToken, family.scopes);
    this.save();
    return { tokens, familyId: family.id, ended };
  }

  /**
   * A client keeps a few grants at once (several windows of one app). Expired ones go first; then
   * the one issued or refreshed least recently makes room, so a grant in use outlives an abandoned
   * one. Returns how many live grants were ended.
   */
  private makeRoomForFamily(clientId: string, now: number): number {
    const own = [...this.families.values()].filter((f) => f.clientId === clientId);
    for (const family of own.filter((f) => f.refreshExpiresAt <= now)) this.dropFamily(family.id);
    const live = own.filter((f) => f.refreshExpiresAt > now).sort((a, b) => a.refreshExpiresAt - b.refreshExpiresAt);
    const ending = live.slice(0, Math.max(0, live.length - MAX_FAMILIES_PER_CLIENT + 1));
    for (const family of ending) this.dropFamily(family.id);
    return ending.length;
  }

  private issueAccess(family: FamilyRow, refreshToken: string, scopes: string[]): IssuedTokens {
    // One access token per family: the one a refresh replaces stops working.
    for (const [key, row] of [...this.access]) if (row.familyId === family.id) this.access.delete(key);
    const accessToken = newToken();
    this.access.set(digestOf(accessToken), {
      clientId: family.clientId,
      familyId: family.id,
      scopes,
      resource: family.resource,
      expiresAt: this.now() + this.options.accessTokenMs,
    });
    return { accessToken, refreshToken, expiresInSeconds: Math.floor(this.options.accessTokenMs / 1000), scopes };
  }

  /** What a current refresh token of this client grants, without using it. */
  refreshGrant(refreshToken: string, clientId: string): Grant | undefined {
    const digest = digestOf(refreshToken);
    const family = this.families.get(this.refreshIndex.get(digest) ?? "");
    if (!family || family.clientId !== clientId || family.refreshDigest !== digest) return undefined;
    return { clientId, scopes: family.scopes, resource: family.resource };
  }

  /** Exchanges a refresh token for a new pair; a replaced token presented again revokes its family. */
  rotateRefresh(refreshToken: string, clientId: string, scopes?: string[]): RefreshOutcome {
    const digest = digestOf(refreshToken);
    const familyId = this.refreshIndex.get(digest);
    const family = familyId ? this.families.get(familyId) : undefined;
    if (!family) return { ok: false, reason: "unknown" };
    if (family.clientId !== clientId) return { ok: false, reason: "wrong_client" };
    if (digest !== family.refreshDigest) {
      this.revokeFamily(family.id);
      return { ok: false, reason: "reused" };
    }
    const now = this.now();
    if (family.refreshExpiresAt <= now) {
      this.dropFamily(family.id);
      this.save();
      return { ok: false, reason: "expired" };
    }
    const next = newToken();
    family.rotated.push(family.refreshDigest);
    if (family.rotated.length > MAX_ROTATED_KEPT) this.refreshIndex.delete(family.rotated.shift()!);
    family.refreshDigest = digestOf(next);
    family.refreshExpiresAt = now + this.options.refreshTokenMs;
    this.refreshIndex.set(family.refreshDigest, family.id);
    this.touchClient(clientId);
    const tokens = this.issueAccess(family, next, scopes ?? family.scopes);
    this.save();
    return { ok: true, tokens, family: { clientId, scopes: family.scopes, resource: family.resource } };
  }

  verifyAccess(accessToken: string): AccessLookup {
    const digest = digestOf(accessToken);
    const row = this.access.get(digest);
    if (!row) return { ok: false, reason: "unknown" };
    if (row.expiresAt <= this.now()) {
      this.access.delete(digest);
      return { ok: false, reason: "expired" };
    }
    return { ok: true, access: row };
  }

  /** Revokes the family an access or refresh token belongs to, when that client owns it. */
  revokeToken(token: string, clientId: string): void {
    const digest = digestOf(token);
    const familyId = this.access.get(digest)?.familyId ?? this.refreshIndex.get(digest);
    const family = familyId ? this.families.get(familyId) : undefined;
    if (family && family.clientId === clientId) this.revokeFamily(family.id);
  }

  private revokeFamily(familyId: string): void {
    this.dropFamily(familyId);
    this.save();
  }

  private dropFamily(familyId: string): void {
    const family = this.families.get(familyId);
    if (!family) return;
    this.families.delete(familyId);
    this.refreshIndex.delete(family.refreshDigest);
    for (const digest of family.rotated) this.refreshIndex.delete(digest);
    for (const [key, row] of [...this.access]) if (row.familyId === familyId) this.access.delete(key);
  }

  // ---- persistence --------------------------------------------------------------------------------

  private load(): void {
    const path = this.options.statePath;
    const state = readStateFile(path) as { version?: unknown; clients?: unknown; families?: unknown } | undefined;
    if (state === undefined) return this.save(); // proves the place is writable before the first client comes
    if (
      state === null ||
      typeof state !== "object" ||
      state.version !== STATE_VERSION ||
      !Array.isArray(state.clients) ||
      !Array.isArray(state.families)
    ) {
      throw new StateFileError(
        `the OAuth state file ${path} is not one svc wrote (version ${STATE_VERSION}); move it aside to start with no clients`,
      );
    }
    for (const row of state.clients as ClientRow[]) this.clients.set(row.info.client_id, row);
    const now = this.now();
    for (const family of state.families as FamilyRow[]) {
      if (family.refreshExpiresAt <= now || !this.clients.has(family.clientId)) continue;
      this.families.set(family.id, family);
      this.refreshIndex.set(family.refreshDigest, family.id);
      for (const digest of family.rotated) this.refreshIndex.set(digest, family.id);
    }
    this.pruneStaleClients(now);
  }

  private save(): void {
    writeStateFile(this.options.statePath, {
      version: STATE_VERSION,
      clients: [...this.clients.values()],
      families: [...this.families.values()],
    });
  }
}
