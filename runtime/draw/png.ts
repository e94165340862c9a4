/**
 * SVG to PNG with resvg (@resvg/resvg-js: a maintained Rust rasterizer whose binary ships inside
 * its npm package). Text uses the system's fonts; without any, tiles are drawn without labels.
 */
/** Pictures are drawn 1.5 times the SVG's size unless a width is asked for, so text stays sharp. */
const DEFAULT_ZOOM = 1.5;
const MAX_WIDTH = 8000;

export async function svgToPng(
  svg: string,
  width?: number,
): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { Resvg } = await import("@resvg/resvg-js");
  const fitTo =
    width === undefined
      ? { mode: "zoom" as const, value: DEFAULT_ZOOM }
      : { mode: "width" as const, value: Math.min(width, MAX_WIDTH) };
  const resvg = new Resvg(svg, { font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" }, fitTo });
  if (resvg.width * (width === undefined ? DEFAULT_ZOOM : width / resvg.width) > MAX_WIDTH) {
    return svgToPng(svg, MAX_WIDTH);
  }
  const image = resvg.render();
  return { data: image.asPng(), width: image.width, height: image.height };
}
