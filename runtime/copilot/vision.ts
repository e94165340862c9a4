/**
 * A local vision model reading a TOP's picture: a caption (caption_top, narrate_set), an answer to a
 * question about it (copilot_vision), or a critique against what the artist asked for
 * (enhance_build). The picture is the TOP's own image read through the bridge (top-image.ts); the
 * model is the configured vision model. Answers are bounded; the question and the request are the
 * artist's words, passed as data.
 */
import type { BridgeClient } from "../engine/index.js";
import { askModel } from "./ask-model.js";
import type { LlmConfig } from "./llm-config.js";
import type { OllamaClient } from "./ollama-client.js";
import { readTopImage, type TopImage } from "./top-image.js";

const MAX_CAPTION_CHARS = 400;
const MAX_ANSWER_CHARS = 2000;

export interface SeenTop {
  image: TopImage;
  text: string;
  model: string;
}

const CAPTION_TASK =
  "You caption frames of a live visual show for its operators. Describe the picture in one sentence of at most 30 words: shapes, colours, texture, composition. Say only what is visible; do not guess what made it.";
const QUESTION_TASK =
  "You look at one frame of a live visual show and answer the operator's question about it from the picture alone. If the picture does not show the answer, say so. At most 120 words.";

function bounded(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
}

async function look(
  bridge: BridgeClient,
  client: OllamaClient,
  config: Pick<LlmConfig, "visionModel">,
  path: string,
  size: number,
  system: string,
  user: string,
  max: number,
  signal?: AbortSignal,
): Promise<SeenTop> {
  const image = await readTopImage(bridge, path, size);
  const text = await askModel(client, {
    system,
    user,
    images: [image.png.toString("base64")],
    model: config.visionModel,
    ...(signal ? { signal } : {}),
  });
  return { image, text: bounded(text, max), model: config.visionModel };
}

export function captionTop(
  bridge: BridgeClient,
  client: OllamaClient,
  config: Pick<LlmConfig, "visionModel">,
  path: string,
  size: number,
  signal?: AbortSignal,
): Promise<SeenTop> {
  return look(bridge, client, config, path, size, CAPTION_TASK, `The frame of ${path}.`, MAX_CAPTION_CHARS, signal);
}

export function askAboutTop(
  bridge: BridgeClient,
  client: OllamaClient,
  config: Pick<LlmConfig, "visionModel">,
  path: string,
  question: string,
  size: number,
  signal?: AbortSignal,
): Promise<SeenTop> {
  return look(
    bridge,
    client,
    config,
    path,
    size,
    QUESTION_TASK,
    `The frame of ${path}. Question: ${question}`,
    MAX_ANSWER_CHARS,
    signal,
  );
}

/** A critique of a built look against the request, in the shape enhance_build reads back. */
export function critiqueTop(
  bridge: BridgeClient,
  client: OllamaClient,
  config: Pick<LlmConfig, "visionModel">,
  path: string,
  request: string,
  size: number,
  signal?: AbortSignal,
): Promise<SeenTop> {
  const system =
    "You review one frame of a look built for a live visual show against what the artist asked for. In at most 60 words say what matches and what to change (colour, speed, density, brightness), concretely. Say only what the picture shows.";
  return look(
    bridge,
    client,
    config,
    path,
    size,
    system,
    `The frame of ${path}. The artist asked for: ${request}`,
    MAX_CAPTION_CHARS,
    signal,
  );
}
