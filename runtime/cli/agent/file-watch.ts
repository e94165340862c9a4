/**
 * Watching files for saves, for `svc-agent watch` and `watch-build`. Node's fs.watch on the
 * folder, not the file: editors that save by writing a new file and renaming it over the old one
 * would leave a watch on the file looking at a deleted inode. Saves are debounced (an editor's
 * save is often several writes) and handled one at a time: a save during a run queues one more run.
 */
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";

export interface WatchTarget {
  /** The folder to watch. */
  dir: string;
  /** Watch its subfolders too. */
  recursive?: boolean;
  /** Which changed names (relative to dir) count. */
  accept(name: string): boolean;
}

export interface WatchOptions {
  debounceMs: number;
  signal: AbortSignal;
  /** Call onChange([]) once as soon as the folders are watched, so no save is missed around it. */
  runAtStart?: boolean;
}

/** A target that accepts one file. */
export function fileTarget(file: string): WatchTarget {
  const full = resolve(file);
  return { dir: dirname(full), accept: (name) => name === basename(full) };
}

/**
 * Calls `onChange` with the names changed since the last call, after `debounceMs` without
 * further changes; resolves once `signal` aborts and no call is running.
 */
export function watchFiles(
  targets: readonly WatchTarget[],
  onChange: (changed: string[]) => Promise<void>,
  options: WatchOptions,
): Promise<void> {
  return new Promise((resolveDone, reject) => {
    const changed = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const watchers: FSWatcher[] = [];

    const finish = () => {
      clearTimeout(timer);
      for (const w of watchers) w.close();
      void (running ?? Promise.resolve()).then(() => resolveDone(), reject);
    };
    const fire = (atStart = false) => {
      timer = undefined;
      if (running !== undefined || (changed.size === 0 && !atStart) || options.signal.aborted) return;
      const names = [...changed].sort();
      changed.clear();
      running = onChange(names).then(
        () => {
          running = undefined;
          if (changed.size > 0 && !options.signal.aborted) schedule();
        },
        (err: unknown) => {
          running = undefined;
          for (const w of watchers) w.close();
          reject(err);
        },
      );
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fire(), options.debounceMs);
    };

    for (const target of targets) {
      const watcher = watch(target.dir, { recursive: target.recursive === true }, (_event, name) => {
        if (name === null) return;
        const rel = String(name);
        if (!target.accept(rel)) return;
        changed.add(relative(process.cwd(), resolve(target.dir, rel)) || rel);
        if (running === undefined) schedule();
      });
      watcher.on("error", (err) => {
        for (const w of watchers) w.close();
        reject(err);
      });
      watchers.push(watcher);
    }
    if (options.signal.aborted) finish();
    else {
      options.signal.addEventListener("abort", finish, { once: true });
      if (options.runAtStart) fire(true);
    }
  });
}

/** An AbortSignal that SIGINT or SIGTERM abort (Ctrl+C stops a watch cleanly). */
export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    },
  };
}
