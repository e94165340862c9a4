/**
 * What svc accepts in a dynamic client registration (RFC 7591), and what it keeps. Clients are
 * public (no secret; PKCE protects the code), redirect to an https address or a loopback http
 * one, and have a name the consent box can show. Only the fields svc uses are kept, so a
 * registration cannot grow the state file with logos, keys or contact lists.
 */
import type { OAuthClientInformationFull } from "@modelcontextprotocol/sdk/shared/auth.js";
import { InvalidClientMetadataError } from "@modelcontextprotocol/sdk/server/auth/errors.js";

const MAX_REDIRECT_URIS = 8;
const MAX_URI_CHARS = 2048;
const MAX_NAME_CHARS = 64;
const LOOPBACK_HOSTNAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);
const GRANT_TYPES = new Set(["authorization_code", "refresh_token"]);

/** As Python's str.isprintable, which the bridge applies to the name it shows: no control, format or separator but the space. */
function printable(text: string): boolean {
  return [...text].every((c) => c === " " || !/[\p{C}\p{Z}]/u.test(c));
}

function checkRedirectUri(uri: string): void {
  if (uri.length > MAX_URI_CHARS)
    throw new InvalidClientMetadataError(`a redirect_uri is at most ${MAX_URI_CHARS} characters`);
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new InvalidClientMetadataError(`redirect_uri '${uri.slice(0, 200)}' is not a URL`);
  }
  const loopback = LOOPBACK_HOSTNAMES.has(url.hostname);
  if (!(url.protocol === "https:" || (url.protocol === "http:" && loopback))) {
    throw new InvalidClientMetadataError(
      `redirect_uri '${uri.slice(0, 200)}' must be https, or http on localhost, 127.0.0.1 or [::1]`,
    );
  }
  if (url.username || url.password || url.hash) {
    throw new InvalidClientMetadataError(
      `redirect_uri '${uri.slice(0, 200)}' must not carry credentials or a fragment`,
    );
  }
}

/** The registration as svc keeps it, or an invalid_client_metadata error that says what to change. */
export function acceptRegistration(info: OAuthClientInformationFull): OAuthClientInformationFull {
  const uris = info.redirect_uris.map(String);
  if (uris.length === 0 || uris.length > MAX_REDIRECT_URIS) {
    throw new InvalidClientMetadataError(`redirect_uris lists 1 to ${MAX_REDIRECT_URIS} addresses`);
  }
  uris.forEach(checkRedirectUri);
  const grants = info.grant_types ?? ["authorization_code", "refresh_token"];
  const unknownGrant = grants.find((g) => !GRANT_TYPES.has(g));
  if (unknownGrant)
    throw new InvalidClientMetadataError(
      `grant_types may list authorization_code and refresh_token, not '${unknownGrant}'`,
    );
  const responses = info.response_types ?? ["code"];
  if (responses.some((r) => r !== "code")) throw new InvalidClientMetadataError("response_types may only be ['code']");
  const name = info.client_name?.trim();
  if (name !== undefined && (name.length === 0 || [...name].length > MAX_NAME_CHARS || !printable(name))) {
    throw new InvalidClientMetadataError(`client_name is 1 to ${MAX_NAME_CHARS} printable characters`);
  }
  return {
    client_id: info.client_id,
    client_id_issued_at: info.client_id_issued_at,
    redirect_uris: uris,
    ...(name ? { client_name: name } : {}),
    grant_types: grants,
    response_types: ["code"],
    // Public clients only: any secret the registration handler made is dropped, never stored.
    token_endpoint_auth_method: "none",
    ...(info.scope ? { scope: info.scope } : {}),
  };
}

/** The name the consent box shows: the registered one, or a stand-in made from the id. */
export function displayName(info: OAuthClientInformationFull): string {
  return info.client_name ?? `unnamed client ${info.client_id.slice(0, 8)}`;
}
