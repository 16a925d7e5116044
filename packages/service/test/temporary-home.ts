import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A fresh `SRC_HOME` in the temp dir, with its own vault key, and a way to read every file in it. */
export async function createTemporaryHome(): Promise<{
  home: string;
  env: Record<string, string>;
  allFileBytes(): Promise<Buffer>;
  remove(): Promise<void>;
}> {
  const home = await mkdtemp(join(tmpdir(), "src-service-"));
  const env = { SRC_HOME: home, SRC_VAULT_KEY: randomBytes(32).toString("base64") };
  async function allFileBytes(): Promise<Buffer> {
    const entries = await readdir(home, { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    return Buffer.concat(await Promise.all(files.map((file) => readFile(file))));
  }
  return { home, env, allFileBytes, remove: () => rm(home, { recursive: true, force: true }) };
}
