import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";

/** A fresh SRC_HOME and a random vault key, removed by `cleanup`. */
export interface TempHome {
  home: string;
  /** `SRC_HOME` and `SRC_VAULT_KEY` for a child process. */
  env: Record<string, string>;
  cleanup(): Promise<void>;
  /** The path and bytes (latin1) of every file under the home. */
  files(): Promise<{ path: string; text: string }[]>;
}

/** Creates a temp SRC_HOME under the OS temp directory. */
export async function createTempHome(): Promise<TempHome> {
  const home = await mkdtemp(join(tmpdir(), "src-cli-test-"));
  return {
    home,
    env: { SRC_HOME: home, SRC_VAULT_KEY: randomBytes(32).toString("base64") },
    cleanup: () => rm(home, { recursive: true, force: true }),
    async files() {
      const entries = await readdir(home, { withFileTypes: true, recursive: true });
      const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
      return Promise.all(files.map(async (path) => ({ path, text: (await readFile(path)).toString("latin1") })));
    },
  };
}

/**
 * Fails (naming none of them) when any of `secrets` is in one of `outputs` or in a file under `temp`'s home: the
 * afterEach scan of the OAuth tests.
 */
export async function expectNoSecretLeaked(
  secrets: readonly string[],
  outputs: readonly string[],
  temp: TempHome,
): Promise<void> {
  const everything = [...outputs, ...(await temp.files()).map((file) => file.text)].join("\n");
  for (const secret of secrets)
    expect(
      everything.includes(secret),
      "a token or the client secret leaked into an output or a file under SRC_HOME",
    ).toBe(false);
}
