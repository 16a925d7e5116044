import { watch, mkdirSync, readdirSync, type FSWatcher } from "node:fs";
import { basename, join } from "node:path";
import { createChangeBurst } from "./change-burst";
import type { ChangedSources, SourceWatch } from "./source-store-contract";

/** Options of `watchSourceDirectories`. */
export interface WatchSourcesOptions {
  /** The `SRC_HOME` directory. */
  home: string;
  /** Quiet time before a burst of file events is reported once. Default 150 ms. */
  debounceMs?: number | undefined;
}

/**
 * Calls `listener` once after each burst of changes under `$SRC_HOME/sources`
 * (another process, or an operator editing `config.json`) with the slugs the
 * burst touched (the name of the directory under `sources/`; `undefined`
 * when an event cannot be tied to a slug or a watch failed). Returns a
 * function that stops watching, whose `catchUp()` reports at once what the
 * kernel has already queued (a change finished before it was called). The
 * file store's `watch`.
 *
 * Watches `sources/` and each `sources/<slug>/` directory without `recursive`:
 * Node 20's recursive watcher on Linux follows file inodes, so after one atomic
 * replace of `config.json` (write a temp file, rename it over) later edits of
 * that file went unseen. Directory watches survive replaced files.
 */
export function watchSourceDirectories(
  { home, debounceMs = 150 }: WatchSourcesOptions,
  listener: (changed: ChangedSources) => void,
): SourceWatch {
  const directory = join(home, "sources");
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const watchers = new Map<string, FSWatcher>();
  let stopped = false;
  /** Whether `sources/` itself changed in this burst (a directory added or removed): its list is read once per burst, not once per event. */
  let directoriesChanged = false;
  const burst = createChangeBurst(debounceMs, (changed) => {
    if (directoriesChanged) {
      directoriesChanged = false;
      syncSourceDirectories();
    }
    listener(changed);
  });
  const changed = (slug: string | undefined): void => burst.add(slug);

  const watchDirectory = (path: string): void => {
    if (stopped || watchers.has(path)) return;
    try {
      const watcher = watch(path, { persistent: false }, (_event, name) => {
        // `sources/.locks/` holds the store's lock files: taking a lock changes no source.
        if (path === directory && name?.startsWith(".") === true) return;
        // In sources/ the name is the slug's directory; in sources/<slug>/ the directory is the slug.
        if (path === directory) directoriesChanged = true;
        changed(path === directory ? (name ?? undefined) : basename(path));
      });
      watcher.on("error", () => {
        watcher.close();
        watchers.delete(path);
        changed(path === directory ? undefined : basename(path));
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
    const present = new Set(
      entries
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
        .map((entry) => join(directory, entry.name)),
    );
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
  const stop: SourceWatch = () => {
    stopped = true;
    burst.stop();
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
  };
  stop.catchUp = () => burst.catchUp();
  return stop;
}
