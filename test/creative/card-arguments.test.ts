/** What a card says becomes a builder's arguments; a card's hints are its own, not one added to all. */
import { describe, expect, it } from "vitest";
import { affordancesFor } from "../../runtime/creative/affordances.js";
import { cardFromDraft } from "../../runtime/creative/card.js";
import { cardArguments } from "../../runtime/creative/card-arguments.js";
import { draft } from "./card-fixture.js";

const KALEIDOSCOPE = ["name", "preview", "segments", "spin", "zoom", "drift"];
const GRADE = ["name", "preview", "exposure", "contrast", "gamma", "lift", "saturation", "hue", "tint", "mix"];
const PARTICLES = ["name", "preview", "birth", "life", "gravity", "wind", "turbulence", "size", "color"];
const DITHER = ["name", "preview", "levels", "pixel", "spread", "mono", "light"];

describe("cardArguments", () => {
  it("two cards for the same builder give different arguments: motion sets the tempo, tags a direction", () => {
    const calm = cardFromDraft(draft({ motionLanguage: "a slow drift", tags: ["snow"], palette: ["#ddeeff"] }));
    const wild = cardFromDraft(
      draft({
        sourceUrl: "https://museum.example/2",
        motionLanguage: "",
        tags: ["frantic", "sparks"],
        palette: ["#FF4400"],
      }),
    );
    const a = cardArguments(calm, "create_kaleidoscope", KALEIDOSCOPE);
    const b = cardArguments(wild, "create_kaleidoscope", KALEIDOSCOPE);
    expect(a.args).toEqual({ name: `card_${calm.id.slice(0, 12)}`, spin: 5, drift: 0.1 });
    expect(b.args).toEqual({ name: `card_${wild.id.slice(0, 12)}`, spin: 45, drift: 0.6 });
    expect(a.because).toContain("spin <- motion 'slow' (slow)");
    expect(b.because).toContain("spin <- tags 'frantic' (fast)");
    const p = cardArguments(calm, "create_particle_system", PARTICLES);
    expect(p.args).toMatchObject({ color: "#ddeeff", turbulence: 0.5, gravity: -3 });
    expect(cardArguments(wild, "create_particle_system", PARTICLES).args).toMatchObject({
      color: "#ff4400",
      turbulence: 3,
      gravity: 2,
    });
  });

  it("the palette grades: its first colour tints, its saturation sets the grade's; a monochrome card greys", () => {
    const vivid = cardFromDraft(draft({ palette: ["#ff0000", "#0000ff"] }));
    const muted = cardFromDraft(draft({ sourceUrl: "https://museum.example/3", palette: ["#807870", "#777777"] }));
    expect(cardArguments(vivid, "create_color_grade", GRADE).args).toMatchObject({ tint: "#ff0000", saturation: 1.5 });
    const m = cardArguments(muted, "create_color_grade", GRADE).args;
    expect(m.tint).toBe("#807870");
    expect(m.saturation as number).toBeLessThan(0.4);
    const mono = cardFromDraft(draft({ sourceUrl: "https://museum.example/4", tags: ["black and white"] }));
    expect(cardArguments(mono, "create_color_grade", GRADE).args).toMatchObject({ saturation: 0 });
    expect(cardArguments(mono, "create_dither", DITHER).args).toMatchObject({ mono: true, light: "#ff0000" });
  });

  it("gives nothing the builder does not take, and nothing the card does not say", () => {
    const plain = cardFromDraft(draft({ palette: [], tags: [], motionLanguage: "" }));
    expect(cardArguments(plain, "create_kaleidoscope", KALEIDOSCOPE).args).toEqual({
      name: `card_${plain.id.slice(0, 12)}`,
    });
    const calm = cardFromDraft(draft({ motionLanguage: "calm", palette: ["#123456"] }));
    expect(Object.keys(cardArguments(calm, "create_kaleidoscope", ["name", "segments"]).args)).toEqual(["name"]);
  });
});

describe("affordancesFor", () => {
  it("hints the colour grade only from words about colour, or when nothing else fits", () => {
    expect(affordancesFor("Kaleidoscope Rosette, glass")).toEqual(["create_kaleidoscope"]);
    expect(affordancesFor("Rosette in warm tones")).toEqual(["create_kaleidoscope", "create_color_grade"]);
    expect(affordancesFor("Portrait of a Lady, oil on canvas")).toEqual(["create_color_grade"]);
  });
});
