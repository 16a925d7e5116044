// The file store's watcher moved to `@src/config` (`watchSourceDirectories`, the file store's `watch`); kept under its old name.
export { type ChangedSources, type WatchSourcesOptions, watchSourceDirectories as watchSources } from "@src/config";
