/**
 * The HTTP front of OAuth mode: the MCP SDK's authorization-server endpoints (metadata,
 * /authorize, /token, /register, /revoke) and its bearer check in front of /mcp, one Express app
 * per origin the server answers on (http://127.0.0.1:<port>, http://localhost:<port>, and the
 * public URL when a reverse proxy serves one). Each origin's metadata names that origin, so a
 * client finds an issuer and a resource that match the address it used; a token is accepted only
 * at the exact resource it was issued for.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type NextFunction, type Request, type Response } from "express";
import { getOAuthProtectedResourceMetadataUrl, mcpAuthRouter } from "@modelcontextprotocol/sdk/server/auth/router.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import type { OAuthSettings } from "./auth-config.js";
import type { AskConsent } from "./consent.js";
import { MCP_SCOPE, SvcOAuthProvider } from "./oauth-provider.js";
import type { OAuthStore } from "./oauth-store.js";
import { LEGACY_PRINCIPAL, oauthPrincipal } from "./principals.js";
import { registrationLimit } from "./registration-limit.js";

export interface OAuthFrontOptions {
  port: number;
  mcpPath: string;
  settings: OAuthSettings;
  store: OAuthStore;
  consent: AskConsent;
  /** hybrid: true when an Authorization header carries the legacy SVC_MCP_TOKEN, accepted beside OAuth tokens. */
  legacyBearer?: (authorization: string | undefined) => boolean;
  /** Serves an authenticated /mcp request; `principal` is who its session belongs to. */
  serveMcp: (req: IncomingMessage, res: ServerResponse, principal: string) => Promise<void>;
  now: () => number;
  log: (line: string) => void;
}

export interface OAuthFront {
  /** The exact resource URLs tokens may be bound to. */
  resources: string[];
  /** The public URL's host, when one is set: accepted in Host beside the loopback names. */
  publicHost?: string;
  publicOrigin?: string;
  /** Serves the request if it is OAuth's or /mcp on a known origin; else calls `otherwise` (with an error if one happened). */
  handle(req: IncomingMessage, res: ServerResponse, otherwise: (err?: unknown) => void): void;
}

type ExpressHandler = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

export function createOAuthFront(options: OAuthFrontOptions): OAuthFront {
  const { settings, mcpPath } = options;
  const origins = new Map<string, string>([
    [`127.0.0.1:${options.port}`, `http://127.0.0.1:${options.port}`],
    [`localhost:${options.port}`, `http://localhost:${options.port}`],
  ]);
  const publicUrl = settings.publicUrl;
  if (publicUrl) origins.set(publicUrl.host.toLowerCase(), publicUrl.origin);
  const resources = [...origins.values()].map((origin) => new URL(mcpPath, origin).href);
  const provider = new SvcOAuthProvider({
    store: options.store,
    resources,
    consent: options.consent,
    log: options.log,
  });
  // One limiter for every origin: the global bucket is global.
  const limit = registrationLimit({
    perMinute: settings.registrationsPerMinute,
    trustedProxy: settings.trustedProxy,
    now: options.now,
  });

  function appFor(origin: string): ExpressHandler {
    const resource = new URL(mcpPath, origin);
    const app = express();
    app.disable("x-powered-by");
    // The SDK's own limits on /authorize, /token and /revoke count by req.ip: behind a trusted proxy
    // that is the address the proxy appended; otherwise X-Forwarded-For means nothing here.
    if (settings.trustedProxy) app.set("trust proxy", "loopback");
    const sdkLimits = settings.trustedProxy ? {} : { rateLimit: { validate: { xForwardedForHeader: false } } };
    app.use("/register", limit);
    app.use(
      mcpAuthRouter({
        provider,
        issuerUrl: new URL(origin),
        resourceServerUrl: resource,
        scopesSupported: [MCP_SCOPE],
        resourceName: "svc",
        // registration-limit.ts bounds registration; clients are public, so no secret expires.
        clientRegistrationOptions: { rateLimit: false, clientSecretExpirySeconds: 0 },
        authorizationOptions: sdkLimits,
        tokenOptions: sdkLimits,
        revocationOptions: sdkLimits,
      }),
    );
    const bearer = requireBearerAuth({
      verifier: provider,
      requiredScopes: [MCP_SCOPE],
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resource),
      expectedResource: resource,
    });
    app.all(mcpPath, (req: Request, res: Response, next: NextFunction) => {
      if (options.legacyBearer?.(req.headers.authorization)) {
        res.locals.principal = LEGACY_PRINCIPAL;
        return next();
      }
      void bearer(req, res, () => {
        res.locals.principal = oauthPrincipal(req.auth!.clientId);
        next();
      });
    });
    app.all(mcpPath, (req: Request, res: Response, next: NextFunction) => {
      options.serveMcp(req, res, String(res.locals.principal)).catch(next);
    });
    return app as unknown as ExpressHandler;
  }

  const apps = new Map([...origins].map(([host, origin]) => [host, appFor(origin)]));
  return {
    resources,
    publicHost: publicUrl?.host.toLowerCase(),
    publicOrigin: publicUrl?.origin,
    handle(req, res, otherwise) {
      const app = apps.get((req.headers.host ?? "").trim().toLowerCase());
      if (!app) return otherwise();
      app(req, res, otherwise);
    },
  };
}
