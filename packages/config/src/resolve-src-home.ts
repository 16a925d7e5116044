import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** Options of `resolveSrcHome`. */
export interface ResolveSrcHomeOptions {
  /** An explicit home directory; wins over everything. Default: none. */
  readonly home?: string | undefined;
  /** Environment to read `SRC_HOME` from. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The src home directory as an absolute path: `home`, else `$SRC_HOME` (when
 * set and not empty), else `~/.src`.
 */
export function resolveSrcHome({ home, env = process.env }: ResolveSrcHomeOptions = {}): string {
  if (home !== undefined && home !== "") return resolve(home);
  const fromEnvironment = env.SRC_HOME;
  if (fromEnvironment !== undefined && fromEnvironment !== "") return resolve(fromEnvironment);
  return join(homedir(), ".src");
}
