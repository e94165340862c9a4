/**
 * Encodes a TouchDesigner path for a URL segment, twice: `/project1/noise1` → `%252Fproject1%252Fnoise1`.
 * Whether TouchDesigner's Web Server DAT decodes the URI before the bridge sees it is not documented;
 * encoded twice, the path is one segment either way, so a node named `errors` or `params` is never
 * taken for a route (the bridge decodes what is left).
 */
export function encodePath(tdPath: string): string {
  return encodeURIComponent(encodeURIComponent(tdPath));
}
