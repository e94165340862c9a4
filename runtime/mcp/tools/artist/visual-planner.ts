/**
 * The deterministic planner behind plan_visual: a plain-language request becomes the recipe (or a
 * source and an effect) and the tool call that would build it. Words of the request are matched
 * against each recipe's name, tags, category, summary and description (weighted in that order);
 * what the best recipe leaves unmatched may be covered by a second recipe that processes the first's
 * picture, or is processed by it. Colours, "fast"/"slow" and "<number> <parameter>" set arguments.
 * Same request, same library: same plan.
 */
import type { ArtistRecipe, RecipeParamInfo } from "./recipe-catalog.js";
import { GENERATIVE_STYLES } from "./generative-styles.js";

export interface RecipeMatch {
  recipe: string;
  score: number;
  matched: string[];
  summary: string | null;
}

export interface VisualPlan {
  tool: string;
  arguments: Record<string, unknown>;
  recipes: string[];
  /** Best matches first (at most five). */
  alternatives: RecipeMatch[];
  reasons: string[];
}

const STOP = new Set(
  "a an the me my i we us you it its of on in into to for with and or but that this some something make makes making create build give want need please can could would like look looks looking using use show visual visuals thing stuff kind sort version style effect piece network svc touchdesigner very really quite little bit lot lots one".split(
    " ",
  ),
);

/** Words people use for what recipes call otherwise. */
const SYNONYMS: Record<string, string> = {
  music: "audio",
  sound: "audio",
  song: "audio",
  beat: "audio",
  beats: "audio",
  bass: "audio",
  mic: "audio",
  microphone: "audio",
  responsive: "reactive",
  react: "reactive",
  reacts: "reactive",
  reacting: "reactive",
  kaleido: "kaleidoscope",
  kaleidoscopic: "kaleidoscope",
  symmetry: "kaleidoscope",
  symmetric: "kaleidoscope",
  trails: "feedback",
  trail: "feedback",
  colour: "color",
  colours: "color",
  grading: "grade",
  graded: "grade",
  particles: "particle",
  liquid: "fluid",
  smoke: "fluid",
  glitchy: "glitch",
  glitched: "glitch",
  glitches: "glitch",
  pixelated: "dither",
  retro: "dither",
  growing: "growth",
  grow: "growth",
  branching: "growth",
  typography: "text",
  lettering: "text",
  camera: "webcam",
  cam: "webcam",
  cues: "timeline",
  dashboard: "dashboard",
};

const COLOURS: Record<string, string> = {
  red: "#ff2a2a",
  orange: "#ff8800",
  yellow: "#ffdd00",
  gold: "#ffbb33",
  green: "#33dd55",
  teal: "#22bbaa",
  cyan: "#33ddff",
  blue: "#3366ff",
  purple: "#8844ff",
  violet: "#8844ff",
  magenta: "#ff33cc",
  pink: "#ff66aa",
  white: "#ffffff",
};

const PACE = new Set(["fast", "faster", "quick", "slow", "slower"]);
/** A second stage needs more than a word of its summary: a name, tag, stem or category match. */
const SECOND_STAGE_SCORE = 2;

/** Recipes that have a tool of their own, and how that tool names the recipe's arguments. */
export const TYPED_TOOLS: Readonly<Record<string, string>> = {
  feedback_tunnel: "create_feedback_network",
  audio_reactive_basic: "create_audio_reactive",
  glsl_kaleidoscope: "create_kaleidoscope",
  color_grade: "create_color_grade",
  glitch: "create_glitch",
  halftone: "create_halftone",
  dither: "create_dither",
  growth_system: "create_growth_system",
  particle_system: "create_particle_system",
  fluid_sim: "create_fluid_sim",
  timeline_demo: "create_scene_timeline",
  ab_decks: "create_decks",
  foh_dashboard: "create_stage_dashboard",
};

/** Every tool a plan may name, whoever made the plan. */
export const PLANNABLE_TOOLS: readonly string[] = [
  ...new Set([...Object.values(TYPED_TOOLS), "create_generative_art", "create_visual_system", "apply_recipe"]),
].sort();

function singular(w: string): string {
  return w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w;
}

export function requestWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, " ")
    .split(" ")
    .filter(Boolean);
  const out: string[] = [];
  for (const raw of words) {
    const w = raw.replace(/^\.+|\.+$/g, "");
    // Colours and pace are arguments, not what to build.
    if (w === "" || STOP.has(w) || /^[0-9.]+$/.test(w) || w in COLOURS || PACE.has(w)) continue;
    const canonical = SYNONYMS[w] ?? singular(w);
    if (!out.includes(canonical)) out.push(canonical);
  }
  return out;
}

