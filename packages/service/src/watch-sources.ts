import { watch, mkdirSync, type FSWatcher } from "node:fs";
import { join } from "node:path";

/** Options of `watchSources`. */
export interface WatchSourcesOptions {
  /** The `SRC_HOME` directory. */
  home: string;
  /** Quiet time before a burst of file events is reported once. Default 150 ms. */
  debounceMs?: number;
}

/**
 * Calls `listener` once after each burst of changes under `$SRC_HOME/sources`
 * (another process, or an operator editing `config.json`). Returns a function
 * that stops watching.
 */
export function watchSources({ home, debounceMs = 150 }: WatchSourcesOptions, listener: () => void): () => void {
  const directory = join(home, "sources");
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined = watch(directory, { recursive: true, persistent: false }, () => {
    clearTimeout(timer);
    timer = setTimeout(listener, debounceMs);
  });
  watcher.on("error", () => undefined);
  return () => {
    clearTimeout(timer);
    watcher?.close();
    watcher = undefined;
  };
}
