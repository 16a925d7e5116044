import { join, relative, resolve, sep } from "node:path";
import { SourceValidationError } from "../errors/source-validation-error";
import { slugSchema } from "../source-schema";

/** Name of the record file inside a source directory. */
export const sourceFileName = "config.json";

/** `$SRC_HOME/sources`. */
export function sourcesDirectoryOf(home: string): string {
  return join(home, "sources");
}

/**
 * `$SRC_HOME/sources/{slug}`, after checking the slug again, so that no slug
 * (`..`, `a/b`, `a\b`, an absolute path) can name a path outside the sources directory.
 */
export function sourceDirectoryOf(sourcesDirectory: string, slug: string): string {
  const result = slugSchema.safeParse(slug);
  if (!result.success) {
    throw new SourceValidationError({
      issues: result.error.issues.map((issue) => ({ path: "slug", message: issue.message })),
    });
  }
  const directory = resolve(sourcesDirectory, slug);
  const inside = relative(resolve(sourcesDirectory), directory);
  if (inside === "" || inside.startsWith("..") || inside.includes(sep)) {
    throw new SourceValidationError({
      issues: [{ path: "slug", message: "must name a directory directly inside the sources directory" }],
    });
  }
  return directory;
}

/** Hidden directory of `sources/` holding one lock per slug; `list()` skips hidden entries. */
export const lockDirectoryName = ".locks";

/**
 * `$SRC_HOME/sources/.locks/{slug}.lock`: the inter-process write lock of one
 * source. Outside the source's own directory, so `create` can take it before
 * the directory exists and `remove` can delete the directory while holding it.
 */
export function sourceLockPathOf(sourcesDirectory: string, slug: string): string {
  sourceDirectoryOf(sourcesDirectory, slug);
  return join(sourcesDirectory, lockDirectoryName, `${slug}.lock`);
}