function wordsOf(text: string | null | undefined): Set<string> {
  return new Set(
    (text ?? "")
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w && !STOP.has(w))
      .map((w) => SYNONYMS[w] ?? singular(w)),
  );
}

/** One word is the start of the other and the shorter has at least five letters ("raymarched", "raymarch"). */
function sharesStem(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 5 && long.startsWith(short);
}

interface Vocabulary {
  name: Set<string>;
  tags: Set<string>;
  category: string;
  summary: Set<string>;
  description: Set<string>;
}

function vocabulary(r: ArtistRecipe): Vocabulary {
  return {
    name: wordsOf(r.name.replace(/_/g, " ")),
    tags: new Set(r.tags.flatMap((t) => [...wordsOf(t)])),
    category: r.category,
    summary: wordsOf(r.summary),
    description: wordsOf(r.description),
  };
}

function wordScore(w: string, v: Vocabulary): number {
  const near = (set: Set<string>) => [...set].some((x) => sharesStem(w, x));
  if (v.name.has(w)) return 4;
  if (v.tags.has(w)) return 3;
  if (near(v.name) || near(v.tags)) return 2;
  if (v.category === w) return 2;
  if (v.summary.has(w)) return 1.5;
  if (v.description.has(w)) return 0.5;
  return 0;
}

function match(r: ArtistRecipe, words: readonly string[]): RecipeMatch {
  const v = vocabulary(r);
  let score = 0;
  const matched: string[] = [];
  for (const w of words) {
    const s = wordScore(w, v);
    if (s > 0) {
      score += s;
      matched.push(w);
    }
  }
  // A request that names more of the recipe's name is about that recipe rather than a longer cousin.
  const named = [...v.name].filter((n) => words.some((w) => w === n || sharesStem(w, n))).length;
  if (named > 0) score += named / v.name.size;
  return { recipe: r.name, score: Math.round(score * 100) / 100, matched, summary: r.summary };
}

const DIFFICULTY = ["beginner", "intermediate", "advanced"];
const difficultyRank = (r: ArtistRecipe | undefined) => {
  const i = DIFFICULTY.indexOf(r?.difficulty ?? "");
  return i < 0 ? DIFFICULTY.length : i;
};

/** Best first; on a tie the easier recipe (a vague request gets the gentler start), then by name. */
function rank(recipes: readonly ArtistRecipe[], words: readonly string[]): RecipeMatch[] {
  const byName = new Map(recipes.map((r) => [r.name, r]));
  return recipes
    .map((r) => match(r, words))
    .filter((m) => m.score > 0)
    .sort(
      (a, b) =>
        b.score - a.score ||
        difficultyRank(byName.get(a.recipe)) - difficultyRank(byName.get(b.recipe)) ||
        a.recipe.localeCompare(b.recipe),
    );
}

function numberDefault(p: RecipeParamInfo): number | undefined {
  const n = p.default === null ? NaN : Number(p.default);
  return Number.isFinite(n) ? n : undefined;
}

/** Arguments the request states: a colour, a pace, "<number> <parameter>". */
function argumentsFor(recipe: ArtistRecipe, request: string, reasons: string[]): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  const text = request.toLowerCase();
  const words = text.split(/[^a-z0-9.]+/);
  const colourWord = words.find((w) => w in COLOURS);
  const colourParam =
    ["color", "tint", "ink", "light"]
      .map((n) => recipe.params.find((p) => p.name === n && p.type === "rgb"))
      .find(Boolean) ?? recipe.params.find((p) => p.type === "rgb");
  if (colourWord && colourParam) {
    args[colourParam.name] = COLOURS[colourWord];
    reasons.push(`'${colourWord}' sets ${colourParam.name}`);
  }
  const pace = words.some((w) => ["fast", "faster", "quick"].includes(w))
    ? 2
    : words.some((w) => ["slow", "slower"].includes(w))
      ? 0.5
      : undefined;
  const paceParam = recipe.params.find(
    (p) => ["speed", "rate"].includes(p.name) && (p.type === "float" || p.type === "int"),
  );
  const paceDefault = paceParam && numberDefault(paceParam);
  if (pace !== undefined && paceParam && paceDefault !== undefined && paceDefault > 0) {
    let v = paceDefault * pace;
    if (paceParam.range) v = Math.min(paceParam.range[1], Math.max(paceParam.range[0], v));
    args[paceParam.name] = paceParam.type === "int" ? Math.round(v) : Math.round(v * 1000) / 1000;
    reasons.push(`'${pace > 1 ? "fast" : "slow"}' sets ${paceParam.name} to ${args[paceParam.name]}`);
  }
  for (const m of text.matchAll(/(-?\d+(?:\.\d+)?)\s+([a-z]+)/g)) {
    const value = Number(m[1]);
    const word = singular(m[2]!);
    const p = recipe.params.find((q) => singular(q.name) === word || (q.label !== null && wordsOf(q.label).has(word)));
    if (!p || !(p.type === "float" || p.type === "int")) continue;
    if (p.type === "int" && !Number.isInteger(value)) continue;
    if (p.range && (value < p.range[0] || value > p.range[1])) {
      reasons.push(`${m[0]} is outside ${p.name}'s range ${p.range[0]}..${p.range[1]}, left at its default`);
      continue;
    }
    args[p.name] = value;
    reasons.push(`'${m[0]}' sets ${p.name}`);
  }
  return args;
}

