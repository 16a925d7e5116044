import { join } from "node:path";
import { sourceDirectoryOf, sourceFileName, sourceLockPathOf } from "./source-paths";

/** Where each source's folder, `config.json` and lock file are under `sourcesDirectory`. */
export interface SourceFileIndex {
  directoryOf(this: void, slug: string): string;
  fileOf(this: void, slug: string): string;
  lockFileOf(this: void, slug: string): string;
  /** Forgets the remembered path of a removed source. */
  forget(this: void, slug: string): void;
}

/** The paths of the sources under `sourcesDirectory`; the `config.json` paths are remembered (bounded). */
export function createSourceFileIndex(sourcesDirectory: string): SourceFileIndex {
  const directoryOf = (slug: string): string => sourceDirectoryOf(sourcesDirectory, slug);
  // Checking a slug and resolving its path is measurable on an agent call's hot path: remember the answers (bounded).
  const filesBySlug = new Map<string, string>();
  const fileOf = (slug: string): string => {
    let file = filesBySlug.get(slug);
    if (file === undefined) {
      file = join(directoryOf(slug), sourceFileName);
      if (filesBySlug.size >= 16_384) filesBySlug.clear();
      filesBySlug.set(slug, file);
    }
    return file;
  };
  return {
    directoryOf,
    fileOf,
    lockFileOf: (slug) => sourceLockPathOf(sourcesDirectory, slug),
    forget: (slug) => void filesBySlug.delete(slug),
  };
}
