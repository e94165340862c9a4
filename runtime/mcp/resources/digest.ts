import { BridgeError } from "../../engine/index.js";
import { readDigest } from "../live/digest.js";
import { json, ResourceNotFound, type TemplatedResource } from "./registry.js";

/** `svc://digest//project1/tunnel` (or `svc://digest/project1/tunnel`): a live COMP's subgraph, compactly. */
export const digestResource: TemplatedResource = {
  name: "digest",
  title: "Live network digest",
  description:
    "A compact digest of a live COMP's network from the bridge: nodes and wires in .svcnet notation, with counts and completeness.",
  mimeType: "application/json",
  template: "svc://digest/{+path}",
  async read({ path = "" }, _catalog, services) {
    const tdPath = path.startsWith("/") ? path : `/${path}`;
    try {
      return json(await readDigest(await services.bridge(), tdPath));
    } catch (err) {
      if (err instanceof BridgeError && err.status === 404)
        throw new ResourceNotFound(`no COMP at ${tdPath} in the live project: ${err.message}`);
      if (err instanceof BridgeError)
        throw new Error(`the bridge could not give the digest of ${tdPath}: ${err.oneLine()}`);
      throw err;
    }
  },
};
