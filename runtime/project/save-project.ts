/**
 * Saving the project through the bridge (`POST /api/project/save`): Save, or Save As. When the
 * Save As target exists and `askToOverwrite` is set, the artist is asked in TouchDesigner through
 * the broker; only their Overwrite, used once by the bridge, replaces the file.
 */
import { type BridgeClient, BridgeError } from "../engine/index.js";
import { askArtist } from "../broker/ask-artist.js";

export interface SaveOptions {
  /** Save As: an absolute .toe path (inside the project folder or SVC_BRIDGE_EXPORT_DIR). */
  filePath?: string;
  askToOverwrite?: boolean;
  ttlSeconds?: number;
  signal?: AbortSignal;
  progress?: (message: string) => void;
}

export type SaveOutcome =
  | { saved: true; saveAs: boolean; filePath: string | null; name: string; folder: string; asked: boolean }
  | { saved: false; filePath: string; reason: string; interaction: string };

interface SaveReply {
  save_as: boolean;
  file_path: string | null;
  name: string;
  folder: string;
}

export async function saveProject(client: BridgeClient, options: SaveOptions = {}): Promise<SaveOutcome> {
  const body = options.filePath === undefined ? {} : { file_path: options.filePath };
  const done = (r: SaveReply, asked: boolean): SaveOutcome => ({
    saved: true,
    saveAs: r.save_as,
    filePath: r.file_path,
    name: r.name,
    folder: r.folder,
    asked,
  });
  try {
    return done(await client.post<SaveReply>("/api/project/save", body), false);
  } catch (err) {
    if (
      !(err instanceof BridgeError) ||
      err.code !== "file_exists" ||
      !options.askToOverwrite ||
      options.filePath === undefined
    )
      throw err;
  }
  options.progress?.(`${options.filePath} exists: asking the artist in TouchDesigner whether to replace it`);
  const answer = await askArtist(client, {
    kind: "file_overwrite",
    target: options.filePath,
    ttlSeconds: options.ttlSeconds ?? 30,
    message: "An assistant asks to save the project over this file.",
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  if (answer.choice !== "Overwrite") {
    const reason =
      answer.reason === "chosen" ? "the artist chose Keep" : `no decision (${answer.reason}), so the file was kept`;
    return { saved: false, filePath: options.filePath, reason, interaction: answer.id };
  }
  return done(await client.post<SaveReply>("/api/project/save", { ...body, interaction_id: answer.id }), true);
}
