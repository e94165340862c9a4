/** A valid card draft for the repertoire tests; each test overrides what it is about. */
import type { CardDraft } from "../../runtime/creative/card.js";

export const draft = (over: Partial<CardDraft> = {}): CardDraft => ({
  type: "artwork",
  title: "Composition with Red",
  artist: "A. Painter",
  sourceName: "Test Museum",
  sourceUrl: "https://museum.example/objects/1",
  license: "CC0",
  rightsNotes: "CC0 per the museum's open access policy",
  year: 1921,
  medium: "oil on canvas",
  materials: "",
  visualLanguage: "grid, primary colours",
  motionLanguage: "",
  tools: ["oil paint"],
  tags: ["abstract", "grid"],
  interaction: null,
  lighting: null,
  palette: ["#ff0000", "#0000ff"],
  svcAffordances: ["create_color_grade"],
  body: "Flat planes held by black lines.",
  ...over,
});
