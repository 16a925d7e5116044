import { watch, mkdirSync, readdirSync, type FSWatcher } from "node:fs";
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
 *
 * Watches `sources/` and each `sources/<slug>/` directory without `recursive`:
 * Node 20's recursive watcher on Linux follows file inodes, so after one atomic
 * replace of `config.json` (write a temp file, rename it over) later edits of
 * that file went unseen. Directory watches survive replaced files.
 */
export function watchSources({ home, debounceMs = 150 }: WatchSourcesOptions, listener: () => void): () => void {
  const directory = join(home, "sources");
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const changed = (): void => {
    clearTimeout(timer);
    timer = setTimeout(listener, debounceMs);
  };

  const watchDirectory = (path: string): void => {
    if (stopped || watchers.has(path)) return;
    try {
      const watcher = watch(path, { persistent: false }, (_event, name) => {
        // `sources/.locks/` holds the store's lock files: taking a lock changes no source.
        if (path === directory && name?.startsWith(".") === true) return;
        changed();
        if (path === directory) syncSourceDirectories();
      });
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(path);
      });
      watchers.set(path, watcher);
    } catch {
      // The directory vanished between listing and watching; the next event of sources/ lists again.
    }
  };

  /** Starts watching new `sources/<slug>/` directories and stops watching removed ones. */
  function syncSourceDirectories(): void {
    let entries;
    try {
      entries = readdirSync(directory, { withFileTypes: true });
    } catch {
      return;
    }
    const present = new Set(entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith(".")).map((entry) => join(directory, entry.name)));
    for (const path of present) watchDirectory(path);
    for (const [path, watcher] of watchers) {
      if (path !== directory && !present.has(path)) {
        watcher.close();
        watchers.delete(path);
      }
    }
  }

  watchDirectory(directory);
  syncSourceDirectories();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
}
