/** What narrate_set tells the model: each cue's place in the set, from the engine's state. */
import { describe, expect, it } from "vitest";
import { boundedCommentary, setStory } from "../../runtime/copilot/set-story.js";
import type { CueEngine } from "../../runtime/show/cues.js";

const cue = (name: string) => ({
  name,
  fade: 1,
  values: [{ path: "/project1/a", par: "opacity", kind: "num" as const, value: "0.5" }],
});
const engine = (over: Partial<CueEngine>): CueEngine => ({
  comp: "/project1/cues",
  exists: true,
  cues: ["intro", "verse", "drop", "blackout"].map(cue),
  macros: [],
  setlist: [
    { cue: "intro", duration: 10 },
    { cue: "verse", duration: 0 },
    { cue: "drop", duration: 0 },
  ],
  scene: 0,
  current: "",
  fading: false,
  ...over,
});
const states = (e: CueEngine) => setStory(e, []).moments.map((m) => `${m.cue}:${m.state}`);

describe("setStory", () => {
  it("places the setlist's scenes around the one playing, and cues off the setlist after them", () => {
    expect(states(engine({ scene: 2, current: "verse" }))).toEqual([
      "intro:played",
      "verse:playing",
      "drop:upcoming",
      "blackout:ready",
    ]);
  });

  it("a cue fired by hand plays over the scene, wherever it is", () => {
    expect(states(engine({ scene: 1, current: "drop" }))).toEqual([
      "intro:played",
      "verse:upcoming",
      "drop:playing",
      "blackout:ready",
    ]);
    expect(states(engine({ scene: 2, current: "blackout" }))).toEqual([
      "intro:played",
      "verse:played",
      "drop:upcoming",
      "blackout:playing",
    ]);
  });

  it("with the setlist stopped, every scene is ready and only the current cue plays", () => {
    expect(states(engine({ current: "verse" }))).toEqual([
      "intro:ready",
      "verse:playing",
      "drop:ready",
      "blackout:ready",
    ]);
  });

  it("keeps the latest caption of each cue, bounded, and the values each cue sets", () => {
    const story = setStory(engine({ scene: 1, current: "intro" }), [
      { cue: "intro", text: "dark" },
      { cue: "intro", text: "x".repeat(500) },
    ]);
    expect(story.moments[0]).toMatchObject({
      caption: "x".repeat(300),
      values: ["/project1/a opacity -> 0.5"],
      duration: 10,
      scene: 1,
    });
    expect(story.moments[3]).toMatchObject({ scene: null, duration: null, caption: null });
  });

  it("cuts a commentary to its word budget", () => {
    expect(boundedCommentary("  one two  three four ", 3)).toBe("one two three...");
    expect(boundedCommentary("one two", 3)).toBe("one two");
  });
});
