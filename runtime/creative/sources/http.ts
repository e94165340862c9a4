/**
 * HTTP for the source adapters, over undici: JSON GETs and binary downloads with a timeout, a size
 * cap and redirects followed (linked-art ids redirect to their data). A URL in an error message is
 * shown with its credentials removed, so a key never reaches a log.
 */
import { Agent, interceptors, type Dispatcher } from "undici";
import { stripCredentials } from "../card.js";
import { SourceError } from "../errors.js";

const MAX_JSON_BYTES = 8 * 1024 * 1024;
const MAX_BINARY_BYTES = 32 * 1024 * 1024;
const SOURCE_TIMEOUT_MS = 30_000;
const USER_AGENT = "svc-creative-rag (+https://github.com/svc; open-access metadata, capped pull)";

let agent: Dispatcher | undefined;
function dispatcher(): Dispatcher {
  agent ??= new Agent({ headersTimeout: SOURCE_TIMEOUT_MS, bodyTimeout: SOURCE_TIMEOUT_MS }).compose(
    interceptors.redirect({ maxRedirections: 5 }),
  );
  return agent;
}

interface Fetched {
  status: number;
  contentType: string;
  body: Uint8Array;
}

/** One GET; a body over `maxBytes` is refused while it streams. */
async function get(
  source: string,
  url: string,
  options: { accept: string; maxBytes: number; secrets: readonly string[] },
): Promise<Fetched> {
  const shown = stripCredentials(url, options.secrets);
  let response: Dispatcher.ResponseData;
  try {
    response = await dispatcher().request({
      origin: new URL(url).origin,
      path: new URL(url).pathname + new URL(url).search,
      method: "GET",
      headers: { accept: options.accept, "user-agent": USER_AGENT },
    });
  } catch (err) {
    throw new SourceError(
      source,
      `GET ${shown} failed: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > options.maxBytes) {
      response.body.destroy();
      throw new SourceError(source, `GET ${shown} answered more than ${options.maxBytes} bytes`, response.statusCode);
    }
    chunks.push(chunk as Buffer);
  }
  const type = response.headers["content-type"];
  return {
    status: response.statusCode,
    contentType: (Array.isArray(type) ? type[0] : type) ?? "",
    body: Buffer.concat(chunks),
  };
}

/** A JSON GET: undefined on 404 (the item vanished upstream), SourceError on any other failure. */
export async function getJson<T>(
  source: string,
  url: string,
  secrets: readonly string[] = [],
  accept = "application/json",
): Promise<T | undefined> {
  const fetched = await get(source, url, { accept, maxBytes: MAX_JSON_BYTES, secrets });
  if (fetched.status === 404) return undefined;
  const shown = stripCredentials(url, secrets);
  if (fetched.status < 200 || fetched.status >= 300)
    throw new SourceError(source, `GET ${shown} answered HTTP ${fetched.status}`, fetched.status);
  try {
    return JSON.parse(Buffer.from(fetched.body).toString("utf8")) as T;
  } catch {
    throw new SourceError(source, `GET ${shown} did not answer JSON`, fetched.status);
  }
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/tiff": "tif",
};

/** An image download: its bytes and a file extension taken from its content type. */
export async function getImage(
  source: string,
  url: string,
  secrets: readonly string[] = [],
): Promise<{ bytes: Uint8Array; extension: string }> {
  const fetched = await get(source, url, { accept: "image/*", maxBytes: MAX_BINARY_BYTES, secrets });
  if (fetched.status < 200 || fetched.status >= 300)
    throw new SourceError(
      source,
      `GET ${stripCredentials(url, secrets)} answered HTTP ${fetched.status}`,
      fetched.status,
    );
  const extension = EXTENSIONS[fetched.contentType.split(";")[0]!.trim().toLowerCase()];
  if (!extension)
    throw new SourceError(
      source,
      `GET ${stripCredentials(url, secrets)} is not an image (${fetched.contentType || "no content type"})`,
    );
  return { bytes: fetched.body, extension };
}
