/**
 * Which svc builders a card suggests (spec 2.5 `svcAffordances`): hints from the card's words,
 * never run by reading a card. The colour grade is hinted by words about colour, and is the one hint
 * of a card whose words hint at nothing else (it fits any picture).
 */
const HINTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(kaleidoscop\w*|mandala\w*|symmetr\w*|mirror\w*|rosette\w*)\b/, "create_kaleidoscope"],
  [/\b(feedback|tunnel\w*|spiral\w*|vortex|echo\w*|recursi\w*)\b/, "create_feedback_network"],
  [/\b(glitch\w*|distort\w*|torn|fragment\w*|collage\w*)\b/, "create_glitch"],
  [/\b(halftone\w*|dots?|dotted|print\w*|engrav\w*|etching\w*|woodcut\w*|lithograph\w*)\b/, "create_halftone"],
  [/\b(dither\w*|pixel\w*|mosaic\w*|tile\w*|textile\w*|weav\w*)\b/, "create_dither"],
  [/\b(particle\w*|stars?|starry|constellation\w*|snow\w*|dust|swarm\w*)\b/, "create_particle_system"],
  [/\b(growth|grow\w*|plant\w*|botanic\w*|coral\w*|branch\w*|tree\w*|flower\w*|leaf|leaves)\b/, "create_growth_system"],
  [/\b(fluid\w*|water\w*|wave\w*|sea|ocean\w*|river\w*|smoke|ink|marbl\w*|flow\w*)\b/, "create_fluid_sim"],
];

const COLOUR_WORDS =
  /\b(colou?r\w*|grad(e|ed|ing)|tones?|tonal|tint\w*|hues?|palette\w*|monochrom\w*|sepia|warm|cool|cinemat\w*|film)\b/;

export function affordancesFor(text: string): string[] {
  const lower = text.toLowerCase();
  const found = HINTS.filter(([pattern]) => pattern.test(lower)).map(([, tool]) => tool);
  if (found.length === 0 || COLOUR_WORDS.test(lower)) found.push("create_color_grade");
  return found;
}

/** `#rrggbb` from hue (0-360), saturation and lightness (0-100), as some collections give a dominant colour. */
export function hslToHex(h: number, s: number, l: number): string {
  const sat = Math.min(100, Math.max(0, s)) / 100;
  const light = Math.min(100, Math.max(0, l)) / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return `#${[f(0), f(8), f(4)]
    .map((x) =>
      Math.round(x * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
