import type { Readable } from "node:stream";
import { createInterface } from "node:readline";

/** A child's output lines taken one at a time as they come; undefined once it closed. */
export function lineReader(stream: Readable): () => Promise<string | undefined> {
  const queued: string[] = [];
  const waiting: ((line: string | undefined) => void)[] = [];
  let ended = false;
  createInterface({ input: stream })
    .on("line", (line) => {
      const taker = waiting.shift();
      if (taker) taker(line);
      else queued.push(line);
    })
    .on("close", () => {
      ended = true;
      for (const w of waiting.splice(0)) w(undefined);
    });
  return () =>
    queued.length > 0
      ? Promise.resolve(queued.shift())
      : ended
        ? Promise.resolve(undefined)
        : new Promise((r) => waiting.push(r));
}
