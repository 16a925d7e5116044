import { randomBytes } from "node:crypto";
import path from "node:path";
import { decodeVaultKey } from "./key-source";
import { writeFileAtomic } from "@src/file-lock";
import { ensurePrivateDirectory } from "./private-directory";
import { openPrivateFile } from "./open-private-file";
import { signatureOf } from "./file-signature";

/**
 * Reads the key file, or returns `undefined` when it does not exist. A symbolic
 * link (even dangling), a non-regular file, or a file the group or others may
 * access is a `VaultUnsafeFileError`; a file that does not hold 32 bytes of
 * base64 is an `InvalidVaultKeyError`.
 */
export async function readKeyFile(file: string): Promise<Buffer | undefined> {
  return (await readKeyFileVersion(file))?.key;
}

/** `readKeyFile`, with the signature of the file version read (taken from the open file, so it is the version the key came from). */
export async function readKeyFileVersion(file: string): Promise<{ key: Buffer; signature: string } | undefined> {
  const opened = await openPrivateFile(file, { role: "key file", ownerOnly: true });
  if (opened === undefined) return undefined;
  let text: string;
  try {
    text = await opened.handle.readFile("utf8");
  } finally {
    await opened.handle.close();
  }
  return { key: decodeVaultKey(text, `key file ${file}`), signature: signatureOf(opened.stats) };
}

/**
 * Returns the key in `file`, creating it with 32 random bytes (mode 0600, in a
 * 0700 directory) when it is missing. Creation is exclusive: the complete key
 * is written to a temporary file and hard-linked into place, which fails if
 * the file appeared meanwhile, so processes racing on first use agree on one key.
 */
export async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  const existing = await readKeyFile(file);
  if (existing !== undefined) return existing;
  await ensurePrivateDirectory(path.dirname(file));
  const key = randomBytes(32);
  try {
    await writeFileAtomic(file, `${key.toString("base64")}\n`, { exclusive: true });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = await readKeyFile(file);
    if (winner === undefined) throw error;
    return winner;
  }
}
