/**
 * The creative repertoire's two read-only resources (spec 2.7), registered only when the feature
 * is on (SVC_RAG_ENABLED=1, server.ts): one card as JSON, and a cosine top-k search. Reading them
 * never runs anything a card suggests. A failure of the embeddings server is this read's error,
 * nothing more. The repertoire's code loads on the first read.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { json, ResourceNotFound, type ResourceBody, type TemplatedResource } from "./registry.js";

async function repertoire() {
  const support = await import("../../creative/cli-support.js");
  const config = support.configFor(process.env, process.cwd());
  if (typeof config === "string")
    throw new McpError(ErrorCode.InternalError, `the creative repertoire is misconfigured: ${config}`);
  return { support, config };
}

/** A repertoire failure as the read's error, with its code. */
async function reading(work: () => Promise<ResourceBody>): Promise<ResourceBody> {
  const { CreativeError } = await import("../../creative/errors.js");
  try {
    return await work();
  } catch (err) {
    if (err instanceof CreativeError) throw new McpError(ErrorCode.InternalError, `${err.message} [${err.code}]`);
    throw err;
  }
}

/** `svc://creative/cards/<id>`: one card, its provenance and license always present. */
const creativeCardResource: TemplatedResource = {
  name: "creative-card",
  title: "Creative card",
  description:
    "One card of the local creative repertoire as JSON: the work, its sourceUrl, license and rightsNotes, and the svc builders it suggests (hints only).",
  mimeType: "application/json",
  template: "svc://creative/cards/{id}",
  async read({ id = "" }) {
    const { config } = await repertoire();
    return reading(async () => {
      const { readCard } = await import("../../creative/store.js");
      const card = await readCard(config.dataDir, id.toLowerCase());
      if (!card) throw new ResourceNotFound(`no creative card '${id}'; find ids with svc://creative/search?q=<words>`);
      const { body, ...front } = card;
      return json({ ...front, note: body.trim() });
    });
  },
};

/** `svc://creative/search?q=...&k=&license=&type=&tags=`: the closest cards, filtered. */
const creativeSearchResource: TemplatedResource = {
  name: "creative-search",
  title: "Creative repertoire search",
  description:
    "Cards closest in meaning to q (cosine top-k, default 10), optionally only some licenses, one type, or cards with all the given tags; each hit names its sourceUrl, license and rightsNotes.",
  mimeType: "application/json",
  template: "svc://creative/search{?q,k,license,type,tags}",
  async read(vars) {
    const { support, config } = await repertoire();
    const filters = support.filtersFrom({ license: vars.license, type: vars.type, tags: vars.tags });
    if (typeof filters === "string") throw new McpError(ErrorCode.InvalidParams, filters);
    const k = vars.k === undefined || vars.k === "" ? support.DEFAULT_K : Number(vars.k);
    if (!Number.isInteger(k) || k < 1 || k > support.MAX_K)
      throw new McpError(
        ErrorCode.InvalidParams,
        `k must be a whole number from 1 to ${support.MAX_K}, not '${vars.k}'`,
      );
    if (!vars.q?.trim()) throw new McpError(ErrorCode.InvalidParams, "q must hold some words to search for");
    const warnings: string[] = [];
    return reading(async () => {
      const result = await support.searchCards(config, vars.q!, k, filters, (line) => warnings.push(line));
      return json({ ...result, ...(warnings.length ? { warnings } : {}) });
    });
  },
};

export const creativeResources: readonly TemplatedResource[] = [creativeCardResource, creativeSearchResource];
