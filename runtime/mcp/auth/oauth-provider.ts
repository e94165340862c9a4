/**
 * svc's authorization server behind the MCP SDK's OAuth endpoints (mcpAuthRouter): the SDK parses
 * requests, checks PKCE S256 and writes OAuth responses; this provider decides. It binds every code
 * and token to one exact resource (the MCP endpoint) and to scopes svc offers, asks the artist
 * before any code is issued, and keeps everything in the OAuthStore.
 */
import type { Response } from "express";
import type { AuthorizationParams, OAuthServerProvider } from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type {
  OAuthClientInformationFull,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  AccessDeniedError,
  InvalidGrantError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
  TemporarilyUnavailableError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { acceptRegistration, displayName } from "./client-metadata.js";
import type { AskConsent } from "./consent.js";
import { MAX_FAMILIES_PER_CLIENT, OAuthStore, RegistrationFullError, type IssuedTokens } from "./oauth-store.js";

/** The one scope: the MCP server's tools, resources and prompts. */
export const MCP_SCOPE = "mcp";

export interface ProviderOptions {
  store: OAuthStore;
  /** Exact resource URLs (RFC 8707) this server accepts, one per way of addressing it. */
  resources: string[];
  consent: AskConsent;
  log: (line: string) => void;
}

const REASONS: Record<string, string> = {
  unknown: "is not valid",
  expired: "has expired",
  reused: "was already used; the tokens issued for it are revoked, authorize again",
  wrong_client: "was issued to another client",
};

function tokenResponse(tokens: IssuedTokens): OAuthTokens {
  return {
    access_token: tokens.accessToken,
    token_type: "Bearer",
    expires_in: tokens.expiresInSeconds,
    refresh_token: tokens.refreshToken,
    scope: tokens.scopes.join(" "),
  };
}

export class SvcOAuthProvider implements OAuthServerProvider {
  readonly clientsStore: OAuthRegisteredClientsStore;
  private readonly store: OAuthStore;

  constructor(private readonly options: ProviderOptions) {
    this.store = options.store;
    this.clientsStore = {
      getClient: (id) => this.store.getClient(id),
      registerClient: (info) => {
        const accepted = acceptRegistration(info as OAuthClientInformationFull);
        try {
          const { evicted } = this.store.registerClient(accepted);
          if (evicted) options.log(`oauth client ${evicted} evicted to make room (tokenless, idle the longest)`);
        } catch (err) {
          if (err instanceof RegistrationFullError) throw new TemporarilyUnavailableError(err.message);
          throw err;
        }
        options.log(`oauth client ${accepted.client_id} registered (${displayName(accepted)})`);
        return accepted;
      },
    };
  }

  private checkResource(resource: URL | undefined): string {
    if (!resource)
      throw new InvalidTargetError(`the resource parameter is required (RFC 8707): ${this.options.resources[0]}`);
    if (!this.options.resources.includes(resource.href)) {
      throw new InvalidTargetError(
        `resource '${resource.href.slice(0, 200)}' is not served here; svc's MCP endpoint is ${this.options.resources.join(" or ")}`,
      );
    }
    return resource.href;
  }

  private checkScopes(requested: string[] | undefined, allowed: string[] = [MCP_SCOPE]): string[] {
    const scopes = (requested ?? []).filter((s) => s.length > 0);
    const unknown = scopes.find((s) => !allowed.includes(s));
    if (unknown)
      throw new InvalidScopeError(`scope '${unknown.slice(0, 100)}' is not offered; ask for ${allowed.join(" ")}`);
    return scopes.length > 0 ? [...new Set(scopes)] : allowed;
  }

  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    const resource = this.checkResource(params.resource);
    const scopes = this.checkScopes(params.scopes);
    // No room for a code: say so now rather than ask the artist a question whose Allow is lost.
    if (!this.store.hasRoomForCode())
      throw new TemporarilyUnavailableError(
        "too many authorization codes are waiting to be redeemed; try again in a minute",
      );
    // The browser that waits for the answer may leave; then the question is withdrawn (Deny).
    const gone = new AbortController();
    const onClose = () => {
      if (!res.writableFinished) gone.abort();
    };
    res.on("close", onClose);
    try {
      const answer = await this.options.consent({
        clientName: displayName(client),
        redirectUri: params.redirectUri,
        scopes,
        resource,
        signal: gone.signal,
      });
      // An answer that comes after the browser left is not delivered: no code is issued for it.
      const allowed = answer.allowed && !gone.signal.aborted;
      const reason = gone.signal.aborted ? "the browser left before the answer" : answer.reason;
      this.options.log(`oauth client ${client.client_id} ${allowed ? "allowed" : "denied"} (${reason})`);
      if (!allowed) throw new AccessDeniedError(`the artist did not allow this client (${reason})`);
    } finally {
      res.off("close", onClose);
    }
    let code: string;
    try {
      code = this.store.issueCode({
        clientId: client.client_id,
        scopes,
        resource,
        challenge: params.codeChallenge,
        redirectUri: params.redirectUri,
      });
    } catch (err) {
      // Filled while the artist was answering: the browser hears why, not a bare server_error.
      if (err instanceof RegistrationFullError) throw new TemporarilyUnavailableError(err.message);
      throw err;
    }
    const target = new URL(params.redirectUri);
    target.searchParams.set("code", code);
    if (params.state !== undefined) target.searchParams.set("state", params.state);
    res.redirect(302, target.href);
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, authorizationCode: string): Promise<string> {
    const found = this.store.findCode(authorizationCode, client.client_id);
    if (!found.ok) throw new InvalidGrantError(`the authorization code ${REASONS[found.reason]}`);
    return found.code.challenge;
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    authorizationCode: string,
    _codeVerifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const found = this.store.findCode(authorizationCode, client.client_id);
    if (!found.ok) throw new InvalidGrantError(`the authorization code ${REASONS[found.reason]}`);
    if (redirectUri !== undefined && redirectUri !== found.code.redirectUri) {
      throw new InvalidGrantError("redirect_uri differs from the one the code was issued for");
    }
    if (resource !== undefined && resource.href !== found.code.resource) {
      throw new InvalidTargetError(
        `the code was issued for resource ${found.code.resource}, not ${resource.href.slice(0, 200)}`,
      );
    }
    const redeemed = this.store.redeemCode(authorizationCode, client.client_id);
    if (!redeemed.ok) throw new InvalidGrantError(`the authorization code ${REASONS[redeemed.reason]}`);
    if (redeemed.endedGrants > 0)
      this.options.log(
        `oauth client ${client.client_id}: its least recently used grant ended to make room (at most ${MAX_FAMILIES_PER_CLIENT} at once)`,
      );
    return tokenResponse(redeemed.tokens);
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    const grant = this.store.refreshGrant(refreshToken, client.client_id);
    if (grant) {
      // Checked before rotating, so a request for more than was granted leaves the token usable.
      if (resource !== undefined && resource.href !== grant.resource) {
        throw new InvalidTargetError(
          `the refresh token was issued for resource ${grant.resource}, not ${resource.href.slice(0, 200)}`,
        );
      }
      if (scopes !== undefined) this.checkScopes(scopes, grant.scopes);
    }
    const outcome = this.store.rotateRefresh(
      refreshToken,
      client.client_id,
      scopes && scopes.length > 0 ? [...new Set(scopes)] : undefined,
    );
    if (!outcome.ok) {
      if (outcome.reason === "reused")
        this.options.log(`oauth client ${client.client_id}: a replaced refresh token came back; its grant is revoked`);
      throw new InvalidGrantError(`the refresh token ${REASONS[outcome.reason]}`);
    }
    return tokenResponse(outcome.tokens);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const found = this.store.verifyAccess(token);
    if (!found.ok)
      throw new InvalidTokenError(
        found.reason === "expired" ? "the access token has expired; refresh it" : "the access token is not valid",
      );
    const { access } = found;
    return {
      token,
      clientId: access.clientId,
      scopes: access.scopes,
      expiresAt: Math.floor(access.expiresAt / 1000),
      resource: new URL(access.resource),
    };
  }

  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    this.store.revokeToken(request.token, client.client_id);
  }
}