function toolCall(
  recipe: ArtistRecipe,
  args: Record<string, unknown>,
): { tool: string; arguments: Record<string, unknown> } {
  const typed = TYPED_TOOLS[recipe.name];
  if (typed) return { tool: typed, arguments: args };
  const style = Object.entries(GENERATIVE_STYLES).find(([, r]) => r === recipe.name)?.[0];
  if (style) return { tool: "create_generative_art", arguments: { style, settings: args } };
  return { tool: "apply_recipe", arguments: { recipe: recipe.name, arguments: args } };
}

/**
 * Which of two recipes feeds the other. An effect takes a picture in; when both could, the request's
 * main match (`best`) is the effect applied to the other ("chromatic aberration on a kaleidoscope").
 */
function pairOrder(best: ArtistRecipe, other: ArtistRecipe): [source: ArtistRecipe, effect: ArtistRecipe] | undefined {
  if (best.takesInput) return [other, best];
  if (other.takesInput) return [best, other];
  return undefined;
}

export function planVisual(
  request: string,
  recipes: readonly ArtistRecipe[],
  fallback = "glsl_basic",
): VisualPlan | undefined {
  const words = requestWords(request);
  const ranked = rank(recipes, words);
  const byName = new Map(recipes.map((r) => [r.name, r]));
  const alternatives = ranked.slice(0, 5);
  const reasons: string[] = [];
  const best = ranked[0] ? byName.get(ranked[0].recipe) : undefined;
  if (best === undefined) {
    const r = byName.get(fallback) ?? recipes[0];
    if (r === undefined) return undefined;
    reasons.push(
      `no recipe matches ${words.length ? words.map((w) => `'${w}'`).join(", ") : "the request"}; starting from ${r.name}`,
    );
    return { ...toolCall(r, {}), recipes: [r.name], alternatives, reasons };
  }
  reasons.push(`${best.name} matches ${ranked[0]!.matched.map((w) => `'${w}'`).join(", ")}`);

  // Words the best recipe leaves out, which some other recipe covers: a second stage.
  const left = words.filter((w) => !ranked[0]!.matched.includes(w) && ranked.some((m) => m.matched.includes(w)));
  const candidate = left.length
    ? rank(
        recipes.filter((r) => r !== best),
        left,
      )[0]
    : undefined;
  const second = candidate && candidate.score >= SECOND_STAGE_SCORE ? candidate : undefined;
  const other = second && byName.get(second.recipe);
  const pair = other && pairOrder(best, other);
  if (pair) {
    const [source, effect] = pair;
    reasons.push(
      `${other!.name} adds ${second!.matched.map((w) => `'${w}'`).join(", ")}; ${effect.name} processes ${source.name}'s picture`,
    );
    const sourceArgs = argumentsFor(source, request, reasons);
    return {
      tool: "create_visual_system",
      arguments: { source: source.name, source_settings: sourceArgs, effects: [{ recipe: effect.name, settings: {} }] },
      recipes: [source.name, effect.name],
      alternatives,
      reasons,
    };
  }
  const args = argumentsFor(best, request, reasons);
  return { ...toolCall(best, args), recipes: [best.name], alternatives, reasons };
}

/** Every recipe the request's words match, best first (the deterministic plan lists the first five). */
export function matchingRecipes(request: string, recipes: readonly ArtistRecipe[], most = 5): RecipeMatch[] {
  return rank(recipes, requestWords(request)).slice(0, most);
}
