// The file store's watcher moved to `@src/config` (`watchSourceDirectories`, the file store's `watch`); kept under its old name.
export type { ChangedSources, WatchSourcesOptions } from "@src/config";
export { watchSourceDirectories as watchSources } from "@src/config";
