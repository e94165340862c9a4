/**
 * Replays the recorded upstream responses of the seven sources (fixtures/sources, each in its
 * API's documented shape) on a loopback port, as `http://127.0.0.1:<port>/<source>/...`. Linked-art
 * ids redirect (303) to their data as the real resolver does; pictures are a small PNG. Tests can
 * replace any path's answer to make an item vanish or a source fail, and read every request made.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

const FIXTURES = fileURLToPath(new URL("./fixtures/sources/", import.meta.url));
/** A 1x1 PNG: what every picture URL answers. */
const PNG_BYTES = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201a2b1d6c10000000049454e44ae426082",
  "hex",
);

interface Answer {
  status: number;
  body: string;
  type?: string;
}

export interface ReplayServer {
  origin: string;
  /** SVC_RAG_SOURCE_URLS pointing every live source at this server. */
  sourceUrls: string;
  /** Every request's path and query, in order. */
  requests: string[];
  /** Replaces the answer for a pathname until reset(). */
  override(pathname: string, answer: Answer): void;
  reset(): void;
  close(): Promise<void>;
}

export const SMITHSONIAN_KEY = "si-test-key-7f3a";
export const EUROPEANA_KEY = "eu-test-key-91bc";

function fixture(name: string, origin: string): Answer {
  const text = readFileSync(`${FIXTURES}${name}`, "utf8")
    .replaceAll("{{origin}}", origin)
    .replaceAll("{{europeana_key}}", EUROPEANA_KEY);
  return { status: 200, body: text, type: "application/json" };
}

const notFound = (): Answer => ({
  status: 404,
  body: JSON.stringify({ message: "Not a valid object" }),
  type: "application/json",
});

function route(pathname: string, query: URLSearchParams, origin: string): Answer {
  const byPath: Record<string, () => Answer> = {
    "/artic/artworks/search": () => fixture("artic/artworks-search.json", origin),
    "/met/search": () => fixture("met/search.json", origin),
    "/rijks/search/collection": () => fixture("rijks/search.json", origin),
    "/cleveland/artworks/": () => fixture("cleveland/artworks.json", origin),
    "/smithsonian/search": () =>
      query.get("api_key") === SMITHSONIAN_KEY
        ? fixture("smithsonian/search.json", origin)
        : { status: 403, body: JSON.stringify({ error: { code: "API_KEY_INVALID" } }), type: "application/json" },
    "/commons/api.php": () =>
      query.get("generator") === "categorymembers" &&
      query.get("gcmtitle") === "Category:CC-Zero" &&
      query.get("prop") === "imageinfo"
        ? fixture("commons/query.json", origin)
        : { status: 400, body: "{}", type: "application/json" },
    "/europeana/record/v2/search.json": () =>
      query.get("wskey") === EUROPEANA_KEY
        ? fixture("europeana/search.json", origin)
        : { status: 401, body: JSON.stringify({ success: false, error: "Invalid API key" }), type: "application/json" },
  };
  const exact = byPath[pathname];
  if (exact) return exact();
  const met = /^\/met\/objects\/(\d+)$/.exec(pathname);
  if (met) {
    try {
      return fixture(`met/objects-${met[1]}.json`, origin);
    } catch {
      return notFound();
    }
  }
  const rijksData = /^\/rijks-data\/(\d+)$/.exec(pathname);
  if (rijksData) {
    try {
      return fixture(`rijks/${rijksData[1]}.json`, origin);
    } catch {
      return notFound();
    }
  }
  if (/\.(jpg|png|tif)$/.test(pathname)) return { status: 200, body: "", type: "image/png" };
  return notFound();
}

export async function startReplayServer(): Promise<ReplayServer> {
  const overrides = new Map<string, Answer>();
  const requests: string[] = [];
  let origin = "";
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", origin);
    requests.push(`${url.pathname}${url.search}`);
    const rijksId = /^\/rijks-id\/(\d+)$/.exec(url.pathname);
    if (rijksId && !overrides.has(url.pathname)) {
      res.writeHead(303, { location: `/rijks-data/${rijksId[1]}` }).end();
      return;
    }
    const answer = overrides.get(url.pathname) ?? route(url.pathname, url.searchParams, origin);
    const body = answer.type === "image/png" && answer.status === 200 ? PNG_BYTES : Buffer.from(answer.body);
    res
      .writeHead(answer.status, { "content-type": answer.type ?? "application/json", "content-length": body.length })
      .end(body);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const names = ["artic", "met", "rijks", "cleveland", "smithsonian", "europeana"];
  const sourceUrls = [...names.map((n) => `${n}=${origin}/${n}`), `commons=${origin}/commons/api.php`].join(",");
  return {
    origin,
    sourceUrls,
    requests,
    override: (pathname, answer) => void overrides.set(pathname, answer),
    reset: () => overrides.clear(),
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
