/**
 * narrate_set and `svc-agent narrate-set`: a written running commentary of a set. The cue engine is
 * read back (its cues, setlist and what plays now), the output TOP is captioned by the vision model
 * when one is named, and the chat model writes the commentary from those facts (set-story.ts).
 */
import type { BridgeClient } from "../engine/index.js";
import { readCueEngine } from "../show/cues.js";
import { askModel } from "./ask-model.js";
import type { LlmConfig } from "./llm-config.js";
import type { OllamaClient } from "./ollama-client.js";
import { boundedCommentary, narrationRequest, setStory, type Caption, type SetStory } from "./set-story.js";
import { captionTop } from "./vision.js";

export class NoCueEngineError extends Error {
  readonly code = "no-cue-engine";
  constructor(comp: string) {
    super(`${comp} is not a cue engine (it has no cues table); build one with manage_cue, or name the engine's COMP`);
    this.name = "NoCueEngineError";
  }
}

export interface NarrationOptions {
  /** The cue engine's COMP. */
  engine: string;
  /** A TOP to caption now, as what the current cue shows. */
  output?: string;
  /** Earlier captions (a running commentary keeps them). */
  captions?: readonly Caption[];
  maxWords: number;
  /** The commentary so far: with it, only the next line is written. */
  previous?: readonly string[];
  size?: number;
  signal?: AbortSignal;
}

export interface Narration {
  commentary: string;
  story: SetStory;
  /** The caption taken now, when an output was named. */
  caption: Caption | null;
  model: string;
}

export async function narrateSet(
  bridge: BridgeClient,
  client: OllamaClient,
  config: Pick<LlmConfig, "model" | "visionModel">,
  options: NarrationOptions,
): Promise<Narration> {
  const engine = await readCueEngine(bridge, options.engine);
  if (!engine.exists) throw new NoCueEngineError(options.engine);
  let caption: Caption | null = null;
  if (options.output) {
    const seen = await captionTop(bridge, client, config, options.output, options.size ?? 512, options.signal);
    caption = { cue: engine.current || "(no cue yet)", text: seen.text };
  }
  const story = setStory(engine, [...(options.captions ?? []), ...(caption ? [caption] : [])]);
  const request = narrationRequest(story, {
    maxWords: options.maxWords,
    ...(options.previous ? { previous: options.previous } : {}),
  });
  const text = await askModel(client, { ...request, ...(options.signal ? { signal: options.signal } : {}) });
  return { commentary: boundedCommentary(text, options.maxWords), story, caption, model: config.model };
}
