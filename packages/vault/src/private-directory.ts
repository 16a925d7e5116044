import { chmod, mkdir } from "node:fs/promises";

/** Creates `directory` (and parents) with mode 0700 when missing; an existing directory is left as it is. */
export async function ensurePrivateDirectory(directory: string): Promise<void> {
  const created = await mkdir(directory, { recursive: true, mode: 0o700 });
  if (created !== undefined) await chmod(directory, 0o700);
}
