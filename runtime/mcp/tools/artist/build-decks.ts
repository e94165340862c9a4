/**
 * Decks: N recipes played at once, each faded by its own control on the network's panel and mixed
 * into one output. The fade binds a Level TOP's brightness and opacity to the deck's control, so a
 * deck at 0 adds nothing whatever the mix operation. Loaded on the tool's first call.
 */
import type * as A from "../../../../grammar/ast.js";
import { NO_RANGE } from "../../../../diagnostics/source-range.js";
import type { ToolContext } from "../registry.js";
import type { ToolOutcome } from "../result.js";
import { checkedArguments, findRecipe, isFailure, toolRecipe } from "./find-recipe.js";
import { ident, NetworkDraft, nodeDecl, num, param, type RecipeUse } from "./network-source.js";
import { loadArtistCatalog } from "./recipe-catalog.js";
import type { ArgumentValue } from "./recipe-arguments.js";
import { runArtist, type ArtistData } from "./run-artist.js";

export interface Deck {
  recipe: string;
  settings: Record<string, ArgumentValue>;
  level: number;
}

const r = NO_RANGE;

/** The recipe of the A/B pair: two inputs, a crossfader and a blend. */
const AB_RECIPE = "ab_decks";

function fader(name: string, level: number, label: string): A.Declaration {
  return {
    kind: "Declaration",
    name: ident(name),
    type: ident("float"),
    default: num(level),
    valueRange: { min: num(0), max: num(1), range: r },
    clamp: true,
    label: { kind: "String", value: label, range: r },
    entries: null,
    range: r,
  };
}

export async function buildDecks(
  name: string,
  decks: readonly Deck[],
  mix: string,
  preview: number,
  ctx: ToolContext,
): Promise<ToolOutcome<ArtistData>> {
  const catalog = await loadArtistCatalog();
  const draft = new NetworkDraft(name, [
    `${decks.length} decks mixed with '${mix}'; each Deck control fades its deck.`,
  ]);
  const mixer = draft.add(nodeDecl("mix", "compositeTOP", [param("operand", { kind: "Name", name: mix, range: r })]));
  for (const [i, deck] of decks.entries()) {
    const recipe = findRecipe(catalog, deck.recipe);
    if (isFailure(recipe)) return recipe;
    const params = checkedArguments(recipe, deck.settings);
    if (isFailure(params))
      return {
        ...params,
        error: { ...params.error, message: `deck ${i + 1} (${recipe.name}): ${params.error.message}` },
      };
    const n = i + 1;
    const control = `Deck${n}`;
    draft.controls.push(fader(control, deck.level, `Deck ${n}: ${recipe.name}`));
    const use: RecipeUse = { node: `deck${n}`, recipe, params };
    draft.use(use);
    const bound: A.BindValue = { kind: "Bind", operator: null, parameter: ident(control), range: r };
    const fade = draft.add(nodeDecl(`fade${n}`, "levelTOP", [param("brightness1", bound), param("opacity", bound)]));
    draft.connect(draft.pictureOf(use), fade);
    draft.connect(fade, mixer, i);
  }
  draft.output(mixer);
  return runArtist(
    draft,
    decks.map((d) => d.recipe),
    preview,
    ctx,
  );
}

/** The classic pair: the ab_decks recipe, its two inputs fed by live TOPs when given. */
export async function buildAbDecks(
  name: string,
  args: Record<string, ArgumentValue>,
  sources: { a?: string | undefined; b?: string | undefined },
  preview: number,
  ctx: ToolContext,
): Promise<ToolOutcome<ArtistData>> {
  const catalog = await loadArtistCatalog();
  const recipe = toolRecipe(catalog, AB_RECIPE, "create_decks");
  if (isFailure(recipe)) return recipe;
  const params = checkedArguments(recipe, args);
  if (isFailure(params)) return params;
  const draft = new NetworkDraft(name);
  const use: RecipeUse = { node: "decks1", recipe, params };
  draft.use(use);
  if (sources.a !== undefined) draft.connect(draft.select("deck_a", sources.a), use.node, 0);
  if (sources.b !== undefined) draft.connect(draft.select("deck_b", sources.b), use.node, 1);
  draft.output(draft.pictureOf(use));
  return runArtist(draft, [recipe.name], preview, ctx);
}
