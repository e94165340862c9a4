/**
 * Starting a layout worker before a large program is parsed. A fresh worker spends a few hundred
 * milliseconds loading ELK; started while the compiling thread parses and checks (which takes at
 * least as long), it has ELK loaded when the levels arrive. (Warm-up layouts meanwhile, on a small
 * graph, did not pay on two cores: the parse needs one core, the worker's loading the other.)
 * The program's size is not known before it is parsed, so its source's is used: the compiler's
 * host reports each file it reads, and once they add up to what `workerThreshold` nodes take, a
 * worker starts.
 */
import type { CompilerHost } from "../resolve/host.js";
import { startLayoutPool, WORKER_THRESHOLD } from "./run-elk.js";

/**
 * Source characters per node, at the low end (a node with a few parameters and its wires): a
 * source this size has about `workerThreshold` nodes or more. Recipes used many times make more
 * nodes from less source; such a program starts its worker when its levels are sent.
 */
const CHARACTERS_PER_NODE = 80;

/**
 * `host`, starting a layout worker once the files read through it add up to a program above
 * `workerThreshold` nodes. An input given as text counts as read.
 */
export function hostStartingLayout(
  host: CompilerHost,
  entryText: string | undefined,
  workerThreshold = WORKER_THRESHOLD,
): CompilerHost {
  const enough = workerThreshold * CHARACTERS_PER_NODE;
  let read = entryText?.length ?? 0;
  let started = false;
  const count = (characters: number) => {
    read += characters;
    if (!started && read > enough) {
      started = true;
      startLayoutPool();
    }
  };
  count(0);
  return {
    readFile(path) {
      const result = host.readFile(path);
      if (result.ok) count(result.text.length);
      return result;
    },
    resolve: (from, relative) => host.resolve(from, relative),
    ...(host.spec === undefined ? {} : { spec: host.spec }),
  };
}
