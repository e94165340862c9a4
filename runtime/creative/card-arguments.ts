/**
 * What a card says, as a builder's arguments: its palette gives the colour arguments (and the
 * colour grade's saturation), its motion words and tags the tempo of the arguments that move, and
 * a few tags a builder's switches (a monochrome card dithers in one light colour). Each argument
 * comes with the words it came from, so an assistant can see why. Only arguments the builder takes.
 */
import type { Card } from "./card.js";

export interface CardArguments {
  args: Record<string, unknown>;
  /** `argument <- what the card says`, one line per argument taken from the card. */
  because: string[];
}

type Tempo = "slow" | "fast";

const SLOW =
  /\b(slow\w*|still\w*|calm\w*|gentl\w*|quiet\w*|meditat\w*|static|serene|drift\w*|ambient|languid|tranquil\w*)\b/;
const FAST =
  /\b(fast\w*|rapid\w*|quick\w*|frantic|energ\w*|puls\w*|strob\w*|chaotic|explos\w*|violent\w*|frenetic|dynamic)\b/;
const MONO = /\b(monochrom\w*|black and white|black-and-white|greyscale|grayscale)\b/;
const FALLING = /\b(rain\w*|snow\w*|falling|fall)\b/;
const RISING = /\b(smoke|sparks?|fire\w*|flames?|rising|embers?)\b/;
const GROUND = /\b(roots?|ground|grass\w*|meadow\w*|forest\w*)\b/;

/** The builder arguments that move, with a value for a slow and a fast card (inside each schema's range). */
const MOTION: Record<string, Record<string, Record<Tempo, number>>> = {
  create_feedback_network: { spin: { slow: 0.5, fast: 3 }, drift: { slow: 0.2, fast: 1.5 } },
  create_kaleidoscope: { spin: { slow: 5, fast: 45 }, drift: { slow: 0.1, fast: 0.6 } },
  create_glitch: { rate: { slow: 2, fast: 15 } },
  create_growth_system: { rate: { slow: 0.2, fast: 0.8 } },
  create_fluid_sim: { force: { slow: 1, fast: 4 }, swirl: { slow: 0.3, fast: 1.5 } },
  create_particle_system: { turbulence: { slow: 0.5, fast: 3 } },
};

/** Colour arguments, each builder's own: the first palette colour goes to the first one it takes. */
const COLOUR_ARGUMENTS = ["tint", "color", "light", "ink"];

/** HSL saturation (0-1) of `#rrggbb`. */
function saturationOf(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * l - 1));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

export function cardArguments(card: Card, tool: string, takes: readonly string[]): CardArguments {
  const args: Record<string, unknown> = {};
  const because: string[] = [];
  const put = (name: string, value: unknown, why: string) => {
    if (!takes.includes(name) || name in args) return;
    args[name] = value;
    because.push(`${name} <- ${why}`);
  };
  put("name", `card_${card.id.slice(0, 12)}`, "the card's id");

  const tagText = card.tags.join(", ").toLowerCase();
  const motionText = card.motionLanguage.toLowerCase();
  const tagged = (pattern: RegExp) => tagText.match(pattern)?.[0];
  const mono = tagged(MONO);
  if (mono) {
    if (tool === "create_dither") put("mono", true, `tags '${mono}'`);
    if (tool === "create_halftone") put("colour", false, `tags '${mono}'`);
    if (tool === "create_color_grade") put("saturation", 0, `tags '${mono}'`);
  }

  const first = card.palette[0]?.toLowerCase();
  const colour = COLOUR_ARGUMENTS.find((c) => takes.includes(c));
  if (first && colour) put(colour, first, `palette ${first}`);
  if (tool === "create_color_grade" && card.palette.length) {
    // A muted palette grades towards grey, a vivid one beyond the picture's own colour.
    const mean = card.palette.reduce((s, c) => s + saturationOf(c), 0) / card.palette.length;
    put("saturation", round2(0.25 + 1.25 * mean), `palette ${card.palette.join(" ")}, mean saturation ${round2(mean)}`);
  }

  for (const tempo of ["slow", "fast"] as const) {
    const pattern = tempo === "slow" ? SLOW : FAST;
    const said = motionText.match(pattern)?.[0] ?? tagged(pattern);
    if (said === undefined) continue;
    const source = motionText.match(pattern) ? "motion" : "tags";
    for (const [name, values] of Object.entries(MOTION[tool] ?? {}))
      put(name, values[tempo], `${source} '${said}' (${tempo})`);
    break;
  }
  if (tool === "create_particle_system") {
    const down = tagged(FALLING);
    const up = tagged(RISING);
    if (down) put("gravity", -3, `tags '${down}'`);
    else if (up) put("gravity", 2, `tags '${up}'`);
  }
  const ground = tagged(GROUND);
  if (tool === "create_growth_system" && ground) put("seed", "ground", `tags '${ground}'`);
  return { args, because };
}
