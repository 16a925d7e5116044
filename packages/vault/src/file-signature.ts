import type { Stats } from "node:fs";

/**
 * Identifies one version of a file (device, inode, size, modification and change times): a different value means
 * the file was written, replaced (a rename over it gives a new inode) or had its mode changed.
 */
export function signatureOf(stats: Stats): string {
  return [stats.dev, stats.ino, stats.size, stats.mtimeMs, stats.ctimeMs].join(":");
}
