/**
 * A URI template with a form-style query (`svc://x/search{?q,k}`) that matches its parameters in
 * any order and any subset, as a client writes them. The SDK's own matcher wants all of them, in
 * the template's order. Values are returned still percent-encoded: registry.ts decodes them.
 */
import { UriTemplate } from "@modelcontextprotocol/sdk/shared/uriTemplate.js";

type Variables = Record<string, string | string[]>;

export class QueryUriTemplate extends UriTemplate {
  private readonly base: string;
  private readonly names: ReadonlySet<string>;

  constructor(template: string) {
    super(template);
    const at = template.indexOf("{?");
    this.base = template.slice(0, at);
    this.names = new Set(
      template
        .slice(at + 2, template.indexOf("}", at))
        .split(",")
        .map((n) => n.trim()),
    );
  }

  static fits(template: string): boolean {
    return /^[^{}]*\{\?[A-Za-z_,]+\}$/.test(template);
  }

  override match(uri: string): Variables | null {
    const q = uri.indexOf("?");
    if ((q < 0 ? uri : uri.slice(0, q)) !== this.base) return null;
    const out: Variables = {};
    for (const pair of q < 0 ? [] : uri.slice(q + 1).split("&")) {
      if (!pair) continue;
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      // An unknown parameter does not match, so a misspelt one is an error rather than ignored.
      if (!this.names.has(name) || name in out) return null;
      // Form style: `+` is a space.
      out[name] = eq < 0 ? "" : pair.slice(eq + 1).replace(/\+/g, "%20");
    }
    return out;
  }
}
